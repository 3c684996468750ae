/** The answer to a problem as the game shows it ('7 × 8 = ?', '9 − 4 = ?', '12 ÷ 4 = ?', '25% of 40 = ?'). */
export function solve(text: string): string {
  const percent = /^(\d+)% of (\d+) = \?$/.exec(text);
  if (percent) return String(Math.round((Number(percent[1]) * Number(percent[2])) / 100));
  // The screen's minus is U+2212; a hyphen (the stored results' form) is read the same.
  const match = /^£?([\d.]+) ([+\-\u2212×÷]) £?([\d.]+) = \?$/.exec(text);
  if (!match) throw new Error(`cannot read problem: ${text}`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  const sign = match[2] === "\u2212" ? "-" : (match[2] as "+" | "-" | "×" | "÷");
  const result = { "+": a + b, "-": a - b, "×": a * b, "÷": a / b }[sign];
  return Number.isInteger(result) ? String(result) : result.toFixed(2);
}
