import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { parseRunSpec, type RunSpec } from "~/game";
import type { ModeStart } from "~/game/modes";
import { plainFields, type FormParse } from "./form-parse";

/** A form value that may come once or repeated: always a list. */
const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The start form of a mode its definition describes (app/game/modes; docs/decisions/0081-number-bonds-and-doubles.md):
 * each group of choices at least one of its options (one for a group of buttons), nothing else, the group's message
 * beside it otherwise; then the spec, which the engine checks again before it is signed.
 */
export function parseModeChoices(start: ModeStart<RunSpec>, payload: URLSearchParams | FormData): FormParse<RunSpec> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const group of start.choices) {
    const values = group.options.map((option) => option.value);
    shape[group.name] = z.preprocess(
      list,
      z
        .array(z.string())
        .refine(
          (chosen) =>
            chosen.length > 0 &&
            (group.several || chosen.length === 1) &&
            new Set(chosen).size === chosen.length &&
            chosen.every((value) => values.includes(value)),
          group.message,
        ),
    );
  }
  const submission = parseWithZod(plainFields(payload), { schema: z.object(shape), disableAutoCoercion: true });
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  const spec = parseRunSpec(start.specOf(submission.value as Record<string, string[]>));
  // Each group's values are the definition's own options, so its spec is always one the engine takes.
  if (!spec) throw new Error(`a ${start.path} start form made no spec`);
  return { ok: true, value: spec };
}
