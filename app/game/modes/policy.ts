// The server's policy for each mode, in one table (docs/decisions/0081-number-bonds-and-doubles.md): who plays it,
// whether a member's or visitor's run makes a public board entry, whether a run is held for review when its pace is
// not a person's, and what a pupil's run counts for. The run service (app/models/runs.server.ts), the run tokens
// (app/runs/tokens.server.ts) and set work's rules (app/school-rules/set-work.ts) read it; tests/unit/game/modes.test.ts
// holds it to the registry and the ledger's enum.
import type { GameMode } from "./index";

/** The kinds of set work a pupil's run can count for (app/school-rules/set-work-limits.ts). */
export type SetWorkKind = "any" | "timed" | "practice" | "mtc";

export type ModePolicy = {
  /** Who may own a run: pupils only, members and visitors only, or anyone. */
  players: "pupils" | "public" | "anyone";
  /** The server finishes, scores and stores its runs (a hot-seat game's turns are the browser's alone). */
  finished: boolean;
  /** A member's or visitor's run makes an entry on the public boards. */
  board: boolean;
  /** A run is judged for its pace and held for review: a board's runs, and a pupil's own game (decision 0074). */
  judged: boolean;
  /** A pupil's run writes a performance row: their progress, and competitions and set work count from it. */
  pupilScores: boolean;
  /** A pupil's run counts in class competitions. */
  competitions: boolean;
  /** The kinds of set work a pupil's run counts for. */
  setWork: readonly SetWorkKind[];
};

export const MODE_POLICY: Readonly<Record<GameMode, ModePolicy>> = {
  solo: {
    players: "public",
    finished: true,
    board: true,
    judged: true,
    pupilScores: false,
    competitions: false,
    setWork: [],
  },
  daily: {
    players: "public",
    finished: true,
    board: true,
    judged: true,
    pupilScores: false,
    competitions: false,
    setWork: [],
  },
  student: {
    players: "pupils",
    finished: true,
    board: false,
    judged: true,
    pupilScores: true,
    competitions: true,
    setWork: ["any", "timed"],
  },
  multiplayer: {
    players: "public",
    finished: false,
    board: false,
    judged: false,
    pupilScores: false,
    competitions: false,
    setWork: [],
  },
  practice: {
    players: "anyone",
    finished: true,
    board: false,
    judged: false,
    pupilScores: true,
    competitions: false,
    setWork: ["any", "practice"],
  },
  tables: {
    players: "public",
    finished: true,
    board: false,
    judged: false,
    pupilScores: false,
    competitions: false,
    setWork: [],
  },
  // A rehearsal is kept as its run only: no board, no pupil's scores (docs/product.md#multiplication-tables-check-rehearsal).
  mtc: {
    players: "anyone",
    finished: true,
    board: false,
    judged: false,
    pupilScores: false,
    competitions: false,
    setWork: ["any", "mtc"],
  },
  calm: {
    players: "public",
    finished: true,
    board: false,
    judged: false,
    pupilScores: false,
    competitions: false,
    setWork: [],
  },
  // Number bonds and doubles and halves: played by anyone, on no board, a pupil's scores as practice's
  // (docs/decisions/0081-number-bonds-and-doubles.md).
  bonds: {
    players: "anyone",
    finished: true,
    board: false,
    judged: false,
    pupilScores: true,
    competitions: false,
    setWork: ["any"],
  },
  doubles: {
    players: "anyone",
    finished: true,
    board: false,
    judged: false,
    pupilScores: true,
    competitions: false,
    setWork: ["any"],
  },
};

/** The modes of a set work kind: what the set work model reads from the ledger. */
export function modesCountingFor(kind: SetWorkKind): GameMode[] {
  return (Object.keys(MODE_POLICY) as GameMode[]).filter((mode) => MODE_POLICY[mode].setWork.includes(kind));
}

/** The modes whose pupils' runs count in class competitions. */
export function competingModes(): GameMode[] {
  return (Object.keys(MODE_POLICY) as GameMode[]).filter((mode) => MODE_POLICY[mode].competitions);
}
