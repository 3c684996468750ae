import type { ActionFunctionArgs } from "@remix-run/node";
import { finishReply, finishResponse, finishStudentRequest, fromFetchRequest } from "~/runs/finish-request.server";

/**
 * The pupil's game in the page finishes here: its token and answers as JSON, verified against the server's own
 * problems and saved as the pupil's performance, never a leaderboard entry (docs/product.md#student-game). In
 * production the server (server/lanes.ts) answers the POST without Remix, with the same function.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return finishStudentRequest(fromFetchRequest(request), context.clientAddress ?? null).then(finishResponse);
}

export function loader() {
  return finishReply({ ok: false, message: "Use POST.", retryable: false }, 405);
}
