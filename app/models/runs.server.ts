import type { Statement } from "better-sqlite3";
import { eq } from "drizzle-orm";
import { vouchedForTopPlace, type AnswerRecord, type GameMode, type PaceVerdict, type ScoreSummary } from "~/game";
import { MODE_POLICY } from "~/game/modes/policy";
import { boardNameOf, isOwnRow, playerColumns, type Player } from "./player.server";
import { db } from "~/db/client.server";
import { inSharedCommit } from "~/db/shared-commit.server";
import { gameRuns } from "~/db/schema";
import { vouchedFor } from "./approved-best.server";
import { recordRunFacts } from "./fact-records.server";
import { recordEntry, topPlaceTakenOnABoard } from "./leaderboard.server";
import { insertStudentPerformance } from "./student-performance.server";

/**
 * A verified, finished run as it is stored: the ledger row and, for board modes, its leaderboard entry; for a
 * pupil's student run, their performance row instead (never an entry: docs/product.md#student-game).
 */
export type FinishedRun = {
  id: string;
  mode: GameMode;
  gameType: string;
  player: Player;
  /** A visitor's address's key, for the boards' 5 places an address (docs/product.md#one-address-five-places). */
  addressKey?: number | null;
  summary: ScoreSummary;
  records: AnswerRecord[];
  startedAt: number;
  finishedAt: number;
  /** Seconds the game lasted (the time limit, or less if it was sent early); stored with a student run. */
  timeTaken: number;
  /** The game's time limit in seconds, kept with its leaderboard entry. */
  timeLimit: number;
  /**
   * A board run whose answer times are not humanly plausible: saved for its player, held off the boards until an
   * admin decides (docs/decisions/0024-human-pace.md). A pupil's own game is held too: it counts for nothing in
   * competitions and set work until released (app/models/counting-runs.server.ts).
   */
  held?: PaceVerdict;
  /** A live game's run: held for its pace off the podium, a pupil's too (docs/product.md#live-game). */
  live?: true;
  /** The pace judgement of a run that passed it: what its review shows if its score waits for a top place. */
  pace?: PaceVerdict;
};

/** What a held run keeps for its review: the pace judgement, and what its entry needs if it is released. */
/** `ceilingLoad`, `timedBy`: runs held before decision 0036 have none. */
export type HeldRunInfo = Omit<PaceVerdict, "plausible" | "ceilingLoad" | "timedBy"> & {
  timeLimit: number;
  ceilingLoad?: number | null;
  timedBy?: PaceVerdict["timedBy"];
  addressKey?: number | null;
};

// Asked on every finish: prepared once, and read as it is (drizzle's prepared query maps each row it returns).
let runRecordedStatement: Statement | undefined;

export function isRunRecorded(runId: string): boolean {
  runRecordedStatement ??= db.$client.prepare(`SELECT 1 FROM game_runs WHERE id = ?`).pluck();
  return runRecordedStatement.get(runId) !== undefined;
}

// Written on every finish: prepared once (a drizzle insert builds its SQL and prepares it on every call).
let insertRunStatement: Statement | undefined;
function insertRun(row: Record<string, string | number | null>) {
  insertRunStatement ??= db.$client.prepare(
    `INSERT INTO game_runs (id, mode, game_type, user_id, anon_id, student_id, score, total_questions, accuracy,
                            started_at, finished_at, answers, review, review_info)
     VALUES (@id, @mode, @gameType, @userId, @anonId, @studentId, @score, @totalQuestions, @accuracy,
             @startedAt, @finishedAt, @answers, @review, @reviewInfo)`,
  );
  insertRunStatement.run(row);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");
}

type Saved = { saved: true; entryId: number | null; held: boolean } | { saved: false };

/**
 * A run whose pace passed but whose score would take a top place on a public board waits for a person
 * (docs/decisions/0075-top-places-checked-by-a-person.md), read inside the finish's own commit so two finishes of
 * the same moment see each other. Its review shows the pace judgement it passed. A player a person approved goes up at
 * once up to their approved best (docs/decisions/0082-a-player-a-person-approved.md), and to a daily place up to the
 * best score a person released of anyone's on that board (docs/decisions/0089-approved-players-up-to-the-seen-record.md).
 */
function topPlaceHold(run: FinishedRun, userId: string | null, anonId: string | null): PaceVerdict | undefined {
  const { score, accuracy } = run.summary;
  const at = run.finishedAt;
  const kind = topPlaceTakenOnABoard({
    gameType: run.gameType,
    timeLimit: run.timeLimit,
    score,
    accuracy,
    userId,
    anonId,
    at,
  });
  if (kind === null) return undefined;
  const vouched = vouchedFor({ userId, anonId }, run, kind);
  if (vouched && vouchedForTopPlace(score, kind, vouched)) return undefined;
  const pace = run.pace ?? {
    medianRatio: null,
    variation: null,
    ceilingLoad: null,
    timedBy: null,
    answers: [],
  };
  return { ...pace, plausible: false, reasons: ["top-place"] };
}

/** The writes of a finished run, made inside saveFinishedRun's transaction or the shared commit's savepoint. */
function writeFinishedRun(run: FinishedRun): { saved: true; entryId: number | null; held: boolean } {
  const { userId, anonId, studentId } = playerColumns(run.player);
  // Who plays each mode is the policy table's (app/game/modes/policy.ts): a pupil plays their own game and the modes
  // anyone plays; members and visitors every mode but the pupils' game.
  const policy = MODE_POLICY[run.mode];
  if (policy.players !== "anyone" && (policy.players === "pupils") !== (studentId !== null)) {
    throw new Error(`a ${run.mode} run cannot be saved for a ${run.player.kind}`);
  }
  const { score, totalQuestions, accuracy } = run.summary;
  // A board run is held, and so is a pupil's own game, which counts in competitions and set work only as a board
  // run would (docs/decisions/0074-fair-play-for-classes-and-addresses.md): practice, times tables and MTC rehearsals
  // are never held; a live game's podium is a board of its own, so a live run is held whoever played it
  // (docs/product.md#live-game). A board run that passed the pace rules waits for a person when it would take a
  // public board's top place (docs/decisions/0075-top-places-checked-by-a-person.md).
  const boardRun = studentId === null && policy.board;
  const judged = run.live || (policy.judged && (studentId !== null || boardRun));
  const held = judged ? (run.held ?? (boardRun ? topPlaceHold(run, userId, anonId) : undefined)) : undefined;
  const reviewInfo: HeldRunInfo | null = held
    ? {
        reasons: held.reasons,
        medianRatio: held.medianRatio,
        variation: held.variation,
        ceilingLoad: held.ceilingLoad,
        timedBy: held.timedBy,
        answers: held.answers,
        timeLimit: run.timeLimit,
        addressKey: run.addressKey ?? null,
      }
    : null;
  insertRun({
    id: run.id,
    mode: run.mode,
    gameType: run.gameType,
    userId,
    anonId,
    studentId,
    score,
    totalQuestions,
    accuracy,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    // As drizzle stores the JSON columns it reads back: JSON text.
    answers: JSON.stringify(run.records),
    review: held ? "held" : null,
    reviewInfo: reviewInfo ? JSON.stringify(reviewInfo) : null,
  });
  // Every verified run teaches us what its player knows, held for review or not (docs/product.md#fact-records).
  recordRunFacts(run.player, {
    id: run.id,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    answers: run.records,
  });
  // A pupil's run writes their performance row if its mode's does; an MTC rehearsal is kept as its run only: never a
  // board, never a pupil's game scores (docs/product.md#multiplication-tables-check-rehearsal).
  if (!policy.pupilScores && !policy.board) return { saved: true, entryId: null, held: false };
  if (studentId !== null) {
    insertStudentPerformance({
      studentId,
      score,
      totalQuestions,
      accuracy,
      timeTaken: run.timeTaken,
      completedAt: run.finishedAt,
      runId: run.id,
    });
    return { saved: true, entryId: null, held: held !== undefined };
  }
  // Practice, times tables, calm games, number bonds and doubles are never on a board (docs/product.md#practise-my-facts,
  // docs/product.md#times-tables-game, docs/product.md#calm-play, docs/decisions/0081-number-bonds-and-doubles.md).
  if (!policy.board) return { saved: true, entryId: null, held: false };
  if (held) return { saved: true, entryId: null, held: true };
  const entryId = recordEntry({
    score,
    totalQuestions,
    accuracy,
    gameType: run.gameType,
    username: boardNameOf(run.player),
    userId,
    anonId,
    runId: run.id,
    timeLimit: run.timeLimit,
    addressKey: run.addressKey ?? null,
    createdAt: run.finishedAt,
  });
  return { saved: true, entryId, held: false };
}

/**
 * Writes the run and its leaderboard entry (or, for a pupil, their performance row) in one transaction: both or
 * neither. A run id already in the ledger (two finishes racing) is reported as a duplicate; any other failure
 * throws. `entryId` is null for a student run, which has no entry.
 */
export function saveFinishedRun(run: FinishedRun): Saved {
  try {
    return db.$client.transaction(() => writeFinishedRun(run))();
  } catch (error) {
    if (isUniqueViolation(error)) return { saved: false };
    throw error;
  }
}

/**
 * saveFinishedRun with its commit shared by the other finishes of the same moment (app/db/shared-commit.server.ts):
 * what a finish request uses, so a busy minute costs less per game saved. The shared commit's savepoint is the
 * run's all-or-nothing: no transaction of its own inside it.
 */
export async function saveFinishedRunInSharedCommit(run: FinishedRun): Promise<Saved> {
  try {
    return await inSharedCommit(() => writeFinishedRun(run));
  } catch (error) {
    if (isUniqueViolation(error)) return { saved: false };
    throw error;
  }
}

/**
 * The runs of one live game's pupils (docs/product.md#live-game), in one transaction: each in a savepoint of its
 * own, so a run already saved (a duplicate id) is skipped and the others are written; any other failure writes
 * none of them. Returns, per run, whether it was saved.
 */
export function saveFinishedRuns(runs: readonly FinishedRun[]): boolean[] {
  const sqlite = db.$client;
  const one = sqlite.transaction((run: FinishedRun) => writeFinishedRun(run));
  return sqlite.transaction(() =>
    runs.map((run) => {
      try {
        one(run);
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    }),
  )();
}

/**
 * Retention (docs/product.md#privacy-and-retention): a finished run's answer by answer record is cleared once it is
 * older than `before`, keeping its score; a run held for review keeps it until decided. Returns how many were
 * cleared (at most `limit`).
 */
export function clearOldRunAnswers(before: number, limit: number): number {
  return db.$client
    .prepare(
      `UPDATE game_runs SET answers = '[]' WHERE id IN (
         SELECT id FROM game_runs
         WHERE finished_at < ? AND answers != '[]' AND (review IS NULL OR review != 'held')
         LIMIT ?)`,
    )
    .run(before, limit).changes;
}

export type RunResult = {
  runId: string;
  mode: string;
  gameType: string;
  summary: ScoreSummary;
  records: AnswerRecord[];
  startedAt: number;
  finishedAt: number;
  /** "held": kept off the boards until an admin looks at it; "rejected": the admin kept it off. */
  review: "held" | "released" | "rejected" | null;
  /** The run's time limit in seconds, when it was kept with the run (a run held for review). */
  timeLimit: number | null;
};

/** A finished run's results, for its own player only. */
export function getRunResult(runId: string, player: Player | null): RunResult | null {
  if (!player || runId.length > 64) return null;
  const row = db.select().from(gameRuns).where(eq(gameRuns.id, runId)).get();
  if (!row || !isOwnRow(player, row)) return null;
  return {
    runId: row.id,
    mode: row.mode,
    gameType: row.gameType,
    summary: { score: row.score, totalQuestions: row.totalQuestions, accuracy: row.accuracy },
    records: row.answers as AnswerRecord[],
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    review: row.review,
    // Kept with a run held for review; any other run's is on its leaderboard entry (its standing).
    timeLimit: (row.reviewInfo as HeldRunInfo | null)?.timeLimit ?? null,
  };
}
