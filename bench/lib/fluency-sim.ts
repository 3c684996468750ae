// Simulated learners for the fluency bench (bench/fluency.bench.ts): children practising the 12 × 12 times tables a
// minute at a time with our adaptive practice or with the random solo game (docs/decisions/0073-a-panel-of-learners.md).
// A learner is drawn from a panel member (bench/lib/learner-panel.ts): a memory model from the literature, the
// child's starting knowledge, and their age, which sets how fast they answer. Seeded: the same member, seed and
// policy give the same figures every time.
//
// Two memory models:
// - Half-life regression (B. Settles and B. Meeder, "A Trainable Spaced Repetition Model for Language Learning", ACL
//   2016, https://doi.org/10.18653/v1/P16-1174): recall Δ days after the last sight is p = 2^(−Δ/h), with
//   log2 h = Θ·[1, √(1 + right), √(1 + wrong)] − difficulty. Θ is ours, not fitted (decision 0050).
// - ACT-R declarative memory with activation-dependent decay (P. I. Pavlik and J. R. Anderson, "Practice and
//   Forgetting Effects on Vocabulary Memory: An Activation-Based Model of the Spacing Effect", Cognitive Science 29,
//   2005, https://doi.org/10.1207/s15516709cog0000_14): activation m = ln Σ t_j^(−d_j), each trace's decay
//   d_j = c·e^(m at its practice) + a, recall p = 1 / (1 + e^((τ − m)/s)), time between sittings scaled by h.
//
// Answer times are log-normal (the usual shape of response times; a recalled fact's median by age, slower as recall
// weakens; learner-panel.ts gives the figures and which are assumptions), so a known fact is sometimes slower than
// 3 s and a shaky one sometimes faster: the records see what a child gives, not the hidden recall.
import { formatProblem, problemSequence, rngFromString, type Problem, type Rng, type RunSpec } from "../../app/game";
import { factKey, factOfProblem, factProblem, factsOf, parseFactKey, type FactKey } from "../../app/game/facts";
import { practiceSequenceOf } from "../../app/game/practice";
import { PLAN_TUNING, practicePlan, type FactScope, type PlanTuning } from "../../app/facts/plan";
import { applyToBook, emptyBook, factAnswersOf, type FactBook, type StoredAnswer } from "../../app/facts/state";
import type { ActrParams, HlrParams, PanelMember } from "./learner-panel";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Every simulation starts on the same (arbitrary) day, a Monday in 2026, at midnight UTC. */
export const START_MS = Date.UTC(2026, 0, 5);

/** A fact is fluent in the learner's true state when its recall probability is at least this. */
export const FLUENT_P = 0.9;

/** The facts practised: the 12 × 12 multiplication grid. */
export const SCOPE: FactScope = { ops: ["*"] };
/** The random game: the solo game, normal, × only (1–12 × 1–12, uniform), whose problems are all grid facts. */
export const RANDOM_SPEC: RunSpec = { mode: "solo", difficulty: "normal", operations: ["*"], timeLimit: 60 };
/** A session is a minute's game: about 20 answers at a Year 4 child's pace. */
export const PROBLEMS_PER_SESSION = 20;
/**
 * A learner not fluent after this many problems (3,000 sittings, about 5½ years) counts as this many: a yardstick, not
 * a child's school years. Decision 0078 raised it from 10,000 to 20,000, within which most ACT-R learners could not be
 * made fluent by any schedule; decision 0098 to 60,000, since random practice, the goal's measure, stopped at 20,000
 * for most ACT-R learners, and a ratio to a capped figure says less than it seems. Every policy has the same cap.
 */
export const PROBLEM_CAP = 60_000;
/** The cap before decision 0098: the bench reports its figures too, beside the goal's (`atEarlierCap`). */
export const EARLIER_PROBLEM_CAP = 20_000;
/**
 * The second measure (decision 0078): problems until this share of the facts not fluent at the start is fluent at
 * once, for learners whom neither kind of practice makes fluent in every fact within the cap.
 */
export const SHARE_FLUENT = 0.9;

/** Tables a child finds hard; a typical learner's weak facts are pairs from these (7 × 8 and 8 × 7 both). */
const HARD_TABLES = [3, 4, 6, 7, 8, 9, 12] as const;

/** Half-life regression's state of one fact. */
export interface HlrMemory {
  kind: "hlr";
  right: number;
  wrong: number;
  /** Epoch ms of the last time the fact was asked. */
  lastSeen: number;
  /** Subtracted from log2 h: a harder fact is forgotten sooner. */
  difficulty: number;
}

/** ACT-R's state of one fact: its traces, and the practice before the simulation folded into one old trace. */
export interface ActrMemory {
  kind: "actr";
  /** The earlier practice: `count` traces of decay `decay`, treated as `ageSeconds` old (psychological) at START_MS. */
  prior: { count: number; ageSeconds: number; decay: number };
  /** Epoch ms of each practice in the simulation, each one's decay, and how many practices it stands for. */
  times: number[];
  decays: number[];
  weights: number[];
  /** Added to the activation: the fact's and the child's own ease (Pavlik & Anderson 2008's item and person terms). */
  offset: number;
}

export type Memory = HlrMemory | ActrMemory;

export interface Learner {
  seed: string;
  member: PanelMember;
  /** 7 to 11. */
  age: number;
  /** The median ms of a right answer to a fact recalled for sure, at this learner's age. */
  retrievalMedianMs: number;
  memory: Map<FactKey, Memory>;
  /** The facts this learner starts weak on (or, half knowing, not knowing). */
  weak: FactKey[];
}

export interface SimOptions {
  /**
   * Half-life regression as published counts every answer, even one a few seconds after the last: a policy that
   * asks a fact three times a minute earns three answers. With `massedOnce`, answers to a fact within the same
   * session count once (ACT-R: only the first adds a trace).
   */
  massedOnce?: boolean;
  /** The planner's constants (the site's unless given): the bench tunes them on training learners. */
  tuning?: Readonly<PlanTuning>;
  /** Problems after which a learner not yet fluent stops (PROBLEM_CAP unless given). */
  cap?: number;
  /** A lower cap whose outcome is kept too (Outcome.atEarlierCap): the same run, stopped sooner. */
  earlierCap?: number;
}

const uniform = (rng: Rng, low: number, high: number) => low + rng.next() * (high - low);

/** A standard normal draw (Box–Muller). */
function normal(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** A log-normal draw with this median and σ of the logarithm. */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * normal(rng));
}

/** The facts a learner starts weak on: 3–5 pairs of hard facts, or, knowing half, the harder half of the grid. */
function weakFacts(member: PanelMember, rng: Rng): Set<FactKey> {
  const weak = new Set<FactKey>();
  if (member.start === "half-known") {
    // Half the grid unknown: the larger products, as children learn the 2s, 5s and 10s and small ones first.
    const facts = factsOf("*")
      .map((fact) => ({ fact, rank: fact.a * fact.b + uniform(rng, -15, 15) }))
      .sort((x, y) => y.rank - x.rank);
    for (const { fact } of facts) {
      if (weak.size >= 72) break;
      weak.add(factKey(fact));
      weak.add(factKey({ op: "*", a: fact.b, b: fact.a }));
    }
    return weak;
  }
  const pairs = rng.int(3, 5);
  while (weak.size < 2 * pairs) {
    const a = rng.pick(HARD_TABLES);
    const b = rng.pick(HARD_TABLES);
    if (a === b) continue;
    weak.add(factKey({ op: "*", a, b }));
    weak.add(factKey({ op: "*", a: b, b: a }));
  }
  return weak;
}

function hlrMemory(forgetting: number, size: number, weak: boolean, half: boolean, rng: Rng) {
  const difficulty = Math.max(0, forgetting + 1.5 * size + uniform(rng, -0.5, 0.5)) + (weak ? 1 : 0);
  if (!weak)
    return {
      kind: "hlr" as const,
      right: rng.int(8, 15),
      wrong: rng.int(0, 1),
      lastSeen: START_MS - uniform(rng, 0, 14) * DAY_MS,
      difficulty,
    };
  if (half)
    // Met in class, not learnt: a few tries, mostly wrong, a week or more ago.
    return {
      kind: "hlr" as const,
      right: rng.int(0, 1),
      wrong: rng.int(1, 3),
      lastSeen: START_MS - uniform(rng, 7, 30) * DAY_MS,
      difficulty,
    };
  return {
    kind: "hlr" as const,
    right: rng.int(0, 2),
    wrong: rng.int(3, 6),
    lastSeen: START_MS - uniform(rng, 1, 7) * DAY_MS,
    difficulty,
  };
}

function actrMemory(params: ActrParams, ease: number, size: number, weak: boolean, half: boolean, rng: Rng) {
  const offset = ease - params.sizeWeight * size + uniform(rng, -0.15, 0.15);
  const days = (low: number, high: number) => uniform(rng, low, high) * 86_400 * params.h;
  const prior = !weak
    ? // Learnt over the past year or two: many spaced practices, a low decay each.
      { count: rng.int(30, 60), ageSeconds: days(30, 200), decay: 0.2 }
    : half
      ? { count: rng.int(0, 2), ageSeconds: days(7, 30), decay: 0.4 }
      : { count: rng.int(1, 4), ageSeconds: days(2, 10), decay: 0.4 };
  return { kind: "actr" as const, prior, times: [], decays: [], weights: [], offset };
}

/** A learner of a panel member for a seed. */
export function makeLearner(member: PanelMember, seed: string): Learner {
  const rng = rngFromString(`learner:${member.id}:${seed}`);
  const age = rng.int(7, 11);
  const weak = weakFacts(member, rng);
  const half = member.start === "half-known";
  // How fast this child forgets (HLR) or how easily they recall (ACT-R), on top of each fact's own difficulty.
  const personal = uniform(rng, -0.5, 0.5);
  const memory = new Map<FactKey, Memory>();
  for (const fact of factsOf("*")) {
    const key = factKey(fact);
    const size = (fact.a * fact.b) / 144;
    const isWeak = weak.has(key);
    memory.set(
      key,
      member.model.kind === "hlr"
        ? hlrMemory(member.model.forgetting + personal, size, isWeak, half, rng)
        : actrMemory(member.model, personal * member.model.personSpread, size, isWeak, half, rng),
    );
  }
  return {
    seed,
    member,
    age,
    retrievalMedianMs: member.times.retrievalMedianMs[age - 7] ?? 2_000,
    memory,
    weak: [...weak].sort(),
  };
}

/** The half-life in days of a fact under half-life regression. */
export function halfLifeDays(memory: HlrMemory, params: HlrParams): number {
  return (
    2 **
    (params.bias +
      params.right * Math.sqrt(1 + memory.right) +
      params.wrong * Math.sqrt(1 + memory.wrong) -
      memory.difficulty)
  );
}

/** Psychological seconds since a practice: a sitting's own minutes in full, the time after it at the rate h. */
function actrAge(ms: number, h: number): number {
  const seconds = Math.max(ms, 1) / 1000;
  return seconds <= 300 ? seconds : 300 + h * (seconds - 300);
}

/**
 * At most this many traces are kept apart; beyond it the two neighbours closest in time for their age are merged into
 * one of both weights, at their mean time and decay (in the spirit of T. Petrov's approximation of the base-level
 * activation, 2006): old traces close together decay alike, and the bench's ACT-R learners run several times faster.
 */
const MAX_TRACES = 10;

function mergeTraces(memory: ActrMemory, now: number): void {
  const { times, decays, weights } = memory;
  let best = 0;
  let bestSpread = Infinity;
  for (let j = 0; j + 1 < times.length; j++) {
    const spread = ((times[j + 1] as number) - (times[j] as number)) / Math.max(1, now - (times[j + 1] as number));
    if (spread < bestSpread) {
      bestSpread = spread;
      best = j;
    }
  }
  const w1 = weights[best] as number;
  const w2 = weights[best + 1] as number;
  const mean = (values: number[]) => ((values[best] as number) * w1 + (values[best + 1] as number) * w2) / (w1 + w2);
  times.splice(best, 2, mean(times));
  decays.splice(best, 2, mean(decays));
  weights.splice(best, 2, w1 + w2);
}

/** ACT-R activation of a fact at `now` (−Infinity when never practised). */
export function activation(memory: ActrMemory, now: number, params: ActrParams): number {
  const { prior } = memory;
  let sum = prior.count > 0 ? prior.count * (prior.ageSeconds + actrAge(now - START_MS, params.h)) ** -prior.decay : 0;
  for (let j = 0; j < memory.times.length; j++) {
    sum +=
      (memory.weights[j] as number) *
      actrAge(now - (memory.times[j] as number), params.h) ** -(memory.decays[j] as number);
  }
  return sum > 0 ? Math.log(sum) + memory.offset : -Infinity;
}

function actrRecall(m: number, model: ActrParams): number {
  return m === -Infinity ? 0 : 1 / (1 + Math.exp((model.tau - m) / model.s));
}

/** The chance of recalling a fact at `now`. */
export function recallProbability(learner: Learner, memory: Memory, now: number): number {
  const model = learner.member.model;
  if (memory.kind === "hlr" && model.kind === "hlr") {
    const days = Math.max(0, now - memory.lastSeen) / DAY_MS;
    return 2 ** (-days / halfLifeDays(memory, model));
  }
  if (memory.kind === "actr" && model.kind === "actr") return actrRecall(activation(memory, now, model), model);
  throw new Error("A memory of another model");
}

/** Each learner's facts, the latest to fail a check first: most checks then fail at once, so they stay cheap. */
const checkOrder = new WeakMap<Learner, FactKey[]>();

/** Whether every fact is fluent in the learner's true state: recalled with p ≥ FLUENT_P. */
export function isFluent(learner: Learner, now: number): boolean {
  let order = checkOrder.get(learner);
  if (!order) checkOrder.set(learner, (order = [...learner.memory.keys()]));
  for (let k = 0; k < order.length; k++) {
    const key = order[k] as FactKey;
    if (recallProbability(learner, learner.memory.get(key)!, now) < FLUENT_P) {
      order.splice(k, 1);
      order.unshift(key);
      return false;
    }
  }
  return true;
}

/** The facts not fluent in the learner's true state at `now`. */
export function gapsAt(learner: Learner, now: number): FactKey[] {
  return [...learner.memory.keys()].filter(
    (key) => recallProbability(learner, learner.memory.get(key)!, now) < FLUENT_P,
  );
}

/** The share of `keys` fluent in the learner's true state at `now`. */
export function fluentShare(learner: Learner, keys: readonly FactKey[], now: number): number {
  if (keys.length === 0) return 1;
  const fluent = keys.filter((key) => recallProbability(learner, learner.memory.get(key)!, now) >= FLUENT_P).length;
  return fluent / keys.length;
}

export interface Answer {
  correct: boolean;
  ms: number;
}

/** The session in which each memory was last asked (for `massedOnce`). */
const sessionOf = new WeakMap<Memory, number>();

/**
 * The learner answers a fact at `now`: right with their recall probability, in a log-normal time whose median grows
 * as recall weakens; wrong otherwise; then the memory is updated as the model says.
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
  const model = learner.member.model;
  // ACT-R: the activation now gives both the recall and, if it is practised, the new trace's decay.
  const m = memory.kind === "actr" && model.kind === "actr" ? activation(memory, now, model) : 0;
  const p =
    memory.kind === "actr" && model.kind === "actr" ? actrRecall(m, model) : recallProbability(learner, memory, now);
  const correct = rng.next() < p;
  const times = learner.member.times;
  const ms = correct
    ? logNormal(rng, learner.retrievalMedianMs * (1 + times.weakSlowing * (1 - p)), times.sigma)
    : logNormal(rng, times.wrongMedianMs, times.wrongSigma);
  const counted = !(options.massedOnce && sessionOf.get(memory) === session);
  sessionOf.set(memory, session);
  if (memory.kind === "hlr") {
    if (counted) {
      if (correct) memory.right += 1;
      else memory.wrong += 1;
    }
    memory.lastSeen = now;
  } else if (counted && model.kind === "actr") {
    // The decay comes from the trace's own strength, before the fact's and child's ease are added.
    memory.decays.push(m === -Infinity ? model.a : model.c * Math.exp(m - memory.offset) + model.a);
    memory.times.push(now);
    memory.weights.push(1);
    if (memory.times.length > MAX_TRACES) mergeTraces(memory, now);
  }
  return { correct, ms: Math.round(Math.min(ms, 60_000)) };
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

/**
 * adaptive: our practice from the child's records; random: the solo game; ideal: a reference no app can be, which sees
 * the hidden recall and asks the facts least likely to be recalled, each once a sitting (decision 0086: whether a
 * learner's model lets any schedule make it fluent within the cap).
 */
export type Policy = "adaptive" | "random" | "ideal";

export interface Outcome {
  /** Problems answered before every fact was fluent (PROBLEM_CAP when it never was). */
  problems: number;
  sessions: number;
  days: number;
  fluent: boolean;
  /** Problems answered before SHARE_FLUENT of the facts were fluent (the cap when they never were). */
  shareProblems: number;
  /** The outcome had the run stopped at `options.earlierCap` (the same as this one when it ended before). */
  atEarlierCap?: Omit<Outcome, "atEarlierCap">;
}

/** The facts of lowest true recall at `now`, weakest first, one problem each. */
function idealProblems(learner: Learner, now: number): (i: number) => Problem {
  const ranked = [...learner.memory.entries()]
    .map(([key, memory]) => ({ key, p: recallProbability(learner, memory, now) }))
    .sort((x, y) => x.p - y.p || (x.key < y.key ? -1 : 1));
  const problems = ranked.slice(0, PROBLEMS_PER_SESSION).map(({ key }) => factProblem(parseFactKey(key)!));
  return (i) => problems[i % problems.length]!;
}

/** The problems of one session under a policy. */
function sessionProblems(
  policy: Policy,
  learner: Learner,
  book: FactBook,
  now: number,
  seed: string,
  tuning: Readonly<PlanTuning>,
): (i: number) => Problem {
  if (policy === "random") return problemSequence(RANDOM_SPEC, seed);
  if (policy === "ideal") return idealProblems(learner, now);
  return practiceSequenceOf(practicePlan({ "*": book }, SCOPE, now, [], tuning), seed);
}

/** One learner practising under a policy until every fact is fluent (checked as each session starts) or the cap. */
export function simulate(member: PanelMember, policy: Policy, learnerSeed: string, options: SimOptions = {}): Outcome {
  const learner = makeLearner(member, learnerSeed);
  const rng = rngFromString(`answers:${member.id}:${learnerSeed}:${policy}`);
  const tuning = options.tuning ?? PLAN_TUNING;
  const cap = options.cap ?? PROBLEM_CAP;
  let book = emptyBook();
  let problems = 0;
  let sessions = 0;
  let shareProblems: number | null = null;
  let atEarlierCap: Outcome["atEarlierCap"];
  const ended = (outcome: Outcome): Outcome =>
    options.earlierCap === undefined ? outcome : { ...outcome, atEarlierCap: atEarlierCap ?? { ...outcome } };
  // The second measure counts the facts the child did not know when they started.
  const gaps = gapsAt(learner, START_MS);
  for (const start of sessionTimes(`${member.id}:${learnerSeed}`)) {
    const days = Math.floor((start - START_MS) / DAY_MS);
    if (shareProblems === null && fluentShare(learner, gaps, start) >= SHARE_FLUENT) shareProblems = problems;
    if (isFluent(learner, start))
      return ended({ problems, sessions, days, fluent: true, shareProblems: shareProblems ?? problems });
    if (problems >= cap)
      return ended({ problems: cap, sessions, days, fluent: false, shareProblems: shareProblems ?? cap });
    if (options.earlierCap !== undefined && atEarlierCap === undefined && problems >= options.earlierCap) {
      const earlier = options.earlierCap;
      atEarlierCap = { problems: earlier, sessions, days, fluent: false, shareProblems: shareProblems ?? earlier };
    }
    const next = sessionProblems(policy, learner, book, start, `${learnerSeed}:${policy}:${sessions}`, tuning);
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
