import { describe, expect, it } from "vitest";
import { JOIN_CODE_LENGTH, checkDigitOf, isJoinCode, joinCodeFrom, spacedJoinCode } from "~/live/join-code";

/*
 * The join code's check digit (app/live/join-code.ts): every single mistyped digit and every swap of two neighbours
 * is caught before any game is looked up, so a child's slip never counts as a guess.
 */

describe("join codes", () => {
  it("has 11 digits, the last Damm's check digit, and is shown in groups of 4, 4 and 3", () => {
    expect(checkDigitOf("572")).toBe("4");
    const code = joinCodeFrom("4827190356");
    expect(code).toHaveLength(JOIN_CODE_LENGTH);
    expect(isJoinCode(code)).toBe(true);
    expect(spacedJoinCode(code)).toBe(`4827 1903 56${code[10]}`);
    for (const bad of ["", "123", code.slice(0, 10), `${code}0`, `${code.slice(0, 10)}x`])
      expect(isJoinCode(bad)).toBe(false);
  });

  it("catches every single wrong digit and every swap of neighbours, in 2,000 seeded codes", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) % 10;
    const caught: string[] = [];
    for (let n = 0; n < 2_000; n++) {
      const code = joinCodeFrom(Array.from({ length: 10 }, next).join(""));
      for (let at = 0; at < code.length; at++) {
        for (let digit = 0; digit < 10; digit++) {
          const slip = code.slice(0, at) + digit + code.slice(at + 1);
          if (String(digit) !== code[at] && isJoinCode(slip)) caught.push(slip);
        }
        const swapped = code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2);
        if (at + 1 < code.length && code[at] !== code[at + 1] && isJoinCode(swapped)) caught.push(swapped);
      }
    }
    expect(caught).toEqual([]);
  });
});
