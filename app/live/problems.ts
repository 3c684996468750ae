// A live game's problems in the player's page: the pupils' game or practice on facts, the only two a live game plays
// (docs/decisions/0064-live-class-game.md). Imported directly, so the page carries these two generators only.
import type { ProblemSequence } from "~/game/play";
import { practiceSequence } from "~/game/practice";
import type { RunSpec } from "~/game/run-spec";
import { studentSequence } from "~/game/student";

export function liveSequence(spec: RunSpec, seed: string): ProblemSequence {
  return spec.mode === "practice" ? practiceSequence(spec, seed) : studentSequence(spec, seed);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
