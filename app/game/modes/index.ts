// The registry of game modes (docs/decisions/0081-number-bonds-and-doubles.md): every mode's definition, one line
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

// Marked pure, so a page that reaches the engine's index but never a lookup (/game) drops the registry in its build.
export const GAME_MODES: readonly GameMode[] = /* @__PURE__ */ MODE_DEFINITIONS.map((definition) => definition.mode);

/** The definition of a mode's name, or undefined for a name that is none of ours. */
export function modeDefinition(mode: unknown): ModeDefinition | undefined {
  const found = MODE_DEFINITIONS.find((definition) => definition.mode === mode);
  return found as unknown as ModeDefinition | undefined;
}

/** The definition of a spec's mode (a spec is always one of ours: parseRunSpec made it). */
export function definitionOf<S extends RunSpec>(spec: S): ModeDefinition<S> {
  const definition = modeDefinition(spec.mode);
  if (!definition) throw new RangeError(`Unknown game mode: ${spec.mode}`);
  return definition as unknown as ModeDefinition<S>;
}

export type { ChoiceGroup, Chosen, ModeDefinition, ModeStart, ResultWords } from "./definition";
