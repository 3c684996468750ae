import { describe, expect, it } from "vitest";
import { openScore, takesTopPlace, vouchedForTopPlace, withinApprovedBest } from "~/game";

/*
 * The top places of a public board (docs/decisions/0075-top-places-checked-by-a-person.md) and what a person's
 * approval opens (0082, docs/decisions/0089-approved-players-up-to-the-seen-record.md).
 */

describe("which runs would take a top place", () => {
  const places = [
    { playerKey: "a", score: 30, accuracy: 100 },
    { playerKey: "b", score: 28, accuracy: 100 },
    { playerKey: "c", score: 25, accuracy: 90 },
  ];
  it("a new player above the third place takes one; at it with less accuracy does not", () => {
    expect(takesTopPlace({ playerKey: "d", score: 26, accuracy: 80 }, places)).toBe(true);
    expect(takesTopPlace({ playerKey: "d", score: 25, accuracy: 80 }, places)).toBe(false);
  });
  it("a placed player moving up takes a place; one below their own place changes nothing", () => {
    expect(takesTopPlace({ playerKey: "b", score: 29, accuracy: 100 }, places)).toBe(true);
    expect(takesTopPlace({ playerKey: "a", score: 29, accuracy: 100 }, places)).toBe(false);
  });
  it("the open score is one right answer every 3 seconds", () => {
    expect([30, 60, 300].map(openScore)).toEqual([10, 20, 100]);
  });
});

describe("what a person has vouched for", () => {
  it("a player's own approved best, with no margin", () => {
    expect(withinApprovedBest(24, 24)).toBe(true);
    expect(withinApprovedBest(25, 24)).toBe(false);
    expect(withinApprovedBest(1, null)).toBe(false);
  });
  it("a daily place: an approved player goes up to the best a person released of anyone's there, not above", () => {
    const vouched = { approvedBest: 21, approved: true, seenBest: 24 };
    expect(vouchedForTopPlace(21, "daily", vouched)).toBe(true);
    expect(vouchedForTopPlace(24, "daily", vouched)).toBe(true);
    expect(vouchedForTopPlace(25, "daily", vouched)).toBe(false);
  });
  it("an all-time place (a challenge's too): only up to the player's own approved best", () => {
    const vouched = { approvedBest: 21, approved: true, seenBest: 24 };
    expect(vouchedForTopPlace(21, "all-time", vouched)).toBe(true);
    expect(vouchedForTopPlace(22, "all-time", vouched)).toBe(false);
  });
  it("approved on another board only: up to this board's record; nothing released here yet: waits", () => {
    expect(vouchedForTopPlace(40, "daily", { approvedBest: null, approved: true, seenBest: 45 })).toBe(true);
    expect(vouchedForTopPlace(40, "daily", { approvedBest: null, approved: true, seenBest: null })).toBe(false);
  });
  it("a player nobody approved gets nothing from the record", () => {
    expect(vouchedForTopPlace(20, "daily", { approvedBest: null, approved: false, seenBest: 45 })).toBe(false);
  });
});
