// Certificates (docs/product.md#sticker-book, docs/decisions/0092-class-goal-and-certificates.md): one for each badge
// (a whole table secured) and each milestone, read from the stickers alone, so a certificate once earned stays
// earned. Pure: stickers in, the certificates' words and dates out.
import type { FactOp } from "~/game/facts";
import { badgesOf, milestonesOf, type Sticker } from "./stickers";

/** What a certificate says a child did, its id in addresses ("badge-m7", "count-10", "all-m"), and when. */
export interface Award {
  id: string;
  /** The certificate's words after the child's name: "knows the 7 times table by heart". */
  words: string;
  earnedAt: number;
}

/** One letter an operation in an award's id (the signs are awkward in an address). */
const OP_LETTERS: Record<FactOp, string> = { "+": "a", "-": "s", "*": "m", "/": "d" };

/** Every certificate the stickers earn: the badges in the grids' order, then the milestones. */
export function awardsOf(stickers: readonly Sticker[]): Award[] {
  const badges = badgesOf(stickers).map((badge) => ({
    id: `badge-${OP_LETTERS[badge.op]}${badge.n}`,
    words: `knows ${badge.words} by heart`,
    earnedAt: badge.earnedAt,
  }));
  const milestones = milestonesOf(stickers).map((milestone) => {
    const all = milestone.id.startsWith("all-");
    const id = all ? `all-${OP_LETTERS[milestone.id.slice(4) as FactOp]}` : milestone.id;
    const words =
      milestone.id === "count-1"
        ? "has secured their first fact"
        : all
          ? `has secured ${milestone.words.charAt(0).toLowerCase()}${milestone.words.slice(1)}`
          : `has secured ${milestone.words.replace("stickers", "facts")}`;
    return { id, words, earnedAt: milestone.earnedAt };
  });
  return [...badges, ...milestones];
}

/** The certificates earned in [from, until): this week's, for the teacher to print. */
export function awardsBetween(stickers: readonly Sticker[], from: number, until: number): Award[] {
  return awardsOf(stickers).filter((award) => award.earnedAt >= from && award.earnedAt < until);
}
