import { describe, expect, it } from "vitest";
import { CARD_KEY_LENGTH, POSSIBLE_CARD_KEYS, cardKeyFrom, cardKeyOf, isCardOf } from "~/school/card-keys.server";
import { SHORT_KEY_ALPHABET } from "~/school/short-keys.server";

/* Each login card's own key (docs/product.md#short-card-address): 7 of the 31 letters, made from id and code. */

describe("card keys", () => {
  it("are 7 of the 31 letters a child cannot mix up, the same for the same pupil and code", () => {
    expect(CARD_KEY_LENGTH).toBe(7);
    expect(POSSIBLE_CARD_KEYS).toBe(27_512_614_111);
    const key = cardKeyOf("pupil-1", "12345678");
    expect(key).toMatch(new RegExp(`^[${SHORT_KEY_ALPHABET}]{7}$`));
    expect(cardKeyOf("pupil-1", "12345678")).toBe(key);
    expect(cardKeyOf("pupil-1", "12345679")).not.toBe(key);
    expect(cardKeyOf("pupil-2", "12345678")).not.toBe(key);
  });

  it("spread over the letters (no letter far from 1 in 31 at any place)", () => {
    const counts = Array.from({ length: 7 }, () => new Map<string, number>());
    const n = 6_200;
    for (let i = 0; i < n; i++)
      [...cardKeyOf(`pupil-${i}`, String(10_000_000 + i))].forEach((c, at) =>
        counts[at]!.set(c, (counts[at]!.get(c) ?? 0) + 1),
      );
    for (const place of counts) {
      expect(place.size).toBe(31);
      for (const seen of place.values()) expect(Math.abs(seen - n / 31)).toBeLessThan(80);
    }
  });

  it("are read as typed, capitals too; anything else is no card key", () => {
    expect(cardKeyFrom(" 7HX4K2M ")).toBe("7hx4k2m");
    for (const bad of ["7hx4k2", "7hx4k2mm", "7hx4l2m", "0hx4k2m", ""]) expect(cardKeyFrom(bad)).toBeNull();
  });

  it("open only for the pupil the code found, and only at that pupil's key", () => {
    const key = cardKeyOf("pupil-1", "12345678");
    expect(isCardOf(key, { id: "pupil-1" }, "12345678")).toBe(true);
    expect(isCardOf(key, { id: "pupil-2" }, "12345678")).toBe(false);
    expect(isCardOf(key, undefined, "12345678")).toBe(false);
    expect(isCardOf("2222222", { id: "pupil-1" }, "12345678")).toBe(key === "2222222");
  });
});
