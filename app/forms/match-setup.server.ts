import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, type MatchSettings } from "~/game";
import { MATCH_DIFFICULTIES, MATCH_MESSAGES, MAX_NAME_LENGTH, nameField } from "~/utils/match-settings";
import { plainFields, type FormParse } from "./form-parse";

const whole = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,2}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const names = Object.fromEntries(
  Array.from({ length: MAX_PLAYERS }, (_, i) => [nameField(i + 1), z.string().optional()]),
) as Record<string, z.ZodOptional<z.ZodString>>;

const schema = z
  .object({
    playerCount: whole(MIN_PLAYERS, MAX_PLAYERS, MATCH_MESSAGES.playerCount),
    rounds: whole(MIN_ROUNDS, MAX_ROUNDS, MATCH_MESSAGES.rounds),
    difficulty: z.enum(MATCH_DIFFICULTIES, { message: MATCH_MESSAGES.difficulty }),
    ...names,
  })
  // Only the chosen number of players are named (the form may carry more, e.g. without JavaScript). A name left
  // empty (the fields start empty) is 'Player N' (docs/product.md#match-rules).
  .transform((setup, ctx): MatchSettings => {
    const playerNames: string[] = [];
    for (let n = 1; n <= setup.playerCount; n++) {
      const given = (setup as Record<string, unknown>)[nameField(n)];
      const name = typeof given === "string" ? given.trim() : "";
      if (name.length > MAX_NAME_LENGTH)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [nameField(n)], message: MATCH_MESSAGES.nameTooLong(n) });
      playerNames.push(name || `Player ${n}`);
    }
    return { playerCount: setup.playerCount, rounds: setup.rounds, difficulty: setup.difficulty, playerNames };
  });

/** The two-player setup form: players, rounds, difficulty and a name (or none) for each chosen player. */
export function parseMatchSetup(payload: URLSearchParams | FormData): FormParse<MatchSettings> {
  const submission = parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true });
  if (submission.status !== "success") return { ok: false, result: submission.reply() };
  return { ok: true, value: submission.value };
}

const playersChoice = whole(MIN_PLAYERS, MAX_PLAYERS, MATCH_MESSAGES.playerCount);

/**
 * The setup's Players choice as a link or the page's own GET form sends it (`?players=N`: without JavaScript, how
 * many name fields the page shows). No `players` is the default (`null`); anything but 2 to 6 is refused with the
 * Players field's message, keyed by the setup form's own field (`playerCount`) so it shows beside the select. The
 * reply has no `initialValue`: the rest of the form keeps its defaults.
 */
export function parsePlayersChoice(query: URLSearchParams): FormParse<number | null> {
  const sent = query.get("players");
  if (sent === null) return { ok: true, value: null };
  const parsed = playersChoice.safeParse(sent);
  if (parsed.success) return { ok: true, value: parsed.data };
  const result: SubmissionResult<string[]> = { status: "error", error: { playerCount: [MATCH_MESSAGES.playerCount] } };
  return { ok: false, result };
}
