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
