import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { POINTS_FROM, parseDay, type PointsFrom } from "~/school-rules/competition";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { hasWebAddress } from "~/accounts/web-addresses.server";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The form that starts a class competition (docs/product.md#class-competition). */

const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

const day = (message: string) =>
  z
    .string({ message })
    .max(20, message)
    .transform((value, ctx) => {
      const parsed = parseDay(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const schema = z.object({
  name: z
    .string({ message: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(60, M.nameLong)
    .refine((name) => !hasInvisibleCharacters(name), INVISIBLE_CHARACTERS_MESSAGE)
    // Pupils read it on their dashboard: no address a child might follow (docs/product.md#class-competition).
    .refine((name) => !hasWebAddress(name), M.nameLinks),
  startsOn: day(M.startRequired),
  endsOn: day(M.endRequired),
  classes: z.preprocess(
    list,
    z
      .array(z.string(), { message: M.classesTooFew })
      .max(200, M.classesNotSchool)
      .refine((ids) => ids.every((id) => ROW_ID.test(id)), M.classesNotSchool)
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length >= 2, M.classesTooFew),
  ),
  // Game scores unless the form says otherwise (a form from before the choice sends none).
  pointsFrom: z
    .enum(POINTS_FROM, { message: M.pointsFromInvalid })
    .optional()
    .transform((value) => value ?? "scores"),
});

export type NewCompetitionForm = {
  name: string;
  startsOn: string;
  endsOn: string;
  classes: string[];
  pointsFrom: PointsFrom;
};

export function parseStartCompetition(payload: URLSearchParams | FormData): RefusableParse<NewCompetitionForm> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));
}
