// The Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal).
import { isMtcQuestionSeconds, mtcSequence, mtcTimeLimit, type MtcSpec } from "~/game/mtc";
import { hasExactly, itsMode, wholeAnswers, type ModeDefinition, type SpecFields } from "./definition";

export const mtcMode: ModeDefinition<MtcSpec> = {
  mode: "mtc",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "questionSeconds"]) || !isMtcQuestionSeconds(value.questionSeconds)) return null;
    return { mode: "mtc", questionSeconds: value.questionSeconds };
  },
  sequence: mtcSequence,
  timeLimit: (spec) => mtcTimeLimit(spec.questionSeconds),
  // Its 28 steps have a clock each; the run's is the whole rehearsal's (app/game/verify.ts verifies it step by step).
  questions: () => null,
  check: "exact",
  decimal: wholeAnswers,
  gameType: itsMode,
  // Its results are its score card (app/components/game/mtc-parts.tsx).
  words: null,
  start: null,
  page: null,
};
