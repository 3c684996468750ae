// The daily challenge (docs/product.md#daily-challenge): on its own board, by the challenge's id.
import { answersMayBeDecimal } from "~/game/format";
import { challengeOf, dailySequence, getChallenge, type DailySpec } from "~/game/daily";
import { endsWithItsClock, hasExactly, type ModeDefinition, type SpecFields } from "./definition";

export const dailyMode: ModeDefinition<DailySpec> = {
  mode: "daily",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "challengeId"])) return null;
    if (typeof value.challengeId !== "string" || !getChallenge(value.challengeId)) return null;
    return { mode: "daily", challengeId: value.challengeId };
  },
  sequence: dailySequence,
  timeLimit: (spec) => challengeOf(spec.challengeId).timeLimit,
  questions: endsWithItsClock,
  check: "near",
  // Money Matters has pounds and pence.
  decimal: answersMayBeDecimal,
  gameType: (spec) => spec.challengeId,
  words: null,
  // The day's challenge is started from its card on /game, never chosen.
  start: null,
  page: { path: "/daily-challenge", card: null },
};
