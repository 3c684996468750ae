import type { ActionFunctionArgs } from "@remix-run/node";
import { finishGameRequest, finishReply, finishResponse, fromFetchRequest } from "~/runs/finish-request.server";

/**
 * The island's finish: its token and answers as JSON. The server verifies the answers against its own
 * problems and saves its own score; a client never sends one. (The server-driven game finishes through
 * /game/play, with the same verification.) The island shows 'Score saved to leaderboard!' itself. In production
 * the server (server/lanes.ts) answers the POST without Remix, with the same function
 * (docs/decisions/0034-finishes-in-front-of-express.md).
 */
export function action({ request, context }: ActionFunctionArgs) {
  return finishGameRequest(fromFetchRequest(request), context.clientAddress ?? null).then(finishResponse);
}

export function loader() {
  return finishReply({ ok: false, message: "Use POST.", retryable: false }, 405);
}
