import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { GOAL_MAX } from "~/school-rules/class-goal";
import { parseDay } from "~/school-rules/competition";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* A class goal in secured facts (docs/product.md#class-goal): how many, and by which day. */

export const CLASS_GOAL_MESSAGES = {
  countRequired: "Enter how many facts, as a whole number.",
  countRange: `Enter a number from 1 to ${GOAL_MAX}.`,
  dayRequired: "Enter the day, for example 12/02/2027.",
  dayPast: "Choose today or a day after it.",
  dayFar: "Choose a day within a year.",
  set: "The class goal is set.",
  removed: "The class goal is removed.",
  unchanged: "Nothing changed.",
} as const;

const M = CLASS_GOAL_MESSAGES;

const schema = z.object({
  goalCount: z
    .string({ message: M.countRequired })
    .trim()
    .regex(/^\d{1,6}$/, M.countRequired)
    .transform(Number)
    .refine((n) => n >= 1 && n <= GOAL_MAX, M.countRange),
  goalDay: z
    .string({ message: M.dayRequired })
    .max(20, M.dayRequired)
    .transform((value, ctx) => {
      const day = parseDay(value);
      if (day === null) {
        ctx.addIssue({ code: "custom", message: M.dayRequired });
        return z.NEVER;
      }
      return day;
    }),
});

export function parseClassGoalForm(payload: URLSearchParams): RefusableParse<{ goalCount: number; goalDay: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));
}
