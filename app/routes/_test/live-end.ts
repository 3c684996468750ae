import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { endLiveRoundNow, findLiveGame, joinLiveGame } from "~/live-hub/registry.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/**
 * End-to-end suite only: ends a live game's round now, as the host's End button does, so a test reaches the podium
 * without waiting for the clock (docs/decisions/0044-e2e-waits-for-states.md). `{"code":"48271903562"}`. With
 * `"rewindSeconds": n` it moves the started round's instants n seconds back instead, as if it had been played that
 * long (a script's answers need the time they claim). With `"join": [{"name": "Harry", "right": 12}, …]` it seats
 * those guests, each from an address of its own, with that many right answers (a full classroom on the big screen
 * without a browser each: docs/product.md#live-game).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const { code, rewindSeconds, join } =
    (body.ok ? (body.value as { code?: unknown; rewindSeconds?: unknown; join?: unknown }) : {}) ?? {};
  if (typeof code !== "string") return Response.json({ error: "code is needed" }, { status: 400 });
  if (Array.isArray(join)) return Response.json({ joined: seat(code, join as { name: string; right?: number }[]) });
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

function seat(code: string, guests: { name: string; right?: number }[]): number {
  let joined = 0;
  for (const guest of guests) {
    const hex = () => randomBytes(8).toString("hex");
    const result = joinLiveGame(
      code,
      { name: String(guest.name), kind: "guest", studentId: null },
      { classId: null, browserId: hex(), addressGroup: hex() },
    );
    if (!result.ok) continue;
    result.player.right = Number(guest.right ?? 0);
    result.player.reachedAt = joined;
    joined += 1;
  }
  return joined;
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
