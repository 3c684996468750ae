// How many games a simulated child needs for their first sticker and for a whole table's badge
// (docs/product.md#sticker-book, docs/decisions/0091-stickers-follow-secure-facts.md): the fluency bench's learners
// (bench/lib/fluency-sim.ts, decision 0073), playing a minute's game once or twice a day, their records folded as the
// finish folds them and their stickers awarded as the finish awards them (app/facts/stickers.ts).
import { formatProblem, problemSequence, rngFromString, type Problem } from "../../app/game";
import { factKey, factOfProblem, type FactKey } from "../../app/game/facts";
import { practiceSequenceOf } from "../../app/game/practice";
import { PLAN_TUNING, practicePlan } from "../../app/facts/plan";
import { applyToBook, emptyBook, factAnswersOf, type FactBook, type StoredAnswer } from "../../app/facts/state";
import { badgesOf, stickersEarned, type Sticker } from "../../app/facts/stickers";
import {
  PROBLEMS_PER_SESSION,
  RANDOM_SPEC,
  SCOPE,
  START_MS,
  answerFact,
  makeLearner,
  sessionTimes,
  type Policy,
} from "./fluency-sim";
import type { PanelMember } from "./learner-panel";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Games after which a child with no badge yet stops (about ten months of one or two games a day). */
export const GAMES_CAP = 400;

export interface StickerOutcome {
  /** Games played before the first sticker, and the days since the first game (the cap when never). */
  firstSticker: { games: number; days: number };
  /** Games before the first whole table (a row of the × grid) had all its stickers. */
  firstTable: { games: number; days: number };
  /** Whether the badge came within the cap. */
  table: boolean;
}

function problemsOf(policy: Policy, book: FactBook, now: number, seed: string): (i: number) => Problem {
  if (policy === "random") return problemSequence(RANDOM_SPEC, seed);
  return practiceSequenceOf(practicePlan({ "*": book }, SCOPE, now, [], PLAN_TUNING), seed);
}

/** One learner playing games under a policy until their first badge, or the cap. */
export function simulateStickers(member: PanelMember, policy: Policy, seed: string): StickerOutcome {
  const learner = makeLearner(member, seed);
  const rng = rngFromString(`answers:${member.id}:${seed}:${policy}:stickers`);
  let book = emptyBook();
  const held = new Map<FactKey, number>();
  let games = 0;
  let firstSticker: StickerOutcome["firstSticker"] | null = null;
  for (const start of sessionTimes(`${member.id}:${seed}`)) {
    const days = Math.floor((start - START_MS) / DAY_MS);
    if (games >= GAMES_CAP) {
      const capped = { games: GAMES_CAP, days };
      return { firstSticker: firstSticker ?? capped, firstTable: capped, table: false };
    }
    const next = problemsOf(policy, book, start, `${seed}:${policy}:${games}`);
    const answers: StoredAnswer[] = [];
    let at = start;
    for (let i = 0; i < PROBLEMS_PER_SESSION; i++) {
      const problem = next(i);
      const fact = factOfProblem(problem);
      if (!fact) throw new Error(`Not a fact: ${formatProblem(problem).text}`);
      const answer = answerFact(learner, factKey(fact), at, rng, games);
      at += answer.ms;
      answers.push({
        problem: formatProblem(problem).text,
        correctAnswer: problem.answer,
        isCorrect: answer.correct,
        timeStamp: at,
      });
    }
    const folded = factAnswersOf({ startedAt: start, answers });
    book = applyToBook(book, folded);
    games += 1;
    const asked = new Set(folded.map((answer) => answer.key));
    const earned = stickersEarned(
      Array.from(asked, (key) => [key, book.facts.get(key)] as const),
      new Set(held.keys()),
    );
    for (const key of earned) held.set(key, at);
    if (earned.length > 0) firstSticker ??= { games, days };
    const stickers: Sticker[] = Array.from(held, ([key, earnedAt]) => ({ key, earnedAt }));
    if (earned.length > 0 && badgesOf(stickers).length > 0) {
      return { firstSticker: firstSticker ?? { games, days }, firstTable: { games, days }, table: true };
    }
  }
  throw new Error("unreachable");
}
