import type { ActionFunctionArgs } from "@remix-run/node";
import { findLiveGame, tick } from "~/live-hub/registry.server";
import { LIVE_LIMITS } from "~/live/protocol";
import { now } from "~/utils/clock.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/**
 * End-to-end suite only: a live game's lobby left alone for its 15 minutes now (its last activity moved back), then
 * the hub's tick, so a test sees an idle lobby close without waiting for the clock
 * (docs/decisions/0044-e2e-waits-for-states.md). `{"code":"48271903562"}`.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const code = (body.ok ? (body.value as { code?: unknown }) : {}).code;
  if (typeof code !== "string") return Response.json({ error: "code is needed" }, { status: 400 });
  const game = findLiveGame(code);
  if (!game) return Response.json({ closed: false });
  game.lastActive = Math.min(game.lastActive, now() - LIVE_LIMITS.lobbyIdleMs - 1_000);
  tick();
  return Response.json({ closed: findLiveGame(code) === undefined });
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
