import type { SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/routes/game.finish";

/** Sends a finished run's answers for the server to verify and score; a dropped connection can be retried. */
export async function finishRunRequest(token: string, answers: SubmittedAnswer[]): Promise<FinishResponse> {
  try {
    const response = await fetch("/game/finish", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ token, answers }),
    });
    return (await response.json()) as FinishResponse;
  } catch {
    return { ok: false, message: "Failed to save score. Check your connection, then try again.", retryable: true };
  }
}
