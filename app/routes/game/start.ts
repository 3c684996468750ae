import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrCreatePlayer, ownerOf } from "~/auth/player.server";
import { isPupil, PUPIL_REFUSAL } from "~/auth/pupil-doors.server";
import { formError } from "~/forms/form-parse";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { issueRun } from "~/runs/tokens.server";
import { tooManyRequests } from "~/utils/http.server";
import { rememberSoloSettings } from "./last-settings.server";
import { specFromStartParams } from "./start-params.server";

/**
 * The island asks here for a new signed run: solo with its settings, or `mode=daily` for today's
 * challenge. Nothing is written, so any replica can answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // A logged-in pupil's games are their own, never a public board's (docs/product.md#a-pupils-own-games).
  if (await isPupil(request)) {
    return Response.json({ ok: false as const, result: formError(PUPIL_REFUSAL) }, { status: 403 });
  }
  const parsed = specFromStartParams(new URL(request.url).searchParams);
  if (!parsed.ok) return Response.json({ ok: false as const, result: parsed.result }, { status: 400 });
  const { player, headers } = await getOrCreatePlayer(request);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok) {
    return Response.json({ ok: false as const, result: formError(limited.message) }, tooManyRequests(limited, headers));
  }
  const { token, ticket } = issueRun(parsed.value, player);
  // The start dialog shows these settings again on the next visit.
  await rememberSoloSettings(request, headers, player, parsed.value);
  headers.set("Cache-Control", "no-store");
  return Response.json({ ok: true as const, run: { token, spec: ticket.spec, seed: ticket.seed } }, { headers });
}
