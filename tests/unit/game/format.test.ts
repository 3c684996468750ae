import { describe, expect, it } from "vitest";
import { formatNumber, formatProblem, type Operator } from "../../../app/game";

const problem = (num1: number, operator: Operator, num2: number, answer = 0) => ({ num1, num2, operator, answer });

describe("formatProblem", () => {
  it("shows '*' as ×", () => {
    expect(formatProblem(problem(7, "*", 8, 56))).toEqual({
      text: "7 × 8 = ?",
      vertical: false,
      top: "7",
      bottom: "8",
      symbol: "×",
    });
  });

  it("shows '/' and '÷' as ÷, and '+' and '-' as they are", () => {
    expect(formatProblem(problem(56, "/", 7, 8)).text).toBe("56 ÷ 7 = ?");
    expect(formatProblem(problem(56, "÷", 7, 8)).text).toBe("56 ÷ 7 = ?");
    expect(formatProblem(problem(3, "+", 4, 7)).text).toBe("3 + 4 = ?");
    expect(formatProblem(problem(9, "-", 4, 5)).text).toBe("9 - 4 = ?");
  });

  it("shows '% of' as 'N% of M = ?', never vertical", () => {
    expect(formatProblem(problem(25, "% of", 40, 10))).toEqual({
      text: "25% of 40 = ?",
      vertical: false,
      top: "25%",
      bottom: "40",
      symbol: "of",
    });
    expect(formatProblem(problem(75, "% of", 209, 157)).vertical).toBe(false);
  });

  it("shows decimals below 1000 as pounds with two decimals", () => {
    expect(formatProblem(problem(12.5, "+", 3.25, 15.75)).text).toBe("£12.50 + £3.25 = ?");
    expect(formatProblem(problem(99.99, "-", 0.01, 99.98)).text).toBe("£99.99 - £0.01 = ?");
    expect(formatProblem(problem(1000.5, "+", 2, 1002.5)).text).toBe("1000.5 + 2 = ?");
  });

  it("stacks the problem when an operand is 10 or more", () => {
    expect(formatProblem(problem(10, "+", 5)).vertical).toBe(true);
    expect(formatProblem(problem(5, "+", 10)).vertical).toBe(true);
    expect(formatProblem(problem(144, "÷", 12)).vertical).toBe(true);
    expect(formatProblem(problem(9, "+", 9)).vertical).toBe(false);
    expect(formatProblem(problem(123, "-", 45))).toMatchObject({
      vertical: true,
      top: "123",
      bottom: "45",
      symbol: "-",
    });
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
