import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { TABLES_OPERATIONS, TIMES_TABLE_NUMBERS, isTimeLimit, type TimeLimit } from "~/game";
import { SETTINGS_MESSAGES, operationFromName } from "~/utils/solo-settings";
import { TABLES_MESSAGES, canonicalTables, defaultTablesSettings, type TablesSettings } from "~/utils/tables-settings";
import { plainFields, type FormParse } from "./form-parse";

/** A form value that may come once or repeated: always a list. */
const list = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

const schema = z.object({
  // No default: a times-tables game is of the tables ticked, so none ticked (or none named in a link) is refused.
  tables: z.preprocess(
    list,
    z.array(z.string(), { message: TABLES_MESSAGES.tables }).transform((names, ctx) => {
      // Only the plain numbers 2 to 12 ("07" or " 7" is no table of ours).
      const tables = names.map((name) => TIMES_TABLE_NUMBERS.find((table) => String(table) === name));
      if (tables.length === 0 || tables.some((table) => table === undefined)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: TABLES_MESSAGES.tables });
        return z.NEVER;
      }
      return canonicalTables(tables.filter((table) => table !== undefined));
    }),
  ),
  operations: z.preprocess(
    list,
    z
      .array(z.string(), { message: TABLES_MESSAGES.operations })
      .transform((names, ctx) => {
        const ops = names.map(operationFromName);
        if (ops.length === 0 || !ops.every((op) => op === "*" || op === "/")) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: TABLES_MESSAGES.operations });
          return z.NEVER;
        }
        return TABLES_OPERATIONS.filter((op) => ops.includes(op));
      })
      .optional(),
  ),
  timeLimit: z
    .string({ message: SETTINGS_MESSAGES.timeLimit })
    .transform(Number)
    .refine((n): n is TimeLimit => isTimeLimit(n), SETTINGS_MESSAGES.timeLimit)
    .optional(),
});

/**
 * A times-tables game's settings from its form or a link (docs/product.md#times-tables-game): the tables (at least
 * one, 2 to 12); the operations (`multiply`, `divide`; both when none is named, unless `noOperationsMeansNone`: the
 * form always sends its ticked boxes, so none ticked there is refused); the time limit (a minute when missing).
 */
export function parseTablesSettings(
  payload: URLSearchParams | FormData,
  { noOperationsMeansNone = false } = {},
): FormParse<TablesSettings> {
  const fields = plainFields(payload);
  const submission = parseWithZod(fields, { schema, disableAutoCoercion: true });
  const operationsMissing = noOperationsMeansNone && !fields.has("operations");
  if (submission.status !== "success" || operationsMissing) {
    const reply = submission.reply();
    const error = { ...reply.error };
    if (operationsMissing) error.operations = [TABLES_MESSAGES.operations];
    return { ok: false, result: { ...reply, status: "error", error } };
  }
  const defaults = defaultTablesSettings();
  const { tables, operations, timeLimit } = submission.value;
  return {
    ok: true,
    value: { tables, operations: operations ?? defaults.operations, timeLimit: timeLimit ?? defaults.timeLimit },
  };
}
