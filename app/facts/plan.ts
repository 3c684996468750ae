// Which facts a practice run asks, chosen from the player's own records (docs/decisions/0050-facts-and-spaced-practice.md,
// 0073-a-panel-of-learners.md, 0078-drilling-what-a-child-once-missed.md, 0086-filling-a-plan-with-once-missed-facts.md,
// 0096-practice-once-a-round.md, 0098-a-longer-cap-and-a-fill-by-half-life.md): the facts they asked for, then weak
// ones, then a few they once missed that have not yet held for weeks, then learning ones that are due, new ones, then
// fluent and secure ones due for review, and to fill the list the other facts they once missed, the likeliest
// forgotten first (long unseen, often missed), then the nearest due. Pure: the same records and time, the same plan.
import { FACT_OPS, factKey, factsOf, type Fact, type FactKey, type FactOp } from "~/game/facts";
import { isDue, levelOf, type FactBook, type FactState } from "./state";

/**
 * How many facts a practice run works on. A list of more than WEIGHTED_MAX (20, about a minute's answers) comes once a
 * round, each fact before any comes again; a shorter one asks its first facts two or three times a round
 * (app/game/practice.ts). Chosen by the learner simulation on its training learners (decisions 0073 and 0096): a
 * fact asked again within the minute is answered from a memory seconds old and adds little, so a minute of 24
 * different facts meets a child's shaky ones more often.
 */
export const PLAN_SIZE = 24;
/**
 * Facts with no record yet a run may take: as many as fit after the weak and due ones. A fact new to us is seldom new
 * to the child, and meeting more of them finds their weak facts sooner (decision 0073).
 */
export const NEW_PER_PLAN = 20;

/**
 * A fact the child has ever missed comes back every run, due or not, until its Leitner box reaches DRILL_BOX (5, the
 * last: fluent when due on five separate days, the last 21 days after the one before). Within a minute a missed fact
 * comes again and is answered right and fast from a memory seconds old, which proves little; what a once-missed fact
 * needs is many separate sittings (decision 0078; chosen by the learner panel's training learners, again in 0096).
 */
export const DRILL_BOX = 5;
/** At most this many once-missed facts a run drills so, the least held first; the rest wait for their due day. */
export const DRILL_PER_PLAN = 6;

/**
 * What fills the list once the facts that need it are in: "nearest-due", the facts due soonest (decisions 0050–0078);
 * "missed-longest-unseen", the facts the child has ever missed, the longest unseen first, then the nearest due
 * (decision 0086); "missed-by-share", the facts ever missed, the one whose minutes unseen times
 * (1 + MISS_SHARE_WEIGHT × its share of answers missed) is largest first, then the nearest due (decision 0096); or
 * "missed-by-half-life", the facts ever missed, the lowest estimated recall first (forgettingScore), then the nearest
 * due (decision 0098). A fact once missed and since answered well may still be shaky; asking such facts in turn,
 * spaced apart, finds the ones that are, and a fact missed in one answer of four is likelier shaky than one missed in
 * one of twenty: the record's counts of answers and misses tell them apart where its three latest answers cannot.
 */
export type PlanFill = "nearest-due" | "missed-longest-unseen" | "missed-by-share" | "missed-by-half-life";
export const PLAN_FILL: PlanFill = "missed-by-half-life";
/** How much a fact's share of answers missed brings it forward in the "missed-by-share" fill (decision 0096). */
export const MISS_SHARE_WEIGHT = 25;
/**
 * The "missed-by-half-life" fill (decision 0098): a fact's estimated half-life shrinks e-fold with each
 * 1 / HALF_LIFE_WEIGHT of its answers missed, and the once-missed fact of lowest estimated recall comes first. Chosen
 * by the learner panel's training learners among 10, 20 and 40.
 */
export const HALF_LIFE_WEIGHT = 10;

/**
 * The planner's tunable constants, in one place so the learner simulation can choose them on its training learners
 * and judge them on others (docs/decisions/0073-a-panel-of-learners.md). The site always uses PLAN_TUNING.
 */
export interface PlanTuning {
  /** Facts a plan lists (at most MAX_PRACTICE_FACTS, app/game/practice.ts). */
  planSize: number;
  /** Facts with no record yet a plan takes. */
  newPerPlan: number;
  /** A fact once missed comes every run, due or not, until its Leitner box reaches this (0: no drill). */
  drillBox: number;
  /** The most once-missed facts a plan drills so; the rest wait until due. */
  drillPerPlan: number;
  /** What fills the list after the due facts and the new ones. */
  fill: PlanFill;
  /** The "missed-by-share" fill's weight of a fact's share of answers missed. */
  missShareWeight: number;
  /** The "missed-by-half-life" fill's weight of a fact's share of answers missed in its estimated half-life. */
  halfLifeWeight: number;
}
export const PLAN_TUNING: Readonly<PlanTuning> = {
  planSize: PLAN_SIZE,
  newPerPlan: NEW_PER_PLAN,
  drillBox: DRILL_BOX,
  drillPerPlan: DRILL_PER_PLAN,
  fill: PLAN_FILL,
  missShareWeight: MISS_SHARE_WEIGHT,
  halfLifeWeight: HALF_LIFE_WEIGHT,
};

/** Which facts a player may be asked: their operations, and for a pupil the teacher's tables and + and − range. */
export interface FactScope {
  ops: readonly FactOp[];
  /** × facts whose second number, and ÷ facts whose divisor, is one of these; all when empty or absent. */
  tables?: readonly number[];
  /** The largest number in a + or − fact. */
  addMax?: number;
}

export function inScope(fact: Fact, scope: FactScope): boolean {
  if (!scope.ops.includes(fact.op)) return false;
  const tables = scope.tables ?? [];
  if (fact.op === "*" && tables.length > 0) return tables.includes(fact.b);
  if (fact.op === "/" && tables.length > 0) return tables.includes(fact.a);
  if ((fact.op === "+" || fact.op === "-") && scope.addMax !== undefined) {
    return fact.a <= scope.addMax && fact.b <= scope.addMax;
  }
  return true;
}

/** The 1s, 2s, 5s and 10s are learnt first; then by size. */
const EASY_NUMBERS: ReadonlySet<number> = new Set([1, 2, 5, 10]);

/** The order new facts are brought in: small and easy first. */
function newFactRank(fact: Fact): number {
  if (fact.op === "+" || fact.op === "-") return fact.a + fact.b;
  const easy = EASY_NUMBERS.has(fact.a) || EASY_NUMBERS.has(fact.b);
  return (easy ? 0 : 200) + fact.a * fact.b;
}

interface Known {
  key: FactKey;
  state: FactState;
}

const byDueThenKey = (x: Known, y: Known) => x.state.dueMinute - y.state.dueMinute || (x.key < y.key ? -1 : 1);
const byBoxThenLatest = (x: Known, y: Known) => x.state.box - y.state.box || byLatestThenKey(x, y);
const byLongestUnseenThenKey = (x: Known, y: Known) =>
  x.state.seenMinute - y.state.seenMinute || (x.key < y.key ? -1 : 1);
/** Once-missed facts first, the longest unseen first; then the rest, the nearest due first. */
const byMissedLongestUnseen = (x: Known, y: Known) =>
  Number(y.state.misses > 0) - Number(x.state.misses > 0) ||
  (x.state.misses > 0 ? byLongestUnseenThenKey(x, y) : byDueThenKey(x, y));
/** Once-missed facts first, the largest `score` first (then by key); the others the nearest due first. */
const missedFirstBy = (score: (fact: Known) => number) => (x: Known, y: Known) =>
  Number(y.state.misses > 0) - Number(x.state.misses > 0) ||
  (x.state.misses > 0 ? score(y) - score(x) || (x.key < y.key ? -1 : 1) : byDueThenKey(x, y));
/** Once-missed facts first, the largest minutes unseen × (1 + weight × share missed) first; then the nearest due. */
function byMissedShare(now: number, weight: number) {
  const minute = Math.floor(now / 60_000);
  return missedFirstBy(({ state }) => (minute - state.seenMinute) * (1 + (weight * state.misses) / state.attempts));
}
const byLatestThenKey = (x: Known, y: Known) => y.state.seenMinute - x.state.seenMinute || (x.key < y.key ? -1 : 1);

/**
 * How likely a fact is forgotten at `minute`, as a number that orders facts (larger: likelier), from its record alone
 * (docs/decisions/0098-a-longer-cap-and-a-fill-by-half-life.md). Half-life regression's form (Settles and Meeder
 * 2016): recall after t minutes unseen is 2^(−t / h). Our estimate of h is H · e^(−weight × share of answers missed),
 * one unknown H for every fact of a child: across a fact's many answers its share missed is the steadiest sign in the
 * record of how fast it fades. So the fact of lowest estimated recall is the one of largest
 * ln(1 + minutes unseen) + weight × share missed, whatever H is; that is what this returns (the 1 keeps a fact seen
 * this minute finite).
 */
export function forgettingScore(state: FactState, minute: number, weight: number): number {
  const share = state.attempts > 0 ? state.misses / state.attempts : 0;
  return Math.log(1 + Math.max(0, minute - state.seenMinute)) + weight * share;
}
/** Once-missed facts first, the lowest estimated recall (forgettingScore) first; then the nearest due. */
function byMissedHalfLife(now: number, weight: number) {
  const minute = Math.floor(now / 60_000);
  return missedFirstBy(({ state }) => forgettingScore(state, minute, weight));
}

function fillOrder(tuning: Readonly<PlanTuning>, now: number): (x: Known, y: Known) => number {
  if (tuning.fill === "missed-by-share") return byMissedShare(now, tuning.missShareWeight);
  if (tuning.fill === "missed-by-half-life") return byMissedHalfLife(now, tuning.halfLifeWeight);
  return tuning.fill === "missed-longest-unseen" ? byMissedLongestUnseen : byDueThenKey;
}

/**
 * Up to PLAN_SIZE fact keys, most needed first. `focus`: facts the player chose to practise (the ones they just got
 * wrong); those in scope come first.
 */
export function practicePlan(
  books: Partial<Record<FactOp, FactBook>>,
  scope: FactScope,
  now: number,
  focus: readonly FactKey[] = [],
  tuning: Readonly<PlanTuning> = PLAN_TUNING,
): FactKey[] {
  const weak: Known[] = [];
  const drilled: Known[] = [];
  const dueLearning: Known[] = [];
  const dueReview: Known[] = [];
  const later: Known[] = [];
  const unseen: Fact[] = [];
  for (const op of FACT_OPS) {
    if (!scope.ops.includes(op)) continue;
    const book = books[op];
    for (const fact of factsOf(op)) {
      if (!inScope(fact, scope)) continue;
      const key = factKey(fact);
      const state = book?.facts.get(key);
      const level = levelOf(state);
      if (!state || level === "unseen") unseen.push(fact);
      else if (level === "weak") weak.push({ key, state });
      else {
        if (state.misses > 0 && state.box < tuning.drillBox) drilled.push({ key, state });
        if (!isDue(state, now)) later.push({ key, state });
        else if (level === "learning") dueLearning.push({ key, state });
        else dueReview.push({ key, state });
      }
    }
  }
  unseen.sort((x, y) => newFactRank(x) - newFactRank(y) || (factKey(x) < factKey(y) ? -1 : 1));
  const keys = (list: Known[]) => list.map((known) => known.key);
  const ordered = [
    ...focus,
    ...keys(weak.sort(byLatestThenKey)),
    ...keys(drilled.sort(byBoxThenLatest).slice(0, tuning.drillPerPlan)),
    ...keys(dueLearning.sort(byDueThenKey)),
    ...unseen.slice(0, tuning.newPerPlan).map(factKey),
    ...keys(dueReview.sort(byDueThenKey)),
    ...keys(later.sort(fillOrder(tuning, now))),
    ...unseen.slice(tuning.newPerPlan).map(factKey),
  ];
  const allowed = new Set<FactKey>();
  for (const op of FACT_OPS) for (const fact of factsOf(op)) if (inScope(fact, scope)) allowed.add(factKey(fact));
  const plan: FactKey[] = [];
  for (const key of ordered) {
    if (plan.length >= tuning.planSize) break;
    if (allowed.has(key) && !plan.includes(key)) plan.push(key);
  }
  return plan;
}
