import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DUE_DAYS_MAX, GAME_KINDS, isDay, NOTE_MAX, TARGET_KINDS, TARGET_LIMITS } from "~/school-rules/set-work";
import type { GameKind, TargetKind } from "~/school-rules/set-work";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";
import { hasWebAddress } from "~/accounts/web-addresses.server";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";
import { addDays } from "~/school-rules/uk-days";

/*
 * The set work form (docs/product.md#set-work): a target of games (1–50) or minutes played (5–300), a kind of game,
 * a due date from today (UK) to 8 weeks ahead, and an optional plain note of at most 200 characters with no links.
 */

type Payload = URLSearchParams | FormData;

export type SetWorkForm = {
  targetKind: TargetKind;
  target: number;
  gameKind: GameKind;
  dueDay: string;
  note: string | null;
};

/** A due date as a browser's date field sends it (`2026-12-04`) or as a teacher types it (`4/12/2026`, `4-12-2026`). */
export function dueDayOf(text: string): string | null {
  const trimmed = text.trim();
  if (isDay(trimmed)) return trimmed;
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!uk) return null;
  const day = `${uk[3]}-${uk[2]!.padStart(2, "0")}-${uk[1]!.padStart(2, "0")}`;
  return isDay(day) ? day : null;
}

function schemaFor(today: string) {
  return z
    .object({
      targetKind: z
        .string({ message: M.targetKindInvalid })
        .refine((v): v is TargetKind => (TARGET_KINDS as readonly string[]).includes(v), M.targetKindInvalid),
      target: z
        .string({ message: M.targetRequired })
        .trim()
        .min(1, M.targetRequired)
        // Only once something was entered: a number, else its own message.
        .pipe(z.string().regex(/^\d{1,4}$/, M.targetWhole))
        .transform(Number),
      gameKind: z
        .string({ message: M.gameKindInvalid })
        .refine((v): v is GameKind => (GAME_KINDS as readonly string[]).includes(v), M.gameKindInvalid),
      due: z
        .string({ message: M.dueRequired })
        .trim()
        .min(1, M.dueRequired)
        .transform((v, ctx) => {
          const day = dueDayOf(v);
          if (day === null) ctx.addIssue({ code: "custom", message: M.dueInvalid });
          else if (day < today) ctx.addIssue({ code: "custom", message: M.duePast });
          else if (day > addDays(today, DUE_DAYS_MAX)) ctx.addIssue({ code: "custom", message: M.dueFar });
          return day ?? "";
        }),
      note: z
        .string()
        .optional()
        .transform((v) => v?.trim() ?? "")
        .refine((v) => [...v].length <= NOTE_MAX, M.noteLong)
        .refine((v) => !hasInvisibleCharacters(v.replace(/[\r\n]/g, " ")), INVISIBLE_CHARACTERS_MESSAGE)
        .refine((v) => !hasWebAddress(v), M.noteLinks),
    })
    .superRefine((value, ctx) => {
      const limits = TARGET_LIMITS[value.targetKind as TargetKind];
      if (!limits || Number.isNaN(value.target)) return;
      if (value.target < limits.min || value.target > limits.max)
        ctx.addIssue({
          code: "custom",
          path: ["target"],
          message: value.targetKind === "games" ? M.targetGamesRange : M.targetMinutesRange,
        });
    });
}

/** The form, checked against `today` (a UK day: the server's, never the browser's). */
export function parseSetWork(payload: Payload, today: string): RefusableParse<SetWorkForm> {
  const parsed = fromSubmission(
    parseWithZod(plainFields(payload), { schema: schemaFor(today), disableAutoCoercion: true }),
  );
  if (!parsed.ok) return parsed;
  const { targetKind, target, gameKind, due, note } = parsed.value;
  return {
    ...parsed,
    value: {
      targetKind: targetKind as TargetKind,
      target,
      gameKind: gameKind as GameKind,
      dueDay: due,
      note: note === "" ? null : note,
    },
  };
}
