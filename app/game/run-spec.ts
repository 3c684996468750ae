// A RunSpec says everything needed to make a run's problems; with the seed it is the whole game. Each mode's spec,
// its parts and its checks are its definition's (app/game/modes); here are the lookups the server makes of any run.
import { GAME_MODES, definitionOf, modeDefinition, type GameMode, type RunSpec } from "./modes";
import { isRecord } from "./modes/definition";
import { MODE_POLICY } from "./modes/policy";

export { GAME_MODES, type GameMode, type RunSpec };

/** The run's time limit in seconds. */
export function timeLimitOf(spec: RunSpec): number {
  return definitionOf(spec).timeLimit(spec);
}

/** A calm run's number of questions (it ends after the last), or null for a game that ends with its clock. */
export function questionsOf(spec: RunSpec): number | null {
  return definitionOf(spec).questions(spec);
}

/**
 * The leaderboard game_type of a run (solo: its difficulty; daily: the challenge id), else null: the ledger keeps the
 * mode's own game type for a run that reaches no board (app/game/modes/policy.ts).
 */
export function leaderboardGameType(spec: RunSpec): string | null {
  return MODE_POLICY[spec.mode].board ? definitionOf(spec).gameType(spec) : null;
}

/**
 * Whether the server finishes, scores and stores runs of the spec's mode (the policy table's allow-list): a hot-seat
 * game's turns are the browser's alone.
 */
export function isServerFinished(spec: RunSpec): spec is Exclude<RunSpec, { mode: "multiplayer" }> {
  // A spec from a token was parsed, but a test may hand any value: an unknown mode is refused, never a crash.
  return MODE_POLICY[spec.mode]?.finished === true;
}

/**
 * Strict validation of a RunSpec from untrusted data (a form, a token, JSON): the mode's definition checks its fields
 * (extra fields, unknown modes and values refused). Returns a fresh object.
 */
export function parseRunSpec(value: unknown): RunSpec | null {
  if (!isRecord(value)) return null;
  return (modeDefinition(value.mode)?.parse(value) as RunSpec | null | undefined) ?? null;
}
