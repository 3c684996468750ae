import type { Submission, SubmissionResult } from "@conform-to/react";

/**
 * What every form parser in app/forms returns: the checked value, or conform's reply for the page (the
 * messages by field and what was sent, so the form shows the errors with the input kept). A parser built with
 * `fromSubmission` also gives `refuse`, for a refusal only the action can make after the checks (a taken name,
 * a wrong password): the same reply shape, with the input kept.
 */
export type FormParse<T> = { ok: true; value: T; refuse?: Refuse } | { ok: false; result: SubmissionResult<string[]> };

/** A parse whose success can still be refused by the action. */
export type RefusableParse<T> =
  { ok: true; value: T; refuse: Refuse } | { ok: false; result: SubmissionResult<string[]> };

export type Refuse = (errors: { form?: string; fields?: Record<string, string> }) => SubmissionResult<string[]>;

/** A field name as our forms write them: a letter, then letters, digits, `_` and `-`. */
const PLAIN_NAME = /^[A-Za-z][\w-]*$/;

/**
 * The payload with only plainly named fields, for `parseWithZod` (docs/decisions/0009-one-form-pattern.md). Conform
 * reads `a.b` and `a[3]` as paths into objects and lists (`operations[99999999]=add`, a few bytes, would build a
 * list that long) and its own `__intent__` and `__state__` as JSON (malformed JSON throws). No form here sends
 * either, so such fields are dropped like any other field a schema does not know.
 */
export function plainFields(payload: URLSearchParams | FormData): URLSearchParams | FormData {
  if (payload instanceof URLSearchParams) {
    const plain = new URLSearchParams();
    for (const [name, value] of payload) if (PLAIN_NAME.test(name)) plain.append(name, value);
    return plain;
  }
  const plain = new FormData();
  for (const [name, value] of payload) if (PLAIN_NAME.test(name)) plain.append(name, value);
  return plain;
}

/** A reply with one message for the form as a whole (no field), e.g. when a limit refuses it. */
export function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/**
 * A parse result from a conform submission. Fields named in `secret` (passwords) are never sent back to the
 * page, whatever the outcome.
 */
export function fromSubmission<T>(
  submission: Submission<unknown, string[], T>,
  secret: readonly string[] = [],
): RefusableParse<T> {
  const hideFields = [...secret];
  if (submission.status !== "success") return { ok: false, result: submission.reply({ hideFields }) };
  const refuse: Refuse = ({ form, fields }) =>
    submission.reply({
      formErrors: form ? [form] : undefined,
      fieldErrors: fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined,
      hideFields,
    });
  return { ok: true, value: submission.value, refuse };
}
