// A hot-seat game's turn (docs/product.md#multiplayer-problems): played in the browser, never finished by the server.
import { multiplayerSequence, type MultiplayerSpec } from "~/game/multiplayer";
import { MULTIPLAYER_DIFFICULTIES, MULTIPLAYER_TURN_SECONDS } from "~/game/types";
import {
  endsWithItsClock,
  hasExactly,
  itsMode,
  oneOf,
  wholeAnswers,
  type ModeDefinition,
  type SpecFields,
} from "./definition";

export const multiplayerMode: ModeDefinition<MultiplayerSpec> = {
  mode: "multiplayer",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "difficulty"])) return null;
    if (!oneOf(MULTIPLAYER_DIFFICULTIES, value.difficulty)) return null;
    return { mode: "multiplayer", difficulty: value.difficulty };
  },
  sequence: multiplayerSequence,
  timeLimit: () => MULTIPLAYER_TURN_SECONDS,
  questions: endsWithItsClock,
  check: "whole",
  decimal: wholeAnswers,
  gameType: itsMode,
  words: null,
  // Set up on /two-player (app/components/multiplayer/setup-form.tsx).
  start: null,
  page: {
    path: "/two-player",
    card: {
      heading: "With family and friends",
      text: "Two to six players take turns on one device, 60 seconds each.",
      action: "Start a match",
    },
  },
};
