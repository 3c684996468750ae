import { z } from "zod";
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_OPERATIONS,
  DEFAULT_TIME_LIMIT,
  isTimeLimit,
  type Operation,
  type RunSpec,
  type SoloDifficulty,
  type TimeLimit,
} from "~/game";

/** Operations as they travel in forms and links: words, not symbols that URLs would mangle. */
export const OPERATION_NAMES: Readonly<Record<Operation, string>> = {
  "+": "add",
  "-": "subtract",
  "*": "multiply",
  "/": "divide",
};
// A Map, not an object: names such as 'constructor' must not look like operations.
const NAME_TO_OPERATION = new Map(Object.entries(OPERATION_NAMES).map(([op, name]) => [name, op as Operation]));

export const DIFFICULTY_CHOICES = [
  { value: "normal", label: "Normal", hint: "Numbers 1 to 9" },
  { value: "hard", label: "Hard", hint: "Numbers 10 to 99" },
  { value: "extreme", label: "Extreme", hint: "Numbers up to 999" },
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

export const soloSettingsSchema = z.object({
  difficulty: z
    .enum(["normal", "hard", "extreme"], { message: SETTINGS_MESSAGES.difficulty })
    .default(DEFAULT_DIFFICULTY as "normal"),
  timeLimit: z.coerce
    .number({ message: SETTINGS_MESSAGES.timeLimit })
    .refine((n): n is TimeLimit => isTimeLimit(n), SETTINGS_MESSAGES.timeLimit)
    .default(DEFAULT_TIME_LIMIT),
  operations: z
    .array(z.string())
    .transform((names, ctx) => {
      const ops = [...new Set(names.map((name) => NAME_TO_OPERATION.get(name)))];
      if (ops.length === 0 || ops.some((op) => op === undefined)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SETTINGS_MESSAGES.operations });
        return z.NEVER;
      }
      return ops as Operation[];
    })
    .optional(),
});

export type SoloSettings = { difficulty: SoloDifficulty; timeLimit: TimeLimit; operations: Operation[] };
export type SettingsErrors = Partial<Record<"difficulty" | "timeLimit" | "operations", string>>;

/** Reads solo settings from a query string or form; anything missing takes its default. */
export function parseSoloSettings(
  params: URLSearchParams,
): { ok: true; settings: SoloSettings } | { ok: false; errors: SettingsErrors; values: Record<string, string> } {
  const raw = {
    difficulty: params.get("difficulty") ?? undefined,
    timeLimit: params.get("timeLimit") ?? undefined,
    operations: params.has("operations") ? params.getAll("operations") : undefined,
  };
  const parsed = soloSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: SettingsErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SettingsErrors;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values: { difficulty: raw.difficulty ?? "", timeLimit: raw.timeLimit ?? "" } };
  }
  const { difficulty, timeLimit, operations } = parsed.data;
  return {
    ok: true,
    settings: { difficulty, timeLimit: timeLimit as TimeLimit, operations: operations ?? [...DEFAULT_OPERATIONS] },
  };
}

export function defaultSoloSettings(): SoloSettings {
  return { difficulty: DEFAULT_DIFFICULTY, timeLimit: DEFAULT_TIME_LIMIT, operations: [...DEFAULT_OPERATIONS] };
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
