/** The answer to a problem as the game shows it ('7 × 8 = ?', '12 ÷ 4 = ?', '25% of 40 = ?'). */
export function solve(text: string): string {
  const percent = /^(\d+)% of (\d+) = \?$/.exec(text);
  if (percent) return String(Math.round((Number(percent[1]) * Number(percent[2])) / 100));
  const match = /^£?([\d.]+) ([+\-×÷]) £?([\d.]+) = \?$/.exec(text);
  if (!match) throw new Error(`cannot read problem: ${text}`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  const result = { "+": a + b, "-": a - b, "×": a * b, "÷": a / b }[match[2] as "+" | "-" | "×" | "÷"];
  return Number.isInteger(result) ? String(result) : result.toFixed(2);
}
