// What a player knows of each fact: a pure fold of their verified answers (docs/product.md#fact-records). The finish
// applies one run's answers; the rebuild applies every stored run in order; both give the same book.
import { factKey, factOfStoredProblem, type FactKey, type FactOp } from "~/game/facts";

/** An answer right within this many ms is fluent: recalled, not worked out (the threshold XtraMath uses). */
export const FLUENT_MS = 3_000;

/** How many of a fact's latest answers are kept, for its level and for the heat map's detail. */
export const RECENT_ANSWERS = 3;

/**
 * Leitner boxes: a fact answered fluently when it was due moves up a box and comes back after that box's interval,
 * in days; a miss sends it back to box 0, due at once (docs/decisions/0050-facts-and-spaced-practice.md).
 */
export const BOX_INTERVAL_DAYS: readonly number[] = [0, 1, 3, 7, 21, 60];
export const MAX_BOX = BOX_INTERVAL_DAYS.length - 1;
/** A fact in this box or higher, answered fluently three times running, is secure: fluent across days. */
export const SECURE_BOX = 3;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** Response times are kept in tenths of a second, capped at a minute. */
export const MAX_TENTHS = 600;

export type FactLevel = "unseen" | "weak" | "learning" | "fluent" | "secure";
export const FACT_LEVELS: readonly FactLevel[] = ["unseen", "weak", "learning", "fluent", "secure"];

export interface RecentAnswer {
  correct: boolean;
  /** Tenths of a second the answer took, or null when the run did not time it. */
  tenths: number | null;
}

export interface FactState {
  attempts: number;
  misses: number;
  /** Oldest first, at most RECENT_ANSWERS. */
  recent: RecentAnswer[];
  /** Whole minutes since the epoch: stored as they are used, so a stored book folds on exactly as a rebuilt one. */
  seenMinute: number;
  box: number;
  dueMinute: number;
}

/** One player's records for one operation; `bestSecure` is the most secure facts they have had, for "fell". */
export interface FactBook {
  facts: Map<FactKey, FactState>;
  bestSecure: number;
}

export function emptyBook(): FactBook {
  return { facts: new Map(), bestSecure: 0 };
}

export interface FactAnswer {
  key: FactKey;
  op: FactOp;
  correct: boolean;
  /** How long the answer took, or null when unknown. */
  ms: number | null;
  /** Epoch ms of the answer. */
  at: number;
}

function isFluent(answer: RecentAnswer): boolean {
  return answer.correct && answer.tenths !== null && answer.tenths * 100 <= FLUENT_MS;
}

function tenthsOf(ms: number | null): number | null {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return null;
  return Math.min(MAX_TENTHS, Math.round(ms / 100));
}

/** A fact's state after one more answer (a new object; `state` is not changed). */
export function applyAnswer(state: FactState | undefined, answer: Omit<FactAnswer, "key" | "op">): FactState {
  const minute = Math.floor(answer.at / MINUTE_MS);
  const given: RecentAnswer = { correct: answer.correct, tenths: tenthsOf(answer.ms) };
  const before = state ?? { attempts: 0, misses: 0, recent: [], seenMinute: minute, box: 0, dueMinute: minute };
  let { box, dueMinute } = before;
  if (!given.correct) {
    box = 0;
    dueMinute = minute;
  } else if (isFluent(given)) {
    // Only an answer given when the fact was due moves it up: seeing it again the same minute proves no memory.
    if (minute >= before.dueMinute) {
      box = Math.min(MAX_BOX, box + 1);
      dueMinute = minute + (BOX_INTERVAL_DAYS[box] ?? 0) * DAY_MINUTES;
    }
  } else {
    // Right but slow: worked out, not recalled; it stays near the front.
    box = Math.min(box, 1);
    dueMinute = minute + (BOX_INTERVAL_DAYS[box] ?? 0) * DAY_MINUTES;
  }
  return {
    attempts: before.attempts + 1,
    misses: before.misses + (given.correct ? 0 : 1),
    recent: [...before.recent, given].slice(-RECENT_ANSWERS),
    seenMinute: Math.max(before.seenMinute, minute),
    box,
    dueMinute,
  };
}

/**
 * unseen: never asked. weak: the latest answer was wrong, or two of the last three. fluent: the latest answer right
 * within FLUENT_MS. secure: the last three fluent and the fact in SECURE_BOX or higher (fluent when due on at least
 * three separate days). learning: anything between.
 */
export function levelOf(state: FactState | undefined): FactLevel {
  if (!state || state.attempts === 0) return "unseen";
  const latest = state.recent[state.recent.length - 1];
  const misses = state.recent.filter((answer) => !answer.correct).length;
  if (!latest || !latest.correct || misses >= 2) return "weak";
  if (!isFluent(latest)) return "learning";
  if (state.box >= SECURE_BOX && state.recent.length === RECENT_ANSWERS && state.recent.every(isFluent)) {
    return "secure";
  }
  return "fluent";
}

/** Whether the fact is due for practice at `now` (epoch ms). */
export function isDue(state: FactState, now: number): boolean {
  return Math.floor(now / MINUTE_MS) >= state.dueMinute;
}

export function countLevels(book: FactBook): Record<FactLevel, number> {
  const counts: Record<FactLevel, number> = { unseen: 0, weak: 0, learning: 0, fluent: 0, secure: 0 };
  for (const state of book.facts.values()) counts[levelOf(state)] += 1;
  return counts;
}

/** The stored shape of one answer of a finished run (game_runs.answers). */
export interface StoredAnswer {
  problem: string;
  correctAnswer: number;
  isCorrect: boolean;
  /** Epoch ms; each answer's time is the gap since the one before (the first: since the start). */
  timeStamp?: number;
}

/** The fact answers of a finished run, in order: answers that ask no fact are left out. */
export function factAnswersOf(run: { startedAt: number; answers: readonly StoredAnswer[] }): FactAnswer[] {
  const result: FactAnswer[] = [];
  let previous: number | null = run.startedAt;
  for (const answer of run.answers) {
    const at = typeof answer.timeStamp === "number" && Number.isFinite(answer.timeStamp) ? answer.timeStamp : null;
    const ms = at !== null && previous !== null ? at - previous : null;
    previous = at;
    const fact = factOfStoredProblem(answer.problem, answer.correctAnswer);
    if (!fact) continue;
    result.push({ key: factKey(fact), op: fact.op, correct: answer.isCorrect, ms, at: at ?? run.startedAt });
  }
  return result;
}

/**
 * Applies answers of one operation to its book (a new book; `book` is not changed) and keeps the best count of
 * secure facts.
 */
export function applyToBook(book: FactBook, answers: readonly FactAnswer[]): FactBook {
  const facts = new Map(book.facts);
  for (const answer of answers) facts.set(answer.key, applyAnswer(facts.get(answer.key), answer));
  const next: FactBook = { facts, bestSecure: book.bestSecure };
  next.bestSecure = Math.max(book.bestSecure, countLevels(next).secure);
  return next;
}

/** A run's fact answers grouped by operation, in the order given. */
export function answersByOp(answers: readonly FactAnswer[]): Map<FactOp, FactAnswer[]> {
  const groups = new Map<FactOp, FactAnswer[]>();
  for (const answer of answers) {
    const group = groups.get(answer.op);
    if (group) group.push(answer);
    else groups.set(answer.op, [answer]);
  }
  return groups;
}
