// Doubles and halves (docs/product.md#doubles-and-halves): to 20, to 100 or of the tens; timed, on no board
// (docs/decisions/0081-number-bonds-and-doubles.md).
import { DOUBLES_OPERATIONS, DOUBLES_RANGES, doublesSequence, type DoublesSpec } from "~/game/doubles";
import { DEFAULT_TIME_LIMIT, isTimeLimit } from "~/game/types";
import {
  endsWithItsClock,
  hasExactly,
  inOrder,
  itsMode,
  listOf,
  wholeAnswers,
  type ModeDefinition,
  type SpecFields,
} from "./definition";
import { timeLimitChoice } from "./time-limit-choice";

const RANGE_LABELS = { "20": "To 20", "100": "To 100", tens: "Tens" } as const;
const OPERATION_LABELS = { double: "Double", halve: "Halve" } as const;

export const doublesMode: ModeDefinition<DoublesSpec> = {
  mode: "doubles",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "ranges", "operations", "timeLimit"])) return null;
    const ranges = listOf(DOUBLES_RANGES, value.ranges);
    const operations = listOf(DOUBLES_OPERATIONS, value.operations);
    if (!ranges || !operations || !isTimeLimit(value.timeLimit)) return null;
    return {
      mode: "doubles",
      ranges: inOrder(DOUBLES_RANGES, ranges),
      operations: inOrder(DOUBLES_OPERATIONS, operations),
      timeLimit: value.timeLimit,
    };
  },
  sequence: doublesSequence,
  timeLimit: (spec) => spec.timeLimit,
  questions: endsWithItsClock,
  check: "exact",
  decimal: wholeAnswers,
  gameType: itsMode,
  words: {
    name: "Doubles and halves",
    note: "This was a doubles and halves game, so it is not on a leaderboard.",
    againTo: "/game/doubles",
  },
  start: {
    given: "ranges",
    path: "/game/doubles",
    heading: "Doubles and halves",
    lead: "Double a number (7 × 2) or halve one (14 ÷ 2). Answer as many as you can before the clock runs out.",
    button: "Start doubles and halves",
    choices: [
      {
        name: "ranges",
        legend: "Numbers",
        several: true,
        options: /* @__PURE__ */ DOUBLES_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] })),
        message: "Choose to 20, to 100 or tens.",
        initial: ["20"],
      },
      {
        name: "operations",
        legend: "Double or halve",
        several: true,
        options: /* @__PURE__ */ DOUBLES_OPERATIONS.map((op) => ({ value: op, label: OPERATION_LABELS[op] })),
        message: "Choose double, halve or both.",
        initial: /* @__PURE__ */ DOUBLES_OPERATIONS.slice(),
      },
      /* @__PURE__ */ timeLimitChoice(),
    ],
    specOf: (chosen) => ({
      mode: "doubles",
      ranges: inOrder(DOUBLES_RANGES, (chosen.ranges ?? []) as string[]) as DoublesSpec["ranges"],
      operations: inOrder(DOUBLES_OPERATIONS, (chosen.operations ?? []) as string[]) as DoublesSpec["operations"],
      timeLimit: Number(chosen.timeLimit?.[0] ?? DEFAULT_TIME_LIMIT),
    }),
    chosenOf: (spec) => ({ ranges: spec.ranges, operations: spec.operations, timeLimit: [String(spec.timeLimit)] }),
  },
  page: {
    path: "/game/doubles",
    card: {
      heading: "Doubles and halves",
      text: "Double 7, half of 18: to 20, to 100, or the tens.",
      action: "Play doubles and halves",
    },
  },
};
