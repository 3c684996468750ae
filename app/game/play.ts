// A run's problems as a function of their index, and what the game in the page needs of a run. Each mode makes its
// own (soloPlay here, dailyPlay, studentPlay, multiplayerPlay beside their generators), so a page of one mode loads
// that mode's generator only; problems.ts picks by the spec for the server (docs/decisions/0026-client-weight-budget.md).
import { rngFor, type Rng } from "./prng";
import { soloProblem } from "./solo";
import type { Operation, Problem, SoloDifficulty } from "./types";

/** Problem i of the run (i = 0, 1, 2, …). */
export type ProblemSequence = (i: number) => Problem;

/** What the game in the page needs of a run: its problems, its time limit in seconds, whether answers can be decimals. */
export interface RunPlay {
  problems: ProblemSequence;
  limitSeconds: number;
  decimal: boolean;
}

export function checkIndex(i: number): void {
  if (!Number.isInteger(i) || i < 0) throw new RangeError(`Problem index must be a whole number >= 0, got ${i}`);
}

/** Problems that do not depend on earlier ones: problem i comes from the seed's i-th generator. */
export function independentSequence(seed: string, make: (rng: Rng) => Problem): ProblemSequence {
  return (i) => {
    checkIndex(i);
    return make(rngFor(seed, i));
  };
}

/**
 * What every run's spec has: its mode. Each mode's own spec type lives beside its generator, and RunSpec
 * (app/game/run-spec.ts) is their union read from the registry (app/game/modes), so no generator imports it.
 */
export type AnySpec = { readonly mode: string };

/** The spec of one mode, or a RangeError naming what came instead (a page of one mode was given another's run). */
export function specOf<S extends AnySpec>(spec: AnySpec, mode: S["mode"]): S {
  if (spec.mode !== mode) throw new RangeError(`Expected a ${mode} run, got ${spec.mode}`);
  return spec as S;
}

/** A member's or visitor's timed solo game (docs/product.md#solo-game). */
export type SoloSpec = { mode: "solo"; difficulty: SoloDifficulty; operations: Operation[]; timeLimit: number };

export function soloSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { difficulty, operations } = specOf<SoloSpec>(spec, "solo");
  return independentSequence(seed, (rng) => soloProblem(difficulty, operations, rng));
}

export function soloPlay(spec: AnySpec, seed: string): RunPlay {
  return { problems: soloSequence(spec, seed), limitSeconds: specOf<SoloSpec>(spec, "solo").timeLimit, decimal: false };
}
