// Simulated learners for the fluency bench (bench/fluency.bench.ts): children who know most of their times tables and
// a handful of facts badly, practising a minute at a time with our adaptive practice or with the random solo game
// (docs/decisions/0050-facts-and-spaced-practice.md). Seeded: the same learner and the same policy give the same
// figures every time.
//
// The memory model is half-life regression (B. Settles and B. Meeder, "A Trainable Spaced Repetition Model for
// Language Learning", ACL 2016, https://doi.org/10.18653/v1/P16-1174): the chance of recalling a fact Δ days after
// it was last seen is p = 2^(−Δ/h), and its half-life h = 2^(Θ·x) grows with the square roots of the right and wrong
// answers so far (x = [1, √(1 + right), √(1 + wrong), the fact]). We do not fit Θ to data: the weights below are
// chosen so that a known fact's half-life is months to years and a weak one's a few days, with a per-fact difficulty
// (bigger products are harder, plus noise) and a per-learner forgetting rate. A wrong answer lowers the half-life only
// a little: with a larger weight a fact met too rarely is missed, forgotten faster, missed again, and never learnt.
import { formatProblem, problemSequence, rngFromString, type Problem, type Rng, type RunSpec } from "../../app/game";
import { factKey, factOfProblem, factsOf, type FactKey } from "../../app/game/facts";
import { practiceSequenceOf } from "../../app/game/practice";
import { practicePlan, type FactScope } from "../../app/facts/plan";
import {
  FLUENT_MS,
  applyToBook,
  emptyBook,
  factAnswersOf,
  type FactBook,
  type StoredAnswer,
} from "../../app/facts/state";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Every simulation starts on the same (arbitrary) day, a Monday in 2026, at midnight UTC. */
export const START_MS = Date.UTC(2026, 0, 5);

/** Θ of half-life regression, h in days: log2 h = BIAS + RIGHT·√(1 + right) + WRONG·√(1 + wrong) − difficulty. */
export interface Theta {
  bias: number;
  right: number;
  wrong: number;
}
export const THETA: Readonly<Theta> = { bias: 0, right: 2.5, wrong: -0.3 };
/** A fact is fluent in the learner's true state when its recall probability is at least this… */
export const FLUENT_P = 0.9;
/** …and a recalled fact is answered fast (under FLUENT_MS) when its recall probability is at least this. */
export const STRONG_P = 0.8;

/** The facts practised: the 12 × 12 multiplication grid. */
export const SCOPE: FactScope = { ops: ["*"] };
/** The random game: the solo game, normal, × only (1–12 × 1–12, uniform), whose problems are all grid facts. */
export const RANDOM_SPEC: RunSpec = { mode: "solo", difficulty: "normal", operations: ["*"], timeLimit: 60 };
/** A session is a minute's game: about 20 answers at a Year 4 child's pace. */
export const PROBLEMS_PER_SESSION = 20;
/** A learner who is not fluent after this many problems (500 sessions, about a school year) counts as this many. */
export const PROBLEM_CAP = 20_000;

/** Tables a child finds hard; weak facts are pairs from these (7 × 8 and 8 × 7 both). */
const HARD_TABLES = [3, 4, 6, 7, 8, 9, 12] as const;

export interface Memory {
  right: number;
  wrong: number;
  /** Epoch ms of the last time the fact was asked. */
  lastSeen: number;
  /** Subtracted from log2 h: a harder fact is forgotten sooner. */
  difficulty: number;
}

export interface Learner {
  seed: string;
  memory: Map<FactKey, Memory>;
  /** The facts this learner starts weak on. */
  weak: FactKey[];
  theta: Readonly<Theta>;
}

export interface SimOptions {
  /** The model's weights (THETA unless given): for the bench's check of how much the figures lean on them. */
  theta?: Readonly<Theta>;
  /**
   * Half-life regression as published counts every answer, even one a few seconds after the last: a policy that
   * asks a fact three times a minute earns three answers. With `massedOnce`, answers to a fact within the same
   * session count once (a check that the adaptive policy's lead does not rest on that).
   */
  massedOnce?: boolean;
}

const uniform = (rng: Rng, low: number, high: number) => low + rng.next() * (high - low);

/** A learner for a seed: most facts long known, 3–5 pairs of hard facts weak. */
export function makeLearner(seed: string, theta: Readonly<Theta> = THETA): Learner {
  const rng = rngFromString(`learner:${seed}`);
  // How fast this child forgets, on top of each fact's difficulty.
  const forgetting = uniform(rng, -0.5, 0.5);
  const weak = new Set<FactKey>();
  const pairs = rng.int(3, 5);
  while (weak.size < 2 * pairs) {
    const a = rng.pick(HARD_TABLES);
    const b = rng.pick(HARD_TABLES);
    if (a === b) continue;
    weak.add(factKey({ op: "*", a, b }));
    weak.add(factKey({ op: "*", a: b, b: a }));
  }
  const memory = new Map<FactKey, Memory>();
  for (const fact of factsOf("*")) {
    const key = factKey(fact);
    const difficulty =
      Math.max(0, forgetting + (1.5 * fact.a * fact.b) / 144 + uniform(rng, -0.5, 0.5)) + (weak.has(key) ? 1 : 0);
    memory.set(
      key,
      weak.has(key)
        ? { right: rng.int(0, 2), wrong: rng.int(3, 6), lastSeen: START_MS - uniform(rng, 1, 7) * DAY_MS, difficulty }
        : {
            right: rng.int(8, 15),
            wrong: rng.int(0, 1),
            lastSeen: START_MS - uniform(rng, 0, 14) * DAY_MS,
            difficulty,
          },
    );
  }
  return { seed, memory, weak: [...weak].sort(), theta };
}

/** The half-life in days of a fact's memory. */
export function halfLifeDays(memory: Memory, theta: Readonly<Theta> = THETA): number {
  return (
    2 **
    (theta.bias +
      theta.right * Math.sqrt(1 + memory.right) +
      theta.wrong * Math.sqrt(1 + memory.wrong) -
      memory.difficulty)
  );
}

/** The chance of recalling a fact at `now`. */
export function recallProbability(memory: Memory, now: number, theta: Readonly<Theta> = THETA): number {
  const days = Math.max(0, now - memory.lastSeen) / DAY_MS;
  return 2 ** (-days / halfLifeDays(memory, theta));
}

/** Whether every fact is fluent in the learner's true state: recalled with p ≥ FLUENT_P, hence fast. */
export function isFluent(learner: Learner, now: number): boolean {
  for (const memory of learner.memory.values())
    if (recallProbability(memory, now, learner.theta) < FLUENT_P) return false;
  return true;
}

export interface Answer {
  correct: boolean;
  ms: number;
}

/** The session in which each memory was last asked (for `massedOnce`). */
const sessionOf = new WeakMap<Memory, number>();

/**
 * The learner answers a fact at `now`: right with their recall probability, fast when recall is strong, slow when
 * it is weak (worked out), and wrong otherwise; then the memory is updated as the model says.
 */
export function answerFact(
  learner: Learner,
  key: FactKey,
  now: number,
  rng: Rng,
  session: number,
  options: SimOptions = {},
): Answer {
  const memory = learner.memory.get(key);
  if (!memory) throw new RangeError(`Not a fact of the grid: ${key}`);
  const p = recallProbability(memory, now, learner.theta);
  const correct = rng.next() < p;
  const ms = correct
    ? p >= STRONG_P
      ? uniform(rng, 1_200, FLUENT_MS - 200)
      : uniform(rng, FLUENT_MS + 500, 7_000)
    : uniform(rng, 3_000, 9_000);
  const counted = !(options.massedOnce && sessionOf.get(memory) === session);
  if (counted) {
    if (correct) memory.right += 1;
    else memory.wrong += 1;
  }
  sessionOf.set(memory, session);
  memory.lastSeen = now;
  return { correct, ms: Math.round(ms) };
}

/** When a learner's sessions start: every day one in the morning, and on about half the days one after school. */
export function* sessionTimes(seed: string): Generator<number> {
  const rng = rngFromString(`days:${seed}`);
  for (let day = 0; ; day++) {
    const midnight = START_MS + day * DAY_MS;
    yield midnight + (8 * 60 + uniform(rng, 0, 60)) * 60_000;
    if (rng.next() < 0.5) yield midnight + (15 * 60 + 30 + uniform(rng, 0, 120)) * 60_000;
  }
}

export type Policy = "adaptive" | "random";

export interface Outcome {
  /** Problems answered before every fact was fluent (PROBLEM_CAP when it never was). */
  problems: number;
  sessions: number;
  days: number;
  fluent: boolean;
}

/** The problems of one session under a policy. */
function sessionProblems(policy: Policy, book: FactBook, now: number, seed: string): (i: number) => Problem {
  if (policy === "random") return problemSequence(RANDOM_SPEC, seed);
  return practiceSequenceOf(practicePlan({ "*": book }, SCOPE, now), seed);
}

/** One learner practising under a policy until every fact is fluent (checked as each session starts) or the cap. */
export function simulate(policy: Policy, learnerSeed: string, options: SimOptions = {}): Outcome {
  const learner = makeLearner(learnerSeed, options.theta);
  const rng = rngFromString(`answers:${learnerSeed}:${policy}`);
  let book = emptyBook();
  let problems = 0;
  let sessions = 0;
  for (const start of sessionTimes(learnerSeed)) {
    const days = Math.floor((start - START_MS) / DAY_MS);
    if (isFluent(learner, start)) return { problems, sessions, days, fluent: true };
    if (problems >= PROBLEM_CAP) return { problems: PROBLEM_CAP, sessions, days, fluent: false };
    const next = sessionProblems(policy, book, start, `${learnerSeed}:${policy}:${sessions}`);
    const answers: StoredAnswer[] = [];
    let at = start;
    for (let i = 0; i < PROBLEMS_PER_SESSION; i++) {
      const problem = next(i);
      const fact = factOfProblem(problem);
      if (!fact) throw new Error(`Not a fact: ${formatProblem(problem).text}`);
      const answer = answerFact(learner, factKey(fact), at, rng, sessions, options);
      at += answer.ms;
      answers.push({
        problem: formatProblem(problem).text,
        correctAnswer: problem.answer,
        isCorrect: answer.correct,
        timeStamp: at,
      });
    }
    // The records as the finish keeps them: the run's stored answers, read back into facts and folded into the book.
    book = applyToBook(book, factAnswersOf({ startedAt: start, answers }));
    problems += PROBLEMS_PER_SESSION;
    sessions += 1;
  }
  throw new Error("unreachable");
}
