import type { ActionFunctionArgs } from "@remix-run/node";
import { getPlayer } from "~/auth/player.server";
import { finishFromJson, finishReply } from "~/runs/finish-request.server";

/**
 * The island's finish: its token and answers as JSON. The server verifies the answers against its own
 * problems and saves its own score; a client never sends one. (The server-driven game finishes through
 * /game/play, with the same verification.) The island shows 'Score saved to leaderboard!' itself.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return finishFromJson(request, { address: context.clientAddress ?? null, playerOf: () => getPlayer(request) });
}

export function loader() {
  return finishReply({ ok: false, message: "Use POST.", retryable: false }, 405);
}
