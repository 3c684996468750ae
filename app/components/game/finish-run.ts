import type { SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/types/runs";

/**
 * Sends a finished run's answers for the server to verify and score; a dropped connection can be retried.
 * `url`: the finish route (/game/finish, or /student-game/finish for a pupil's game).
 */
export async function finishRunRequest(
  token: string,
  answers: SubmittedAnswer[],
  url = "/game/finish",
): Promise<FinishResponse> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ token, answers }),
    });
    const body = (await response.json()) as FinishResponse;
    // Sent twice (a lost response, a double click): the first one was saved, so show that result.
    if (!body.ok && body.saved) return { ok: true, runId: body.saved.runId, summary: body.saved.summary };
    return body;
  } catch {
    return { ok: false, message: "Failed to save score. Check your connection, then try again.", retryable: true };
  }
}
