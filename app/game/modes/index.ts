// The registry of game modes (docs/decisions/0077-number-bonds-and-doubles.md): every mode's definition, one line
// each. The server reads a mode's parts here; a page imports its own mode's generator only, never this list, so no
// page loads every mode (docs/decisions/0026-client-weight-budget.md).
import { bondsMode } from "./bonds";
import { calmMode } from "./calm";
import { dailyMode } from "./daily";
import type { ModeDefinition } from "./definition";
import { doublesMode } from "./doubles";
import { mtcMode } from "./mtc";
import { multiplayerMode } from "./multiplayer";
import { practiceMode } from "./practice";
import { soloMode } from "./solo";
import { studentMode } from "./student";
import { tablesMode } from "./tables";

export const MODE_DEFINITIONS = [
  soloMode,
  dailyMode,
  studentMode,
  multiplayerMode,
  practiceMode,
  tablesMode,
  mtcMode,
  calmMode,
  bondsMode,
  doublesMode,
] as const;

type Definitions = (typeof MODE_DEFINITIONS)[number];

/** Everything needed to make a run's problems; with the seed it is the whole game: one mode's spec. */
export type RunSpec = Definitions extends infer D ? (D extends ModeDefinition<infer S> ? S : never) : never;
export type GameMode = RunSpec["mode"];

export const GAME_MODES: readonly GameMode[] = MODE_DEFINITIONS.map((definition) => definition.mode);

const BY_MODE: ReadonlyMap<string, ModeDefinition> = new Map(
  MODE_DEFINITIONS.map((definition) => [definition.mode, definition as unknown as ModeDefinition]),
);

/** The definition of a mode's name, or undefined for a name that is none of ours. */
export function modeDefinition(mode: unknown): ModeDefinition | undefined {
  return typeof mode === "string" ? BY_MODE.get(mode) : undefined;
}

/** The definition of a spec's mode (a spec is always one of ours: parseRunSpec made it). */
export function definitionOf<S extends RunSpec>(spec: S): ModeDefinition<S> {
  const definition = BY_MODE.get(spec.mode);
  if (!definition) throw new RangeError(`Unknown game mode: ${spec.mode}`);
  return definition as unknown as ModeDefinition<S>;
}

export type { ChoiceGroup, Chosen, ModeDefinition, ModeStart, ResultWords } from "./definition";
