import type { Problem } from "~/game/types";
/* What a class's times tables check page shows (docs/product.md#multiplication-tables-check-rehearsal). */

/** A pupil's latest rehearsals, oldest first: each score out of 25 with its date in words. */
export type PupilMtc = { id: string; name: string; latest: { score: number; at: number; date: string }[] };
/** The class's rehearsals in one week (from its Monday): how many, and their average score. */
export type WeekMtc = { week: number; label: string; rehearsals: number; average: number };

/**
 * A step of a rehearsal played page by page, as its page shows it (app/runs/mtc.server.ts makes it, each page with
 * its timed refresh beside it): the end, the check's start, the pause before a question, or the question.
 */
export type MtcStep =
  | { kind: "done"; token: string; sealed: string }
  | { kind: "start-check"; token: string; sealed: string; seconds: number }
  | {
      kind: "pause";
      practice: boolean;
      /** The question that comes next: 1 to 3 in the practice, 1 to 25 in the check. */
      number: number;
    }
  | {
      kind: "question";
      token: string;
      sealed: string;
      practice: boolean;
      number: number;
      problem: Problem;
      seconds: number;
      /** The share of the question's time left as the page was made. */
      left: number;
    };
