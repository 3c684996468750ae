import {
  DEFAULT_DIFFICULTY,
  DEFAULT_OPERATIONS,
  DEFAULT_TIME_LIMIT,
  OPERATIONS,
  difficultyHint,
  isTimeLimit,
  type Operation,
  type RunSpec,
  type SoloDifficulty,
  type TimeLimit,
} from "~/game";

/*
 * Solo settings as the pages and links know them. No zod here: this module reaches the browser. The form
 * schema that checks a submitted start form is app/forms/solo-settings.server.ts.
 */

/** Operations as they travel in forms and links: words, not symbols that URLs would mangle. */
export const OPERATION_NAMES: Readonly<Record<Operation, string>> = {
  "+": "add",
  "-": "subtract",
  "*": "multiply",
  "/": "divide",
};
// A Map, not an object: names such as 'constructor' must not look like operations.
const NAME_TO_OPERATION = new Map(Object.entries(OPERATION_NAMES).map(([op, name]) => [name, op as Operation]));

export function operationFromName(name: string): Operation | undefined {
  return NAME_TO_OPERATION.get(name);
}

/** Each difficulty with what it holds, said from the generator's own ranges (difficultyHint) so it stays true. */
export const DIFFICULTY_CHOICES = [
  { value: "normal", label: "Normal", hint: difficultyHint("normal") },
  { value: "hard", label: "Hard", hint: difficultyHint("hard") },
  { value: "extreme", label: "Extreme", hint: difficultyHint("extreme") },
] as const;

export const TIME_CHOICES = [
  { value: 30, label: "30s" },
  { value: 60, label: "1m" },
  { value: 120, label: "2m" },
  { value: 300, label: "5m" },
] as const;

export const SETTINGS_MESSAGES = {
  difficulty: "Choose a difficulty: Normal, Hard or Extreme.",
  timeLimit: "Choose a time limit: 30s, 1m, 2m or 5m.",
  operations: "Choose at least one of add, subtract, multiply and divide.",
} as const;

export type SoloSettings = { difficulty: SoloDifficulty; timeLimit: TimeLimit; operations: Operation[] };

export function defaultSoloSettings(): SoloSettings {
  return { difficulty: DEFAULT_DIFFICULTY, timeLimit: DEFAULT_TIME_LIMIT, operations: [...DEFAULT_OPERATIONS] };
}

/**
 * Settings handed over in the browser (navigation state from the members' settings): taken only when every
 * given value is one the start dialog offers; a missing one takes its default, anything odd gives null.
 */
export function soloSettingsFrom(value: unknown): SoloSettings | null {
  if (!value || typeof value !== "object") return null;
  const given = value as Partial<Record<keyof SoloSettings, unknown>>;
  const difficulty = given.difficulty ?? DEFAULT_DIFFICULTY;
  const timeLimit = given.timeLimit ?? DEFAULT_TIME_LIMIT;
  const operations = given.operations ?? DEFAULT_OPERATIONS;
  if (!DIFFICULTY_CHOICES.some((choice) => choice.value === difficulty) || !isTimeLimit(timeLimit)) return null;
  if (!Array.isArray(operations) || operations.length === 0) return null;
  if (!operations.every((op) => (OPERATIONS as readonly unknown[]).includes(op))) return null;
  return {
    difficulty: difficulty as SoloDifficulty,
    timeLimit,
    operations: [...new Set(operations as Operation[])],
  };
}

/**
 * What a refused start form sent, for the dialog to show again: each setting the dialog offers is kept, a
 * refused or missing one shows `fallback`'s. `sent` is the reply's `initialValue` (the raw form values).
 */
export function soloSettingsSent(sent: unknown, fallback: SoloSettings): SoloSettings {
  const given = (sent && typeof sent === "object" ? sent : {}) as Record<string, unknown>;
  const difficulty = DIFFICULTY_CHOICES.find((choice) => choice.value === given.difficulty)?.value;
  const timeLimit = TIME_CHOICES.find((choice) => String(choice.value) === given.timeLimit)?.value;
  const names =
    given.operations === undefined ? [] : Array.isArray(given.operations) ? given.operations : [given.operations];
  const operations = names.map((name) => (typeof name === "string" ? operationFromName(name) : undefined));
  return {
    difficulty: difficulty ?? fallback.difficulty,
    timeLimit: timeLimit ?? fallback.timeLimit,
    operations:
      operations.length > 0 && operations.every((op) => op !== undefined)
        ? [...new Set(operations as Operation[])]
        : fallback.operations,
  };
}

export function soloSpec(settings: SoloSettings): RunSpec {
  return {
    mode: "solo",
    difficulty: settings.difficulty,
    operations: settings.operations,
    timeLimit: settings.timeLimit,
  };
}

export function settingsToParams(settings: Partial<SoloSettings>): URLSearchParams {
  const params = new URLSearchParams();
  if (settings.difficulty) params.set("difficulty", settings.difficulty);
  if (settings.timeLimit) params.set("timeLimit", String(settings.timeLimit));
  for (const op of Array.isArray(settings.operations) ? settings.operations : [])
    params.append("operations", OPERATION_NAMES[op] ?? String(op));
  return params;
}
