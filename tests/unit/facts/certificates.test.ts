import { describe, expect, it } from "vitest";
import { awardsBetween, awardsOf } from "~/facts/certificates";
import type { Sticker } from "~/facts/stickers";
import type { FactKey } from "~/game/facts";

const row = (op: string, n: number, at: number): Sticker[] =>
  Array.from({ length: 12 }, (_, i) => ({ key: `${op}${n},${i + 1}` as FactKey, earnedAt: at + i }));

describe("certificates", () => {
  it("come from the badges and milestones, worded for a certificate", () => {
    const awards = awardsOf(row("*", 7, 1_000));
    expect(awards.map((a) => [a.id, a.words, a.earnedAt])).toEqual([
      ["badge-m7", "knows the 7 times table by heart", 1_011],
      ["count-1", "has secured their first fact", 1_000],
      ["count-10", "has secured 10 facts", 1_009],
    ]);
  });

  it("are never taken away: more stickers only add certificates", () => {
    const before = awardsOf(row("+", 3, 0));
    const after = awardsOf([...row("+", 3, 0), ...row("/", 4, 50)]);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.map((a) => a.id)).toContain("badge-d4");
  });

  it("of a week are those earned in it", () => {
    const stickers = [...row("*", 2, 0), ...row("*", 5, 100)];
    expect(awardsBetween(stickers, 100, 200).map((a) => a.id)).toEqual(["badge-m5"]);
  });
});
