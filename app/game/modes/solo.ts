// A member's or visitor's timed game (docs/product.md#solo-game): on the public boards by difficulty and time.
import { soloSequence, type SoloSpec } from "~/game/play";
import { OPERATIONS, SOLO_DIFFICULTIES, isTimeLimit } from "~/game/types";
import {
  endsWithItsClock,
  hasExactly,
  listOf,
  oneOf,
  wholeAnswers,
  type ModeDefinition,
  type SpecFields,
} from "./definition";

export const soloMode: ModeDefinition<SoloSpec> = {
  mode: "solo",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "difficulty", "operations", "timeLimit"])) return null;
    const operations = listOf(OPERATIONS, value.operations);
    if (!oneOf(SOLO_DIFFICULTIES, value.difficulty) || !operations || !isTimeLimit(value.timeLimit)) return null;
    return { mode: "solo", difficulty: value.difficulty, operations, timeLimit: value.timeLimit };
  },
  sequence: soloSequence,
  timeLimit: (spec) => spec.timeLimit,
  questions: endsWithItsClock,
  check: "near",
  decimal: wholeAnswers,
  gameType: (spec) => spec.difficulty,
  // Its results show its place on the boards (app/routes/game/results.tsx).
  words: null,
  // The start dialog of /game (app/components/game/start-dialog.tsx).
  start: null,
  page: {
    path: "/game",
    card: {
      heading: "On your own",
      text: "Choose how hard, which sums and how long, then beat your best score.",
      action: "Play solo",
    },
  },
};
