import type { Reply } from "./student-reply";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TextField, sentValue } from "~/components/auth/text-field";
import { FieldError, groupAria, type FieldState } from "~/components/forms/field-error";
import {
  DEFAULT_STUDENT_DIFFICULTY,
  DEFAULT_STUDENT_OPERATIONS,
  STUDENT_DIFFICULTIES,
  STUDENT_OPERATIONS,
  TIMES_TABLES,
  studentDifficultyLabel,
  type StudentDifficulty,
  type StudentOperation,
} from "~/game";
import type { GivableGameView, StudentFormValues } from "~/types/teacher";
import {
  CALM_HINT,
  EXTRA_GAMES_HINT,
  EXTRA_TIME_CHOICES,
  OPERATION_LABELS,
  STUDENT_NAME_MAX,
} from "~/utils/teacher-messages";

/*
 * A pupil's name and settings, the fields of every student form (./student-forms.tsx: the teacher dashboard's and
 * the admin panel's class page, docs/product.md#teachers). With JavaScript the submit button waits for at least
 * one operation; without it the server says so.
 */

export type { StudentFormValues };

export const NEW_STUDENT: StudentFormValues = {
  name: "",
  operations: [...DEFAULT_STUDENT_OPERATIONS],
  timesTables: [],
  difficulty: DEFAULT_STUDENT_DIFFICULTY,
  extraTime: "1",
  calm: false,
  // None until a teacher gives them (docs/decisions/0083-extra-games-per-pupil.md).
  extraGames: {},
};

/** What a checkbox group sent: none ticked is an empty list. */
function sentList(lastResult: Reply, name: string): string[] {
  const value = lastResult?.initialValue?.[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}

/** After a refusal, what was sent; otherwise the saved (or default) settings. */
export function shownStudentValues(saved: StudentFormValues, lastResult: Reply): StudentFormValues {
  if (!lastResult?.initialValue) return saved;
  return {
    name: sentValue(lastResult, "name") ?? "",
    operations: sentList(lastResult, "operations"),
    timesTables: sentList(lastResult, "timesTables"),
    difficulty: sentValue(lastResult, "difficulty") ?? saved.difficulty,
    extraTime: sentValue(lastResult, "extraTime") ?? saved.extraTime,
    calm: sentValue(lastResult, "calm") === "on",
    extraGames: sentGames(lastResult, saved),
  };
}

/** The given games' boxes as sent (`game-{mode}`), or as saved when the form had none. */
function sentGames(lastResult: Reply, saved: StudentFormValues): Record<string, string[]> {
  if (sentValue(lastResult, "games") !== "shown") return saved.extraGames;
  const sent: Record<string, string[]> = {};
  for (const name of Object.keys(lastResult?.initialValue ?? {}))
    if (name.startsWith("game-")) sent[name.slice("game-".length)] = sentList(lastResult, name);
  return sent;
}

type SettingName = "operations" | "timesTables" | "difficulty" | "extraTime" | "calm";
type Fields = Record<"name" | SettingName, FieldState & { name: string }>;

export function StudentFields({
  fields,
  values,
  games,
  submit,
}: {
  fields: Partial<Fields> & Record<string, unknown>;
  values: StudentFormValues;
  /** The games a teacher can give; none: the form leaves them as stored. */
  games?: readonly GivableGameView[];
  /** The form's buttons; `disabled` while no operation is ticked (with JavaScript). */
  submit: (disabled: boolean) => ReactNode;
}) {
  const { name } = fields as Fields;
  return (
    <>
      <TextField
        field={name}
        label="Student's name"
        autoComplete="off"
        maxLength={STUDENT_NAME_MAX}
        defaultValue={values.name}
      />
      <StudentSettingsFields fields={fields} values={values} games={games} submit={submit} />
    </>
  );
}

/**
 * A pupil's game settings without the name: the student forms' and the class settings form's
 * (docs/product.md#teachers).
 */
export function StudentSettingsFields({
  fields,
  values,
  games = [],
  submit,
}: {
  fields: Partial<Fields> & Record<string, unknown>;
  values: Omit<StudentFormValues, "name">;
  games?: readonly GivableGameView[];
  submit: (disabled: boolean) => ReactNode;
}) {
  const { operations, timesTables, difficulty, extraTime, calm } = fields as Fields;
  const hydrated = useHydrated();
  const [operationCount, setOperationCount] = useState(values.operations.length);
  return (
    <>
      <fieldset
        className="choice-group"
        {...groupAria(operations)}
        onChange={(event) =>
          setOperationCount(event.currentTarget.querySelectorAll('input[name="operations"]:checked').length)
        }
      >
        <legend>Operations</legend>
        <p className="field-hint">Choose at least one.</p>
        <FieldError field={operations} />
        <div className="choices">
          {STUDENT_OPERATIONS.map((op: StudentOperation, i) => (
            <label key={op} className="choice">
              <input
                type="checkbox"
                id={i === 0 ? operations.id : `${operations.id}-${op}`}
                name="operations"
                value={op}
                defaultChecked={values.operations.includes(op)}
              />
              <span className="choice-label">{OPERATION_LABELS[op]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group" {...groupAria(timesTables)}>
        <legend>Times tables (optional)</legend>
        <p className="field-hint">For × and ÷. None chosen: numbers from 1 to 12.</p>
        <FieldError field={timesTables} />
        <div className="choices choices-tables">
          {TIMES_TABLES.map((table, i) => (
            <label key={table} className="choice choice-compact">
              <input
                type="checkbox"
                id={i === 0 ? timesTables.id : `${timesTables.id}-${table}`}
                name="timesTables"
                value={table}
                defaultChecked={values.timesTables.includes(table)}
              />
              <span className="choice-label">
                {table}
                <span className="visually-hidden"> times table</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group" {...groupAria(difficulty)}>
        <legend>Difficulty</legend>
        <FieldError field={difficulty} />
        <div className="choices">
          {STUDENT_DIFFICULTIES.map((level: StudentDifficulty, i) => (
            <label key={level} className="choice choice-compact">
              <input
                type="radio"
                id={i === 0 ? difficulty.id : `${difficulty.id}-${level}`}
                name="difficulty"
                value={level}
                defaultChecked={values.difficulty === level}
              />
              <span className="choice-label">{studentDifficultyLabel(level)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group" {...groupAria(extraTime)}>
        <legend>Extra time</legend>
        <p className="field-hint">More time for each game: 60 seconds become 90 or 120.</p>
        <FieldError field={extraTime} />
        <div className="choices">
          {EXTRA_TIME_CHOICES.map(({ value, label }, i) => (
            <label key={value} className="choice choice-compact">
              <input
                type="radio"
                id={i === 0 ? extraTime.id : `${extraTime.id}-${value.replace(".", "-")}`}
                name="extraTime"
                value={value}
                defaultChecked={values.extraTime === value}
              />
              <span className="choice-label">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group" {...groupAria(calm)}>
        <legend>Calm mode</legend>
        <p className="field-hint">{CALM_HINT}</p>
        <FieldError field={calm} />
        <div className="choices">
          <label className="choice">
            <input type="checkbox" id={calm.id} name="calm" value="on" defaultChecked={values.calm} />
            <span className="choice-label">Play calmly</span>
          </label>
        </div>
      </fieldset>
      {games.length > 0 ? <GivenGamesFields fields={fields} given={values.extraGames} games={games} /> : null}
      {submit(hydrated && operationCount === 0)}
    </>
  );
}

/** The games beside their own: a group of boxes per game, none ticked is not given (docs/decisions/0083). */
function GivenGamesFields({
  fields,
  given,
  games,
}: {
  fields: Record<string, unknown>;
  given: Readonly<Record<string, readonly string[]>>;
  games: readonly GivableGameView[];
}) {
  return (
    <fieldset className="choice-group">
      <legend>More games</legend>
      <p className="field-hint">{EXTRA_GAMES_HINT}</p>
      <input type="hidden" name="games" value="shown" />
      {games.map((game) => {
        const field = fields[`game-${game.mode}`] as FieldState & { name: string };
        return (
          <fieldset key={game.mode} className="choice-group" {...groupAria(field)}>
            <legend>
              {game.name}: {game.legend.toLowerCase()}
            </legend>
            <FieldError field={field} />
            <div className="choices">
              {game.options.map((option, i) => (
                <label key={option.value} className="choice choice-compact">
                  <input
                    type="checkbox"
                    id={i === 0 ? field.id : `${field.id}-${option.value}`}
                    name={`game-${game.mode}`}
                    value={option.value}
                    defaultChecked={(given[game.mode] ?? []).includes(option.value)}
                  />
                  <span className="choice-label">{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}
