// Number bonds (docs/product.md#number-bonds): to 10, 20 or 100, both ways round; timed, on no board
// (docs/decisions/0081-number-bonds-and-doubles.md).
import { BOND_TOTALS, bondsSequence, type BondTotal, type BondsSpec } from "~/game/bonds";
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

export const bondsMode: ModeDefinition<BondsSpec> = {
  mode: "bonds",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "totals", "timeLimit"])) return null;
    const totals = listOf(BOND_TOTALS, value.totals);
    if (!totals || !isTimeLimit(value.timeLimit)) return null;
    return { mode: "bonds", totals: inOrder(BOND_TOTALS, totals), timeLimit: value.timeLimit };
  },
  sequence: bondsSequence,
  timeLimit: (spec) => spec.timeLimit,
  questions: endsWithItsClock,
  check: "exact",
  decimal: wholeAnswers,
  gameType: itsMode,
  words: {
    name: "Number bonds",
    note: "This was a number bonds game, so it is not on a leaderboard.",
    againTo: "/game/bonds",
  },
  start: {
    given: "totals",
    path: "/game/bonds",
    heading: "Number bonds",
    lead: "Find the missing part, or take away: pairs that make 10, 20 or 100. Answer as many as you can before the clock runs out.",
    button: "Start number bonds",
    choices: [
      {
        name: "totals",
        legend: "Bonds to",
        several: true,
        options: /* @__PURE__ */ BOND_TOTALS.map((total) => ({ value: String(total), label: String(total) })),
        message: "Choose 10, 20 or 100.",
        initial: ["10"],
      },
      /* @__PURE__ */ timeLimitChoice(),
    ],
    specOf: (chosen) => ({
      mode: "bonds",
      totals: inOrder(BOND_TOTALS, (chosen.totals ?? []).map(Number) as BondTotal[]),
      timeLimit: Number(chosen.timeLimit?.[0] ?? DEFAULT_TIME_LIMIT),
    }),
    chosenOf: (spec) => ({ totals: spec.totals.map(String), timeLimit: [String(spec.timeLimit)] }),
  },
  page: {
    path: "/game/bonds",
    card: {
      heading: "Number bonds",
      text: "The pairs that make 10, 20 or 100, both ways round.",
      action: "Play number bonds",
    },
  },
};
