// A member's or visitor's calm game (docs/product.md#calm-play): the solo generator's problems, 20 questions, no clock
// on screen. A module of its own, so only the calm game's pages load it (docs/decisions/0026-client-weight-budget.md).
import { CALM_TIME_LIMIT } from "./calm";
import { independentSequence, specOf, type ProblemSequence, type RunPlay } from "./play";
import type { RunSpec } from "./run-spec";
import { soloProblem } from "./solo";

/** Problem i of a calm game: a solo problem of its difficulty and operations, as a timed game draws it. */
export function calmSequence(spec: RunSpec, seed: string): ProblemSequence {
  const { difficulty, operations } = specOf(spec, "calm");
  return independentSequence(seed, (rng) => soloProblem(difficulty, operations, rng));
}

/** The calm game in the page: its limit is the hidden cap, never shown (docs/decisions/0053-calm-mode.md). */
export function calmPlay(spec: RunSpec, seed: string): RunPlay {
  return { problems: calmSequence(spec, seed), limitSeconds: CALM_TIME_LIMIT, decimal: false };
}
