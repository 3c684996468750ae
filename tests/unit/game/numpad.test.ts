import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ANSWER_LENGTH, applyKey, sanitizeAnswer } from "../../../app/game";

const VALID = /^(\d+\.?\d*)?$/;

describe("applyKey", () => {
  it("appends digits 0-9", () => {
    expect(applyKey("", "7")).toBe("7");
    expect(applyKey("12", "3")).toBe("123");
    expect(applyKey("1", "0")).toBe("10");
  });

  it("allows one decimal point at most; a leading point becomes 0.", () => {
    expect(applyKey("", ".")).toBe("0.");
    expect(applyKey("12", ".")).toBe("12.");
    expect(applyKey("12.5", ".")).toBe("12.5");
    expect(applyKey("12.", ".")).toBe("12.");
  });

  it("removes the last character on Backspace", () => {
    expect(applyKey("123", "Backspace")).toBe("12");
    expect(applyKey("0.", "Backspace")).toBe("0");
    expect(applyKey("", "Backspace")).toBe("");
  });

  it("ignores every other key", () => {
    for (const key of ["a", "-", "+", "Enter", "Escape", " ", "e", "Delete", "12", "٣"]) {
      expect(applyKey("42", key)).toBe("42");
    }
  });

  it("caps the answer at 10 characters", () => {
    expect(MAX_ANSWER_LENGTH).toBe(10);
    expect(applyKey("1234567890", "1")).toBe("1234567890");
    expect(applyKey("123456789", ".")).toBe("123456789.");
    expect(applyKey("1234567890", ".")).toBe("1234567890");
    expect(applyKey("123456789", "0")).toBe("1234567890");
  });

  it("only ever builds digits with at most one point, 10 characters at most", () => {
    const key = fc.constantFrom("0", "1", "5", "9", ".", "Backspace", "x", "Enter");
    fc.assert(
      fc.property(fc.array(key, { maxLength: 40 }), (keys) => {
        const answer = keys.reduce(applyKey, "");
        expect(answer).toMatch(VALID);
        expect(answer.length).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe("sanitizeAnswer", () => {
  it("keeps what the number pad could have typed", () => {
    expect(sanitizeAnswer(" 12 ")).toBe("12");
    expect(sanitizeAnswer("-7")).toBe("7");
    expect(sanitizeAnswer(".5")).toBe("0.5");
    expect(sanitizeAnswer("1.2.3")).toBe("1.23");
    expect(sanitizeAnswer("£12.50")).toBe("12.50");
    expect(sanitizeAnswer("abc")).toBe("");
    expect(sanitizeAnswer("12345678901234")).toBe("1234567890");
  });

  it("always gives a valid answer, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const clean = sanitizeAnswer(raw);
        expect(clean).toMatch(VALID);
        expect(clean.length).toBeLessThanOrEqual(10);
        expect(sanitizeAnswer(clean)).toBe(clean);
      }),
    );
  });
});
