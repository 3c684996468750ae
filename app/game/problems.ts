// Problem i of a run, for every mode: a pure function of (spec, seed, i). Each mode's sequence is made beside its
// generator (play.ts for solo), so a page of one mode loads that one only; here the spec picks one, for the server.
import { calmSequence } from "./calm-solo";
import { dailySequence } from "./daily";
import { mtcSequence } from "./mtc";
import { multiplayerSequence } from "./multiplayer";
import { soloSequence, type ProblemSequence } from "./play";
import { practiceSequence } from "./practice";
import type { RunSpec } from "./run-spec";
import { studentSequence } from "./student";
import { tablesSequence } from "./tables";
import type { Problem } from "./types";

/**
 * The run's problems as a function of i. Student problems avoid repeating recent ones, so problem i
 * depends on problems 0..i-1: they are made in order and remembered, which keeps every problem a pure
 * function of (spec, seed, i) however the sequence is read. Other modes compute each i directly.
 */
export function problemSequence(spec: RunSpec, seed: string): ProblemSequence {
  switch (spec.mode) {
    case "solo":
      return soloSequence(spec, seed);
    case "daily":
      return dailySequence(spec, seed);
    case "student":
      return studentSequence(spec, seed);
    case "multiplayer":
      return multiplayerSequence(spec, seed);
    case "practice":
      return practiceSequence(spec, seed);
    case "tables":
      return tablesSequence(spec, seed);
    case "mtc":
      return mtcSequence(spec, seed);
    case "calm":
      return calmSequence(spec, seed);
  }
}

/** Problem i of the run. For the student mode this replays 0..i; read many with problemSequence. */
export function problemAt(spec: RunSpec, seed: string, i: number): Problem {
  return problemSequence(spec, seed)(i);
}
