import { describe, expect, it } from "vitest";
import {
  MINUS_SIGN,
  SOLO_ADD_RANGES,
  SOLO_MULTIPLY_RANGES,
  answersMayBeDecimal,
  difficultyHint,
  formatNumber,
  formatProblem,
  operatorSymbol,
  problemSequence,
  problemTextForScreen,
  spokenProblem,
  type Operator,
} from "../../../app/game";
import { ALL_SPECS } from "./helpers";

const problem = (num1: number, operator: Operator, num2: number, answer = 0) => ({ num1, num2, operator, answer });

describe("formatProblem", () => {
  it("shows '*' as ×", () => {
    expect(formatProblem(problem(7, "*", 8, 56))).toEqual({
      text: "7 × 8 = ?",
      display: "7 × 8 = ?",
      vertical: false,
      top: "7",
      bottom: "8",
      symbol: "×",
    });
  });

  it("shows '/' and '÷' as ÷, '+' as it is, and '-' as the minus sign U+2212 on screen", () => {
    expect(formatProblem(problem(56, "/", 7, 8)).display).toBe("56 ÷ 7 = ?");
    expect(formatProblem(problem(56, "÷", 7, 8)).display).toBe("56 ÷ 7 = ?");
    expect(formatProblem(problem(3, "+", 4, 7)).display).toBe("3 + 4 = ?");
    expect(formatProblem(problem(9, "-", 4, 5)).display).toBe("9 \u2212 4 = ?");
    expect(formatProblem(problem(9, "-", 4, 5)).symbol).toBe(MINUS_SIGN);
    expect(operatorSymbol("-")).toBe("\u2212");
    expect(operatorSymbol("*")).toBe("×");
  });

  it("keeps the stored text as records have always had it: a hyphen for minus", () => {
    expect(formatProblem(problem(56, "/", 7, 8)).text).toBe("56 ÷ 7 = ?");
    expect(formatProblem(problem(3, "+", 4, 7)).text).toBe("3 + 4 = ?");
    expect(formatProblem(problem(9, "-", 4, 5)).text).toBe("9 - 4 = ?");
    expect(formatProblem(problem(99.99, "-", 0.01, 99.98)).text).toBe("£99.99 - £0.01 = ?");
  });

  it("shows '% of' as 'N% of M = ?', never vertical", () => {
    expect(formatProblem(problem(25, "% of", 40, 10))).toEqual({
      text: "25% of 40 = ?",
      display: "25% of 40 = ?",
      vertical: false,
      top: "25%",
      bottom: "40",
      symbol: "of",
    });
    expect(formatProblem(problem(25, "% of", 40, 10)).display).toBe("25% of 40 = ?");
    expect(formatProblem(problem(75, "% of", 209, 157)).vertical).toBe(false);
  });

  it("shows decimals below 1000 as pounds with two decimals", () => {
    expect(formatProblem(problem(12.5, "+", 3.25, 15.75)).text).toBe("£12.50 + £3.25 = ?");
    expect(formatProblem(problem(99.99, "-", 0.01, 99.98)).display).toBe("£99.99 \u2212 £0.01 = ?");
    expect(formatProblem(problem(99.99, "-", 0.01, 99.98)).text).toBe("£99.99 - £0.01 = ?");
    expect(formatProblem(problem(1000.5, "+", 2, 1002.5)).text).toBe("1000.5 + 2 = ?");
  });

  it("stacks +, − and × when an operand is 10 or more", () => {
    expect(formatProblem(problem(10, "+", 5)).vertical).toBe(true);
    expect(formatProblem(problem(5, "+", 10)).vertical).toBe(true);
    expect(formatProblem(problem(12, "*", 7)).vertical).toBe(true);
    expect(formatProblem(problem(9, "+", 9)).vertical).toBe(false);
    expect(formatProblem(problem(123, "-", 45))).toMatchObject({
      vertical: true,
      top: "123",
      bottom: "45",
      symbol: "\u2212",
    });
  });

  it("writes division on one line, never as a column", () => {
    expect(formatProblem(problem(144, "÷", 12)).vertical).toBe(false);
    expect(formatProblem(problem(200, "/", 10)).vertical).toBe(false);
    expect(formatProblem(problem(56, "/", 8)).display).toBe("56 ÷ 8 = ?");
  });

  it("does not stack for amounts of money (decimals below 1000), but does for a decimal of 1000 or more", () => {
    expect(formatProblem(problem(12.5, "+", 3.25)).vertical).toBe(false);
    expect(formatProblem(problem(56.78, "-", 23.45)).vertical).toBe(false);
    expect(formatProblem(problem(12.5, "+", 10)).vertical).toBe(true); // 10 is a whole operand of 10 or more
    expect(formatProblem(problem(1000.5, "+", 2)).vertical).toBe(true);
  });
});

describe("formatNumber", () => {
  it("shows decimals below 1000 as pounds and anything else as it is", () => {
    expect(formatNumber(12.5)).toBe("£12.50");
    expect(formatNumber(0.07)).toBe("£0.07");
    expect(formatNumber(120.27)).toBe("£120.27");
    expect(formatNumber(56)).toBe("56");
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(1234.5)).toBe("1234.5");
  });
});

describe("spokenProblem", () => {
  it("says each sign in words for screen readers", () => {
    expect(spokenProblem(problem(9, "-", 4, 5))).toBe("9 minus 4 equals what?");
    expect(spokenProblem(problem(7, "*", 8, 56))).toBe("7 times 8 equals what?");
    expect(spokenProblem(problem(56, "/", 8, 7))).toBe("56 divided by 8 equals what?");
    expect(spokenProblem(problem(56, "÷", 8, 7))).toBe("56 divided by 8 equals what?");
    expect(spokenProblem(problem(3, "+", 4, 7))).toBe("3 plus 4 equals what?");
    expect(spokenProblem(problem(25, "% of", 40, 10))).toBe("25 percent of 40 equals what?");
    expect(spokenProblem(problem(12.5, "+", 3.25, 15.75))).toBe("£12.50 plus £3.25 equals what?");
  });
});

describe("problemTextForScreen", () => {
  it("shows a stored problem's hyphen as the minus sign, and leaves everything else as stored", () => {
    expect(problemTextForScreen("9 - 4 = ?")).toBe("9 \u2212 4 = ?");
    expect(problemTextForScreen("£99.99 - £0.01 = ?")).toBe("£99.99 \u2212 £0.01 = ?");
    expect(problemTextForScreen("7 × 8 = ?")).toBe("7 × 8 = ?");
    expect(problemTextForScreen("25% of 40 = ?")).toBe("25% of 40 = ?");
  });

  it("gives every problem's stored text exactly as the screen shows it", () => {
    for (const spec of ALL_SPECS) {
      const problemAt = problemSequence(spec, "screen-text");
      for (let i = 0; i < 40; i++) {
        const f = formatProblem(problemAt(i));
        expect(problemTextForScreen(f.text)).toBe(f.display);
      }
    }
  });
});

describe("answersMayBeDecimal", () => {
  it("is true exactly for the modes and challenges whose answers can have decimals", () => {
    for (const spec of ALL_SPECS) {
      let decimals = false;
      for (const seed of ["a", "b", "c", "d", "e"]) {
        const problemAt = problemSequence(spec, seed);
        for (let i = 0; i < 200; i++) if (!Number.isInteger(problemAt(i).answer)) decimals = true;
      }
      expect(answersMayBeDecimal(spec), JSON.stringify(spec)).toBe(decimals);
    }
  });

  it("is true for Money Matters only", () => {
    expect(answersMayBeDecimal({ mode: "daily", challengeId: "money-matters" })).toBe(true);
    expect(answersMayBeDecimal({ mode: "daily", challengeId: "percentage-power" })).toBe(false);
    expect(answersMayBeDecimal({ mode: "solo", difficulty: "extreme", operations: ["/"], timeLimit: 60 })).toBe(false);
    expect(answersMayBeDecimal({ mode: "multiplayer", difficulty: "Extreme" })).toBe(false);
  });
});

describe("difficultyHint", () => {
  it("says what each difficulty holds, from the generator's own ranges", () => {
    expect(difficultyHint("normal")).toBe("Numbers 1 to 9, times tables to 12 × 12");
    expect(difficultyHint("hard")).toBe("Numbers 10 to 99, times tables to 15 × 15");
    expect(difficultyHint("extreme")).toBe("Numbers 10 to 999, times tables to 20 × 20");
    for (const difficulty of ["easy", "normal", "hard", "extreme"] as const) {
      const { min, max } = SOLO_ADD_RANGES[difficulty];
      const m = SOLO_MULTIPLY_RANGES[difficulty].max;
      expect(difficultyHint(difficulty)).toBe(`Numbers ${min} to ${max}, times tables to ${m} × ${m}`);
    }
  });
});
