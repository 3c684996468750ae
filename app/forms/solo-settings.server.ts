import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DEFAULT_DIFFICULTY, DEFAULT_OPERATIONS, DEFAULT_TIME_LIMIT, isTimeLimit, type TimeLimit } from "~/game";
import { SETTINGS_MESSAGES, operationFromName, type SoloSettings } from "~/utils/solo-settings";
import { plainFields, type FormParse } from "./form-parse";

/** A form value that may come once or repeated: always a list. */
const list = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

const schema = z.object({
  difficulty: z.enum(["normal", "hard", "extreme"], { message: SETTINGS_MESSAGES.difficulty }).optional(),
  timeLimit: z
    .string({ message: SETTINGS_MESSAGES.timeLimit })
    .transform(Number)
    .refine((n): n is TimeLimit => isTimeLimit(n), SETTINGS_MESSAGES.timeLimit)
    .optional(),
  operations: z.preprocess(
    list,
    z
      .array(z.string(), { message: SETTINGS_MESSAGES.operations })
      .transform((names, ctx) => {
        const ops = [...new Set(names.map(operationFromName))];
        if (ops.length === 0 || ops.some((op) => op === undefined)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: SETTINGS_MESSAGES.operations });
          return z.NEVER;
        }
        return ops.filter((op) => op !== undefined);
      })
      .optional(),
  ),
});

/** Solo settings from a start form or link (a query string or form body); anything missing takes its default. */
export function parseSoloSettings(payload: URLSearchParams | FormData): FormParse<SoloSettings> {
  // Raw strings in, so an empty or odd value is judged by the schema's own words, never silently dropped.
  const submission = parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true });
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  const { difficulty, timeLimit, operations } = submission.value;
  return {
    ok: true,
    value: {
      difficulty: difficulty ?? DEFAULT_DIFFICULTY,
      timeLimit: timeLimit ?? DEFAULT_TIME_LIMIT,
      operations: operations ?? [...DEFAULT_OPERATIONS],
    },
  };
}
