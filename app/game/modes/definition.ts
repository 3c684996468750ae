// What a game mode is, in one place (docs/decisions/0081-number-bonds-and-doubles.md): each mode's definition lives in
// a file of this folder, and the registry (./index.ts) lists them. The engine's switches by mode are lookups here.
import type { CheckRule } from "~/game/check";
import type { AnySpec, ProblemSequence } from "~/game/play";

/** A spec as it comes from a form, a token or JSON: checked field by field before it is a spec. */
export type SpecFields = Record<string, unknown>;

/** One group of a start form's choices: boxes to tick (`several`) or one to pick, each with its value and label. */
export type ChoiceGroup = {
  name: string;
  legend: string;
  several: boolean;
  options: readonly { value: string; label: string }[];
  /** Said beside the group when nothing is chosen, or what was sent is none of the options. */
  message: string;
  /** Chosen at first. */
  initial: readonly string[];
};

/** Each group's chosen values, checked against its options and in their order. */
export type Chosen = Readonly<Record<string, readonly string[]>>;

/** A mode's start form for members, visitors and pupils: its page, its words and its choices. */
export type ModeStart<S extends AnySpec> = {
  /** The start page of members and visitors (pupils start it from their own area). */
  path: string;
  heading: string;
  lead: string;
  button: string;
  choices: readonly ChoiceGroup[];
  /** The spec of a form's checked choices (every group has at least one). */
  specOf(chosen: Chosen): S;
  /** The choices a spec was made of: what the form shows again next time. */
  chosenOf(spec: S): Chosen;
  /**
   * The group of choices a teacher gives a pupil (`totals`: bonds to 10, 20, 100): a pupil plays the mode only with
   * those their teacher ticked, none ticked is not at all (docs/decisions/0083-extra-games-per-pupil.md). Without
   * it, every pupil plays the mode.
   */
  given?: string;
};

/** What a member's or visitor's results say of a game that reaches no board, and where `Play again` leads. */
export type ResultWords = { name: string; note: string; againTo: string };

/** A card of the home page's `Ways to play` (docs/product.md#home), leading to the mode's public page. */
export type ModeCard = { heading: string; text: string; action: string };

/**
 * A mode's public page, which anyone may open: listed in the sitemap, and with a card on the home page when it has
 * one (docs/decisions/0090-what-a-new-mode-touches.md).
 */
export type ModePage = { path: string; card: ModeCard | null };

export interface ModeDefinition<S extends AnySpec = AnySpec> {
  mode: S["mode"];
  /** Strict: the value's fields are exactly this mode's, each one allowed; a fresh spec, or null. */
  parse(value: SpecFields): S | null;
  /** The run's problems: the one generator the page, the finish and the server-driven pages all use. */
  sequence(spec: S, seed: string): ProblemSequence;
  /** Seconds the run lasts (a calm game's hidden cap). */
  timeLimit(spec: S): number;
  /** A run that ends after its last question: how many; null for one that ends with its clock. */
  questions(spec: S): number | null;
  /** How its answers are checked (app/game/check.ts). */
  check: CheckRule;
  /** Whether an answer can have decimals, so the number pad needs a point. */
  decimal(spec: S): boolean;
  /** The ledger's game type, and a board's: a solo game's difficulty, a challenge's id, else the mode. */
  gameType(spec: S): string;
  /** The results' words for a game that reaches no board; null for a mode whose results are a page of their own. */
  words: ResultWords | null;
  /** Its start form of choices; null for a mode started otherwise (the day's challenge, a pupil's own game, …). */
  start: ModeStart<S> | null;
  /** Its public page (the sitemap's, and a home card's); null for a mode with none (a pupil's game, practice, …). */
  page: ModePage | null;
}

/* Strict checks shared by the definitions' parse. */

export function isRecord(value: unknown): value is SpecFields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hasExactly(value: SpecFields, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.prototype.hasOwnProperty.call(value, key));
}

export function oneOf<T>(allowed: readonly T[], value: unknown): value is T {
  return (allowed as readonly unknown[]).includes(value);
}

/** A list of allowed values: an array, not empty unless allowed, no repeats, nothing unknown. */
export function listOf<T>(allowed: readonly T[], value: unknown, allowEmpty = false): T[] | null {
  if (!Array.isArray(value)) return null;
  if (value.length === 0 && !allowEmpty) return null;
  const items: T[] = [];
  for (const item of value) {
    if (!oneOf(allowed, item) || items.includes(item)) return null;
    items.push(item);
  }
  return items;
}

/** A list of allowed values in the allowed list's order: what a spec keeps, so one game has one spec. */
export function inOrder<T>(allowed: readonly T[], chosen: readonly T[]): T[] {
  return allowed.filter((item) => chosen.includes(item));
}

export const endsWithItsClock = (): null => null;
export const wholeAnswers = (): boolean => false;
export const itsMode = (spec: AnySpec): string => spec.mode;
