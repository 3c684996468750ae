import { describe, expect, it } from "vitest";
import { accuracy, resultMessage, summarize, type AnswerRecord } from "../../../app/game";

describe("accuracy", () => {
  it("is the rounded percentage of right answers, or 0 with no questions", () => {
    expect(accuracy(0, 0)).toBe(0);
    expect(accuracy(7, 10)).toBe(70);
    expect(accuracy(2, 3)).toBe(67);
    expect(accuracy(1, 3)).toBe(33);
    expect(accuracy(1, 8)).toBe(13); // 12.5 rounds up
    expect(accuracy(10, 10)).toBe(100);
    expect(accuracy(0, 5)).toBe(0);
  });
});

describe("summarize", () => {
  const record = (isCorrect: boolean): AnswerRecord => ({
    problem: "7 × 8 = ?",
    userAnswer: isCorrect ? "56" : "54",
    correctAnswer: 56,
    isCorrect,
  });

  it("counts right answers and all answers", () => {
    expect(summarize([record(true), record(false), record(true)])).toEqual({
      score: 2,
      totalQuestions: 3,
      accuracy: 67,
    });
    expect(summarize([])).toEqual({ score: 0, totalQuestions: 0, accuracy: 0 });
  });
});

describe("resultMessage", () => {
  it("follows the thresholds 90, 80, 70 and 60", () => {
    expect(resultMessage(100)).toBe("Outstanding!");
    expect(resultMessage(90)).toBe("Outstanding!");
    expect(resultMessage(89)).toBe("Excellent!");
    expect(resultMessage(80)).toBe("Excellent!");
    expect(resultMessage(79)).toBe("Great job!");
    expect(resultMessage(70)).toBe("Great job!");
    expect(resultMessage(69)).toBe("Good effort!");
    expect(resultMessage(60)).toBe("Good effort!");
    expect(resultMessage(59)).toBe("Keep practicing!");
    expect(resultMessage(0)).toBe("Keep practicing!");
  });
});
