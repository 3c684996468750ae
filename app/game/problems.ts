// Problem i of a run, for every mode: a pure function of (spec, seed, i). Each mode's sequence is made beside its
// generator, so a page of one mode loads that one only; here the registry picks one by the spec, for the server.
import { definitionOf } from "./modes";
import type { ProblemSequence } from "./play";
import type { RunSpec } from "./run-spec";
import type { Problem } from "./types";

/**
 * The run's problems as a function of i. Some modes avoid repeating recent problems, so problem i depends on problems
 * 0..i-1: they are made in order and remembered, which keeps every problem a pure function of (spec, seed, i) however
 * the sequence is read. Other modes compute each i directly.
 */
export function problemSequence(spec: RunSpec, seed: string): ProblemSequence {
  return definitionOf(spec).sequence(spec, seed);
}

/** Problem i of the run. For the student mode this replays 0..i; read many with problemSequence. */
export function problemAt(spec: RunSpec, seed: string, i: number): Problem {
  return problemSequence(spec, seed)(i);
}
