import type { ActionFunctionArgs } from "@remix-run/node";
import { endLiveRoundNow, findLiveGame } from "~/live-hub/registry.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/**
 * End-to-end suite only: ends a live game's round now, as the host's End button does, so a test reaches the podium
 * without waiting for the clock (docs/decisions/0044-e2e-waits-for-states.md). `{"code":"48271903562"}`. With
 * `"rewindSeconds": n` it moves the started round's instants n seconds back instead, as if it had been played that
 * long (a script's answers need the time they claim).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const { code, rewindSeconds } = (body.ok ? (body.value as { code?: unknown; rewindSeconds?: unknown }) : {}) ?? {};
  if (typeof code !== "string") return Response.json({ error: "code is needed" }, { status: 400 });
  if (typeof rewindSeconds === "number") {
    const game = findLiveGame(code);
    if (!game || game.startsAt === null || game.endsAt === null || game.closesAt === null) {
      return Response.json({ rewound: false });
    }
    const by = rewindSeconds * 1000;
    game.startsAt -= by;
    game.endsAt -= by;
    game.closesAt -= by;
    return Response.json({ rewound: true });
  }
  return Response.json({ ended: endLiveRoundNow(code) });
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
