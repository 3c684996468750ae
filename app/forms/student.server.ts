import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  DEFAULT_STUDENT_DIFFICULTY,
  EXTRA_TIME_FACTORS,
  STUDENT_DIFFICULTIES,
  STUDENT_OPERATIONS,
  TIMES_TABLES,
  type ExtraTime,
  type StudentDifficulty,
  type StudentOperation,
} from "~/game";
import { givableGames } from "~/game/modes";
import { oneLine } from "~/utils/flash";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { WEB_ADDRESS_IN_NAME_MESSAGE, hasWebAddress } from "~/accounts/web-addresses.server";
import { STUDENT_NAME_MAX, TEACHER_MESSAGES as M } from "~/utils/teacher-messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/*
 * The student form of both school areas, to add a student or edit one (docs/product.md#teachers): a name
 * (required, trimmed, with no invisible characters: docs/product.md#public-names), the operations (at least one),
 * times tables 2 to 12 (optional), a difficulty (easy when none is sent), the extra time (× 1 when none is sent) and
 * calm mode (a checkbox), and the games given beside their own (a group of boxes per game, `game-{mode}`, none
 * ticked: not given; kept as stored when the form has no `games` field: docs/decisions/0083-extra-games-per-pupil.md).
 * The class settings form has the same settings without a name.
 */

/** The field of a given game's boxes, and the field that says the form has them. */
export const givenGameField = (mode: string) => `game-${mode}`;
export const GAMES_SHOWN = "games";

export { isRowId } from "./admin.server";

type Payload = URLSearchParams | FormData;

/** A checkbox group's value: absent is none ticked, one value or several. */
const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const isOperation = (value: string): value is StudentOperation => STUDENT_OPERATIONS.some((op) => op === value);
const isDifficulty = (value: string): value is StudentDifficulty => STUDENT_DIFFICULTIES.some((d) => d === value);

/** The extra time's radio buttons send "1", "1.5" or "2"; none sent is × 1. */
const extraTimeOf = (value: string) => EXTRA_TIME_FACTORS.find((factor) => String(factor) === value);

/** A pupil's game settings: the student forms' and the class settings form's (docs/product.md#teachers). */
const settingsSchema = z.object({
  operations: z.preprocess(
    list,
    z
      .array(z.string(), { message: M.operationsRequired })
      .min(1, M.operationsRequired)
      .refine((names) => names.every(isOperation), M.operationsRequired)
      // The canonical order, each once, whatever order the boxes came in.
      .transform((names) => STUDENT_OPERATIONS.filter((op) => names.includes(op))),
  ),
  timesTables: z.preprocess(
    list,
    z
      .array(z.string(), { message: M.timesTablesInvalid })
      .refine((tables) => tables.every((t) => TIMES_TABLES.includes(t)), M.timesTablesInvalid)
      .transform((tables) => TIMES_TABLES.filter((t) => tables.includes(t))),
  ),
  difficulty: z
    .string({ message: M.difficultyInvalid })
    .refine(isDifficulty, M.difficultyInvalid)
    .optional()
    .transform((value) => (value ?? DEFAULT_STUDENT_DIFFICULTY) as StudentDifficulty),
  extraTime: z
    .string({ message: M.extraTimeInvalid })
    .refine((value) => extraTimeOf(value) !== undefined, M.extraTimeInvalid)
    .optional()
    .transform((value): ExtraTime => (value === undefined ? 1 : extraTimeOf(value)!)),
  // A checkbox: "on" when ticked, absent when not.
  calm: z
    .string({ message: M.calmInvalid })
    .refine((value) => value === "on", M.calmInvalid)
    .optional()
    .transform((value) => value === "on"),
  // The form has the given games' boxes ("shown"): a form without them keeps what is stored.
  [GAMES_SHOWN]: z.literal("shown", { message: M.extraGamesInvalid }).optional(),
  ...givenGameFields(),
});

/** Each givable game's boxes: its options only, each once, in their order. */
function givenGameFields(): Record<string, z.ZodTypeAny> {
  const fields: Record<string, z.ZodTypeAny> = {};
  for (const game of givableGames()) {
    const values = game.options.map((option) => option.value);
    fields[givenGameField(game.mode)] = z.preprocess(
      list,
      z
        .array(z.string(), { message: M.extraGamesInvalid })
        .refine((chosen) => chosen.every((value) => values.includes(value)), M.extraGamesInvalid)
        .transform((chosen) => values.filter((value) => chosen.includes(value))),
    );
  }
  return fields;
}

/** The given games sent, by mode (none ticked: left out); undefined when the form had none of their boxes. */
function givenGamesOf(value: Record<string, unknown>): Record<string, string[]> | undefined {
  if (value[GAMES_SHOWN] !== "shown") return undefined;
  const given: Record<string, string[]> = {};
  for (const game of givableGames()) {
    const chosen = value[givenGameField(game.mode)] as string[];
    if (chosen.length > 0) given[game.mode] = chosen;
  }
  return given;
}

const studentSchema = settingsSchema.extend({
  name: z
    .string({ message: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(STUDENT_NAME_MAX, M.nameLong)
    .refine((name) => !hasInvisibleCharacters(name), INVISIBLE_CHARACTERS_MESSAGE)
    .refine((name) => !hasWebAddress(name), WEB_ADDRESS_IN_NAME_MESSAGE),
});

export type StudentSettingsForm = {
  allowedOperations: StudentOperation[];
  timesTables: string[];
  difficulty: StudentDifficulty;
  extraTime: ExtraTime;
  calm: boolean;
  /** Only when the form had the given games' boxes. */
  extraGames?: Record<string, string[]>;
};

export type StudentForm = { name: string } & StudentSettingsForm;

function parseStudent(payload: Payload) {
  return parseWithZod(plainFields(payload), { schema: studentSchema, disableAutoCoercion: true });
}

const asSettings = (value: z.output<typeof settingsSchema>): StudentSettingsForm => {
  const { operations, timesTables, difficulty, extraTime, calm } = value;
  const extraGames = givenGamesOf(value);
  // No key at all when not sent, so the change log does not count it as changed.
  return {
    allowedOperations: operations,
    timesTables,
    difficulty,
    extraTime,
    calm,
    ...(extraGames ? { extraGames } : {}),
  };
};

const asStudentForm = (value: z.output<typeof studentSchema>): StudentForm => ({
  name: value.name,
  ...asSettings(value),
});

/** The class settings form: the same settings for every pupil of a class (no name). */
export function parseClassSettings(payload: Payload): RefusableParse<StudentSettingsForm> {
  const parsed = fromSubmission(
    parseWithZod(plainFields(payload), { schema: settingsSchema, disableAutoCoercion: true }),
  );
  return parsed.ok ? { ...parsed, value: asSettings(parsed.value) } : parsed;
}

/** A new student: each field's own message when refused. */
export function parseAddStudent(payload: Payload): RefusableParse<StudentForm> {
  const parsed = fromSubmission(parseStudent(payload));
  return parsed.ok ? { ...parsed, value: asStudentForm(parsed.value) } : parsed;
}

/**
 * A student's changes. A missing name or no operation also gives the brief's message for the whole form,
 * 'Validation Error: Name is required and at least one operation must be selected', first in the summary.
 */
export function parseEditStudent(payload: Payload): RefusableParse<StudentForm> {
  const parsed = fromSubmission(parseStudent(payload));
  if (parsed.ok) return { ...parsed, value: asStudentForm(parsed.value) };
  const errors = parsed.result.error ?? {};
  if (errors.name?.length || errors.operations?.length)
    return { ok: false, result: { ...parsed.result, error: { "": [oneLine(M.validation)], ...errors } } };
  return parsed;
}
