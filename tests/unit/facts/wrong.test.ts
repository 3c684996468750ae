import { describe, expect, it } from "vitest";
import { MAX_WRONG_SHOWN, wrongAnswersOf } from "~/facts/wrong";
import type { AnswerRecord } from "~/game/score";

/* The ones to practise (docs/product.md#wrong-answers-after-a-game): each sum once, with what was said each time. */
const record = (problem: string, userAnswer: string, correctAnswer: number, isCorrect = false): AnswerRecord => ({
  problem,
  userAnswer,
  correctAnswer,
  isCorrect,
});

describe("wrongAnswersOf", () => {
  it("lists a sum missed again in a practice once, with every different answer said", () => {
    const wrong = wrongAnswersOf([
      record("7 × 8 = ?", "54", 56),
      record("6 × 6 = ?", "36", 36, true),
      record("7 × 8 = ?", "48", 56),
      record("7 × 8 = ?", "54", 56),
      record("9 × 3 = ?", "24", 27),
    ]);
    expect(wrong).toEqual([
      { problem: "7 × 8 = ?", userAnswer: "54, 48", correctAnswer: 56 },
      { problem: "9 × 3 = ?", userAnswer: "24", correctAnswer: 27 },
    ]);
  });

  it("keeps the list short: at most ten different sums, first missed first", () => {
    const records = Array.from({ length: 15 }, (_, i) => record(`${i + 1} × 2 = ?`, "0", (i + 1) * 2));
    const wrong = wrongAnswersOf(records);
    expect(wrong).toHaveLength(MAX_WRONG_SHOWN);
    expect(wrong[0]!.problem).toBe("1 × 2 = ?");
  });
});
