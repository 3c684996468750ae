import type { ActionFunctionArgs } from "@remix-run/node";
import { endLiveRoundNow } from "~/live/hub.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/**
 * End-to-end suite only: ends a live game's round now, as the host's End button does, so a test reaches the podium
 * without waiting for the clock (docs/decisions/0044-e2e-waits-for-states.md). `{"code":"48271903562"}`.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const code = (body.ok ? (body.value as { code?: unknown }) : {}).code;
  if (typeof code !== "string") return Response.json({ error: "code is needed" }, { status: 400 });
  return Response.json({ ended: endLiveRoundNow(code) });
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
