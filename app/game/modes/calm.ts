// A member's or visitor's calm game (docs/product.md#calm-play): the solo problems, 20 questions, no clock.
import { CALM_QUESTIONS, CALM_TIME_LIMIT } from "~/game/calm";
import { calmSequence, type CalmSpec } from "~/game/calm-solo";
import { OPERATIONS, SOLO_DIFFICULTIES } from "~/game/types";
import { hasExactly, itsMode, listOf, oneOf, wholeAnswers, type ModeDefinition, type SpecFields } from "./definition";

export const calmMode: ModeDefinition<CalmSpec> = {
  mode: "calm",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "difficulty", "operations"])) return null;
    const operations = listOf(OPERATIONS, value.operations);
    if (!oneOf(SOLO_DIFFICULTIES, value.difficulty) || !operations) return null;
    return { mode: "calm", difficulty: value.difficulty, operations };
  },
  sequence: calmSequence,
  timeLimit: () => CALM_TIME_LIMIT,
  questions: () => CALM_QUESTIONS,
  check: "near",
  decimal: wholeAnswers,
  gameType: itsMode,
  // Its words are app/components/game/practice-results.tsx's CALM_RESULTS.
  words: null,
  // Its form is app/components/game/calm-start.tsx.
  start: null,
  page: {
    path: "/game/calm",
    card: {
      heading: "Calm play",
      text: "No clock on the screen: 20 questions at your own speed, and the right answer after a miss.",
      action: "Play calmly",
    },
  },
};
