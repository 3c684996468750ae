// The registry of game modes (docs/decisions/0081-number-bonds-and-doubles.md): every mode's definition, one line
// each. The server reads a mode's parts here; a page imports its own mode's generator only, never this list, so no
// page loads every mode (docs/decisions/0026-client-weight-budget.md).
import { bondsMode } from "./bonds";
import { calmMode } from "./calm";
import { dailyMode } from "./daily";
import { isRecord, type ChoiceGroup, type ModeCard, type ModeDefinition } from "./definition";
import { doublesMode } from "./doubles";
import { mtcMode } from "./mtc";
import { multiplayerMode } from "./multiplayer";
import { practiceMode } from "./practice";
import { soloMode } from "./solo";
import { studentMode } from "./student";
import { tablesMode } from "./tables";

// In the order of the home page's cards (docs/product.md#home).
export const MODE_DEFINITIONS = [
  soloMode,
  dailyMode,
  studentMode,
  practiceMode,
  tablesMode,
  mtcMode,
  calmMode,
  bondsMode,
  doublesMode,
  multiplayerMode,
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

export type { ChoiceGroup, Chosen, ModeCard, ModeDefinition, ModePage, ModeStart, ResultWords } from "./definition";

/* The modes' public pages (docs/decisions/0090-what-a-new-mode-touches.md) */

/** Every mode's public page, in the registry's order: the sitemap lists them. */
export function modePages(): string[] {
  return MODE_DEFINITIONS.flatMap((definition) => (definition.page ? [definition.page.path] : []));
}

/** The home page's `Ways to play` cards of the modes, in the registry's order, each with the page it leads to. */
export function modeCards(): (ModeCard & { to: string })[] {
  return MODE_DEFINITIONS.flatMap((definition) => {
    const page = definition.page;
    return page?.card ? [{ ...page.card, to: page.path }] : [];
  });
}

/* The games a teacher gives (docs/decisions/0083-extra-games-per-pupil.md) */

/** A pupil's given games: each mode a teacher gives, with the values of its given group ticked (none: not given). */
export type GivenGames = Readonly<Record<string, readonly string[]>>;

/** A game a teacher can give: its mode, its name, and the options of its start form's given group. */
export type GivableGame = {
  mode: GameMode;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
};

/** The modes whose start form names a group a teacher gives, in the registry's order. */
export function givableGames(): GivableGame[] {
  return MODE_DEFINITIONS.flatMap((definition): GivableGame[] => {
    const start = definition.start as { given?: string; heading: string; choices: readonly ChoiceGroup[] } | null;
    const group = start?.given ? start.choices.find((choice) => choice.name === start.given) : undefined;
    if (!start || !group) return [];
    return [{ mode: definition.mode, name: start.heading, legend: group.legend, options: group.options }];
  });
}

/** Stored given games as the pages read them: givable modes only, known values in the options' order, none empty. */
export function cleanGivenGames(stored: unknown): Record<string, string[]> {
  const given: Record<string, string[]> = {};
  if (!isRecord(stored)) return given;
  for (const game of givableGames()) {
    const listed = stored[game.mode];
    if (!Array.isArray(listed)) continue;
    const values = game.options.map((option) => option.value).filter((value) => listed.includes(value));
    if (values.length > 0) given[game.mode] = values;
  }
  return given;
}

/** Whether a pupil with these given games may play this mode: a mode no teacher gives, or one given them. */
export function isGiven(given: GivenGames, mode: string): boolean {
  return !givableGames().some((game) => game.mode === mode) || (given[mode]?.length ?? 0) > 0;
}

/** The given games in words, for the teacher's card: "Number bonds: 10, 20 · Doubles and halves: Tens", or "None". */
export function givenGamesWords(given: GivenGames): string {
  const words = givableGames().flatMap((game) => {
    const values = given[game.mode] ?? [];
    if (values.length === 0) return [];
    const labels = game.options.filter((option) => values.includes(option.value)).map((option) => option.label);
    return [`${game.name}: ${labels.join(", ")}`];
  });
  return words.length > 0 ? words.join(" · ") : "None";
}
