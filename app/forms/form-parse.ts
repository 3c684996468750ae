import type { SubmissionResult } from "@conform-to/react";

/**
 * What every form parser in app/forms returns: the checked value, or conform's reply for the page (the
 * messages by field and what was sent, so the form shows the errors with the input kept).
 */
export type FormParse<T> = { ok: true; value: T } | { ok: false; result: SubmissionResult<string[]> };

/** A reply with one message for the form as a whole (no field), e.g. when a limit refuses it. */
export function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}
