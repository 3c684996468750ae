// The Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal; decision
// docs/decisions/0052-mtc-rehearsal.md): the draw of its questions from a seed, and the timeline its steps follow.
// Pure: the server verifies a run with it and the game in the page plays it.
import { checkIndex, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { rngFor, type Rng } from "./prng";
import { multiplication } from "./ranges";
import type { Problem } from "./types";

/** Seconds a question may take: 6, or 9 and 12 for a pupil given extra time. */
export const MTC_QUESTION_SECONDS = [6, 9, 12] as const;
export type MtcQuestionSeconds = (typeof MTC_QUESTION_SECONDS)[number];
/** A Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal). */
export type MtcSpec = { mode: "mtc"; questionSeconds: MtcQuestionSeconds };

export const DEFAULT_MTC_QUESTION_SECONDS: MtcQuestionSeconds = 6;

export function isMtcQuestionSeconds(value: unknown): value is MtcQuestionSeconds {
  return typeof value === "number" && (MTC_QUESTION_SECONDS as readonly number[]).includes(value);
}

export const MTC_PRACTICE_QUESTIONS = 3;
export const MTC_CHECK_QUESTIONS = 25;
export const MTC_QUESTIONS = MTC_PRACTICE_QUESTIONS + MTC_CHECK_QUESTIONS;
/** The pause before every question ("Get ready"). */
export const MTC_PAUSE_MS = 3000;
/** The longest the "Start the check" step waits for the player; then the check starts by itself. */
export const MTC_START_STEP_SECONDS = 60;
/**
 * A run's steps: the 3 practice questions, the "Start the check" step, then the 25 check questions. Each step ends
 * with one entry of the run's answers: {i: step, value: the answer or "" for none, t: ms since the run's start}. In
 * the page, the start step's value is the check's seed the server gave it (app/game/verify.ts checks it is the
 * stamp's own).
 */
export const MTC_STEPS = MTC_QUESTIONS + 1;
export const MTC_START_STEP = MTC_PRACTICE_QUESTIONS;

/** The tables asked (the first number of each question) and the numbers they are multiplied by: 2 to 12. */
export const MTC_TABLES: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** The tables asked more often. */
export const MTC_WEIGHTED_TABLES: readonly number[] = [6, 7, 8, 9, 12];
/** The tables first learnt in Key Stage 1, asked least. */
export const MTC_KS1_TABLES: readonly number[] = [2, 5, 10];

/** How many of the 25 questions each table gives: [fewest, most] (the table is the question's first number). */
export function mtcTableRange(table: number): readonly [number, number] {
  if (MTC_WEIGHTED_TABLES.includes(table)) return [3, 4];
  if (MTC_KS1_TABLES.includes(table)) return [1, 2];
  return [2, 3];
}

/** A question's pair, the smaller number first: 8 × 3 and 3 × 8 are the same pair. */
export function pairKey(a: number, b: number): string {
  return a <= b ? `${a}x${b}` : `${b}x${a}`;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let k = items.length - 1; k > 0; k--) {
    const j = rng.int(0, k);
    [items[k], items[j]] = [items[j] as T, items[k] as T];
  }
  return items;
}

/** How many questions each table gives: every table its fewest, then one at a time to tables below their most. */
function tableCounts(rng: Rng): Map<number, number> {
  const counts = new Map(MTC_TABLES.map((table) => [table, mtcTableRange(table)[0]]));
  let total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  while (total < MTC_CHECK_QUESTIONS) {
    const open = MTC_TABLES.filter((table) => (counts.get(table) as number) < mtcTableRange(table)[1]);
    const table = rng.pick(open);
    counts.set(table, (counts.get(table) as number) + 1);
    total += 1;
  }
  return counts;
}

/**
 * One try at the 25: each table's questions with multipliers whose pair is not asked yet (nor in `taken`); null if a
 * table runs out.
 */
function tryDraw(rng: Rng, taken: ReadonlySet<string>): [number, number][] | null {
  const counts = tableCounts(rng);
  const used = new Set(taken);
  const questions: [number, number][] = [];
  // The tables in a seeded order, so no table always chooses first.
  for (const table of shuffle(MTC_TABLES.slice(), rng)) {
    for (let n = counts.get(table) as number; n > 0; n--) {
      const free = MTC_TABLES.filter((b) => !used.has(pairKey(table, b)));
      if (free.length === 0) return null;
      const b = rng.pick(free);
      used.add(pairKey(table, b));
      questions.push([table, b]);
    }
  }
  return shuffle(questions, rng);
}

/** The most tries at a draw before the seed's fallback; a try fails about once in many thousand. */
const MAX_TRIES = 50;

/** The run's 3 practice questions as [table, multiplier], from the run's seed alone: 3 distinct pairs. */
export function mtcPracticeDraw(seed: string): [number, number][] {
  // The draw's generator is the seed's generator for "problem" -1000: never one a problem of any mode uses.
  const rng = rngFor(seed, -1000);
  const used = new Set<string>();
  const practice: [number, number][] = [];
  while (practice.length < MTC_PRACTICE_QUESTIONS) {
    const a = rng.pick(MTC_TABLES);
    const b = rng.pick(MTC_TABLES);
    if (used.has(pairKey(a, b))) continue;
    used.add(pairKey(a, b));
    practice.push([a, b]);
  }
  return practice;
}

/**
 * The check's 25 questions as [table, multiplier], from the check's own seed, which the server gives the page only
 * when it stamps the check's start (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own
 * seed"): distinct pairs (never both ways round), none a practice pair, each table within mtcTableRange.
 */
export function mtcCheckDraw(checkSeed: string, practice: readonly [number, number][]): [number, number][] {
  const rng = rngFor(checkSeed, -1000);
  const taken = new Set(practice.map(([a, b]) => pairKey(a, b)));
  let check: [number, number][] | null = null;
  for (let tries = 0; check === null && tries < MAX_TRIES; tries++) check = tryDraw(rng, taken);
  // Not reached in practice: the fewest of every table, then the weighted tables, greedily by multiplier.
  return check ?? fallbackDraw(taken);
}

/** The run's 28 questions as [table, multiplier]: the 3 practice questions of `seed`, then the 25 of `checkSeed`. */
export function mtcDraw(seed: string, checkSeed: string): [number, number][] {
  const practice = mtcPracticeDraw(seed);
  return [...practice, ...mtcCheckDraw(checkSeed, practice)];
}

function fallbackDraw(taken: ReadonlySet<string>): [number, number][] {
  const counts = new Map(MTC_TABLES.map((table) => [table, mtcTableRange(table)[0]]));
  counts.set(7, 4);
  const used = new Set(taken);
  const questions: [number, number][] = [];
  for (const table of MTC_TABLES) {
    for (let n = counts.get(table) as number; n > 0; n--) {
      const b = MTC_TABLES.find((m) => !used.has(pairKey(table, m))) as number;
      used.add(pairKey(table, b));
      questions.push([table, b]);
    }
  }
  return questions;
}

/**
 * The run's questions: the practice from the run's seed; the check's from the check's seed, once there is one (before
 * the server stamped the check's start the page has none, and a check question throws).
 */
export function mtcSequence(spec: AnySpec, seed: string, checkSeed?: string | null): ProblemSequence {
  specOf<MtcSpec>(spec, "mtc");
  const practice = mtcPracticeDraw(seed);
  const problems: Problem[] = (checkSeed ? [...practice, ...mtcCheckDraw(checkSeed, practice)] : practice).map(
    ([a, b]) => multiplication(a, b),
  );
  return (i) => {
    checkIndex(i);
    const problem = problems[i];
    if (!problem) throw new RangeError(i < MTC_QUESTIONS ? "No check seed yet" : `Not a question: ${i + 1}`);
    return problem;
  };
}

/** Seconds a question of this run may take. */
export function mtcSecondsOf(spec: AnySpec): MtcQuestionSeconds {
  return specOf<MtcSpec>(spec, "mtc").questionSeconds;
}

/**
 * The longest a run may last, in seconds: 28 × (question seconds + the 3 s pause), and the "Start the check" step's
 * wait.
 */
export function mtcTimeLimit(questionSeconds: number): number {
  return MTC_QUESTIONS * (questionSeconds + MTC_PAUSE_MS / 1000) + MTC_START_STEP_SECONDS;
}

/** The question a step asks (its index in the draw), or null for the "Start the check" step. */
export function questionOfStep(step: number): number | null {
  if (step === MTC_START_STEP) return null;
  return step < MTC_START_STEP ? step : step - 1;
}

/** The ms a step may last: the question's seconds, or the start step's wait. */
export function stepLimitMs(step: number, questionSeconds: number): number {
  return questionOfStep(step) === null ? MTC_START_STEP_SECONDS * 1000 : questionSeconds * 1000;
}

/** When a step appears (ms since the run's start), after the one before ended: 3 s later for a question. */
export function stepAppearsAt(step: number, previousEnd: number): number {
  return previousEnd + (questionOfStep(step) === null ? 0 : MTC_PAUSE_MS);
}

/** One question of the check as the results show it. */
export type MtcQuestionResult = {
  problem: Problem;
  /** "" for no answer (none given, or given too late). */
  value: string;
  correct: boolean;
  /** Ms from the question appearing to the answer; the question's whole time for no answer. */
  ms: number;
};

/**
 * How late an answer may reach the server and still count: 1 s past the question's time, the clock drift and network
 * grace every mode allows (docs/product.md#timing-rules). Later, it counts as no answer.
 */
export const MTC_LATE_GRACE_MS = 1000;

/** One entry of a run's answers: the end of one step. */
export type MtcEntry = { i: number; value: string; t: number };

/** One step of a run as the timeline reads it. */
export type MtcStep = {
  step: number;
  /** The question it asks (its index in the draw), or null for the "Start the check" step. */
  question: number | null;
  appearsAt: number;
  endsAt: number;
  /** The answer that counts: "" for none, or one given too late. */
  value: string;
};

/**
 * Reads a run's entries against the timeline: step k appears when step k - 1 ended (plus the 3 s pause before a
 * question), and ends with its entry. An entry before its step appeared is refused; an answer later than the
 * question's seconds plus the grace counts as no answer, its question ending at its time.
 */
export function mtcTimeline(
  entries: readonly MtcEntry[],
  questionSeconds: number,
): { ok: true; steps: MtcStep[] } | { ok: false; step: number } {
  const steps: MtcStep[] = [];
  let previousEnd = 0;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k] as MtcEntry;
    const appearsAt = stepAppearsAt(k, previousEnd);
    if (entry.t < appearsAt) return { ok: false, step: k };
    const limit = stepLimitMs(k, questionSeconds);
    const question = questionOfStep(k);
    const late = entry.t > appearsAt + limit + MTC_LATE_GRACE_MS;
    // A step never lasts longer than its limit, so a whole run stays within mtcTimeLimit: an answer in the grace ends
    // its question at the limit (the next pause is that much shorter).
    const endsAt = Math.min(entry.t, appearsAt + limit);
    steps.push({ step: k, question, appearsAt, endsAt, value: late || question === null ? "" : entry.value });
    previousEnd = endsAt;
  }
  return { ok: true, steps };
}

/** The check's questions of a whole timeline, as the results show them (practice questions left out). */
export function mtcCheckResults(
  steps: readonly MtcStep[],
  problems: ProblemSequence,
  questionSeconds: number,
): MtcQuestionResult[] {
  return steps
    .filter((step) => step.question !== null && step.question >= MTC_PRACTICE_QUESTIONS)
    .map((step) => {
      const problem = problems(step.question as number);
      const answered = step.value !== "";
      return {
        problem,
        value: step.value,
        correct: answered && Number(step.value) === problem.answer,
        ms: answered ? step.endsAt - step.appearsAt : questionSeconds * 1000,
      };
    });
}

/** What a page's game needs of a run (whole-number answers; the limit is the whole run's). */
export function mtcPlay(spec: AnySpec, seed: string, checkSeed?: string | null): RunPlay {
  return {
    problems: mtcSequence(spec, seed, checkSeed),
    limitSeconds: mtcTimeLimit(mtcSecondsOf(spec)),
    decimal: false,
  };
}
