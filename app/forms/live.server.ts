import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "~/accounts/pseudonym-words";
import { STUDENT_DIFFICULTIES, STUDENT_OPERATIONS, type StudentDifficulty, type StudentOperation } from "~/game";
import { isJoinCode } from "~/live/join-code";
import { JOIN_CODE_PATTERN, LIVE_DURATIONS, type LiveDuration } from "~/live/protocol";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The live game's forms (docs/product.md#live-game): the join code, a guest's made-up name, the host's settings, an answer. */

const parse = <T>(payload: URLSearchParams, schema: z.ZodType<T, z.ZodTypeDef, unknown>): RefusableParse<T> =>
  fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));

const joinCode = z
  .string({ required_error: M.codeRequired, invalid_type_error: M.codeInvalid })
  .max(32, M.codeInvalid)
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(JOIN_CODE_PATTERN, M.codeInvalid).refine(isJoinCode, M.codeMistyped));

// Each schema made once: making one costs about as much as parsing a short form with it.
const joinCodeForm = z.object({ code: joinCode });

export function parseJoinCode(payload: URLSearchParams): RefusableParse<{ code: string }> {
  return parse(payload, joinCodeForm);
}

export type GuestName = { code: string; adjective: string; animal: string };

const guestNameForm = z.object({
  code: joinCode,
  adjective: z
    .string({ required_error: M.adjectiveRequired })
    .refine((word) => (PSEUDONYM_ADJECTIVES as readonly string[]).includes(word), {
      message: M.adjectiveRequired,
    }),
  animal: z
    .string({ required_error: M.animalRequired })
    .refine((word) => (PSEUDONYM_ANIMALS as readonly string[]).includes(word), {
      message: M.animalRequired,
    }),
});

export function parseGuestName(payload: URLSearchParams): RefusableParse<GuestName> {
  return parse(payload, guestNameForm);
}

export type HostSettings = {
  classId: string | null;
  operations: StudentOperation[];
  difficulty: StudentDifficulty;
  durationSeconds: LiveDuration;
  weakFacts: boolean;
  /** A teacher's game: whether guests may join (off unless ticked; a member's game always lets them). */
  guests: boolean;
};

/** The host's settings. `classIds`: a teacher's classes (one must be chosen), or null for a member (none). */
export function parseHostSettings(
  payload: URLSearchParams,
  classIds: readonly string[] | null,
): RefusableParse<HostSettings> {
  // Several ticked boxes arrive as one field many times: read them here, the schema judges the list.
  const operations = payload.getAll("operations");
  const plain = new URLSearchParams(payload);
  plain.delete("operations");
  const schema = z
    .object({
      classId: z.string().optional(),
      difficulty: z.string({ required_error: M.difficultyRequired }),
      duration: z.string({ required_error: M.durationRequired }),
      weakFacts: z.string().optional(),
      guests: z.string().optional(),
    })
    .superRefine((form, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (classIds && !classIds.includes(form.classId ?? "")) issue("classId", M.classRequired);
      if (!(STUDENT_DIFFICULTIES as readonly string[]).includes(form.difficulty))
        issue("difficulty", M.difficultyRequired);
      if (!LIVE_DURATIONS.map(String).includes(form.duration)) issue("duration", M.durationRequired);
      const known = operations.filter((op) => (STUDENT_OPERATIONS as readonly string[]).includes(op));
      if (form.weakFacts !== "on" && (known.length === 0 || known.length !== operations.length)) {
        issue("operations", M.operationsRequired);
      }
    })
    .transform((form): HostSettings => ({
      classId: classIds ? (form.classId ?? null) : null,
      operations: STUDENT_OPERATIONS.filter((op) => operations.includes(op)),
      difficulty: form.difficulty as StudentDifficulty,
      durationSeconds: Number(form.duration) as LiveDuration,
      weakFacts: classIds !== null && form.weakFacts === "on",
      guests: classIds === null || form.guests === "on",
    }));
  return parse(plain, schema);
}

/**
 * An answer without JavaScript: the question's number and the answer field (the solo game's, named `answer`), as
 * typed or built with the number pad's keys.
 */
const liveAnswerForm = z.object({
  i: z
    .string({ required_error: M.answerRequired })
    .regex(/^\d{1,4}$/, M.answerRequired)
    .transform(Number),
  answer: z
    .string({ required_error: M.answerRequired })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, M.answerRequired)
        .max(12, M.answerNotNumber)
        .regex(/^(\d+\.?\d*|\.\d+)$/, M.answerNotNumber),
    ),
});

export function parseLiveAnswer(payload: URLSearchParams): RefusableParse<{ i: number; answer: string }> {
  return parse(payload, liveAnswerForm);
}
