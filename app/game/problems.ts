// Problem i of a run, for every mode: a pure function of (spec, seed, i).
import { getChallenge } from "./daily";
import { multiplayerProblem } from "./multiplayer";
import { rngFor } from "./prng";
import type { RunSpec } from "./run-spec";
import { soloProblem } from "./solo";
import { studentProblem } from "./student";
import type { Problem } from "./types";

/** Problem i of the run (i = 0, 1, 2, …). */
export type ProblemSequence = (i: number) => Problem;

function checkIndex(i: number): void {
  if (!Number.isInteger(i) || i < 0) throw new RangeError(`Problem index must be a whole number >= 0, got ${i}`);
}

/** Modes whose problems do not depend on earlier ones. */
function independentProblem(spec: Exclude<RunSpec, { mode: "student" }>, seed: string, i: number): Problem {
  const rng = rngFor(seed, i);
  switch (spec.mode) {
    case "solo":
      return soloProblem(spec.difficulty, spec.operations, rng);
    case "daily": {
      const challenge = getChallenge(spec.challengeId);
      if (!challenge) throw new RangeError(`Unknown daily challenge: ${spec.challengeId}`);
      return challenge.generate(rng);
    }
    case "multiplayer":
      return multiplayerProblem(spec.difficulty, rng);
  }
}

/**
 * The run's problems as a function of i. Student problems avoid repeating recent ones, so problem i
 * depends on problems 0..i-1: they are made in order and remembered, which keeps every problem a pure
 * function of (spec, seed, i) however the sequence is read. Other modes compute each i directly.
 */
export function problemSequence(spec: RunSpec, seed: string): ProblemSequence {
  if (spec.mode !== "student") {
    return (i) => {
      checkIndex(i);
      return independentProblem(spec, seed, i);
    };
  }
  const made: Problem[] = [];
  return (i) => {
    checkIndex(i);
    while (made.length <= i) made.push(studentProblem(spec, made, rngFor(seed, made.length)));
    return made[i] as Problem;
  };
}

/** Problem i of the run. For the student mode this replays 0..i; read many with problemSequence. */
export function problemAt(spec: RunSpec, seed: string, i: number): Problem {
  if (spec.mode === "student") return problemSequence(spec, seed)(i);
  checkIndex(i);
  return independentProblem(spec, seed, i);
}
