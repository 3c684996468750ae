// Multiplayer problems (docs/product.md#multiplayer-problems): +, - and ÷ only.
import { independentSequence, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { addition, division, draw, subtraction, type Range } from "./ranges";
import type { Rng } from "./prng";
import { MULTIPLAYER_TURN_SECONDS, type MultiplayerDifficulty, type Problem } from "./types";

/** A hot-seat game's turn (docs/product.md#multiplayer-problems). */
export type MultiplayerSpec = { mode: "multiplayer"; difficulty: MultiplayerDifficulty };

/** Operands of + and -. */
export const MULTIPLAYER_ADD_RANGES: Readonly<Record<MultiplayerDifficulty, Range>> = {
  Normal: { min: 1, max: 9 },
  Hard: { min: 10, max: 99 },
  Extreme: { min: 100, max: 999 },
};

/** Divisor and quotient of ÷ (Normal keeps its 1-9 range). */
export const MULTIPLAYER_DIVISION_RANGES: Readonly<Record<MultiplayerDifficulty, Range>> = {
  Normal: { min: 1, max: 9 },
  Hard: { min: 1, max: 12 },
  Extreme: { min: 1, max: 25 },
};

export function multiplayerProblem(difficulty: MultiplayerDifficulty, rng: Rng): Problem {
  const add = MULTIPLAYER_ADD_RANGES[difficulty];
  const divide = MULTIPLAYER_DIVISION_RANGES[difficulty];
  const op = rng.int(0, 2);
  if (op === 0) return addition(draw(rng, add), draw(rng, add));
  if (op === 1) return subtraction(draw(rng, add), draw(rng, add));
  return division(draw(rng, divide), draw(rng, divide), "÷");
}

export function multiplayerSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { difficulty } = specOf<MultiplayerSpec>(spec, "multiplayer");
  return independentSequence(seed, (rng) => multiplayerProblem(difficulty, rng));
}

export function multiplayerPlay(spec: AnySpec, seed: string): RunPlay {
  return { problems: multiplayerSequence(spec, seed), limitSeconds: MULTIPLAYER_TURN_SECONDS, decimal: false };
}
