// A member's or visitor's calm game (docs/product.md#calm-play): the solo generator's problems, 20 questions, no clock
// on screen. A module of its own, so only the calm game's pages load it (docs/decisions/0026-client-weight-budget.md).
import { CALM_TIME_LIMIT } from "./calm";
import { independentSequence, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { soloProblem } from "./solo";
import type { Operation, SoloDifficulty } from "./types";

/** A member's or visitor's calm game: the solo problems, 20 questions, no clock (docs/product.md#calm-play). */
export type CalmSpec = { mode: "calm"; difficulty: SoloDifficulty; operations: Operation[] };

/** Problem i of a calm game: a solo problem of its difficulty and operations, as a timed game draws it. */
export function calmSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { difficulty, operations } = specOf<CalmSpec>(spec, "calm");
  return independentSequence(seed, (rng) => soloProblem(difficulty, operations, rng));
}

/** The calm game in the page: its limit is the hidden cap, never shown (docs/decisions/0053-calm-mode.md). */
export function calmPlay(spec: AnySpec, seed: string): RunPlay {
  return { problems: calmSequence(spec, seed), limitSeconds: CALM_TIME_LIMIT, decimal: false };
}
