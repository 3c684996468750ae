import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrCreatePlayer } from "~/auth/player.server";
import { issueRun } from "~/runs/tokens.server";
import { specFromStartParams } from "./start-params.server";

/**
 * The island asks here for a new signed run: solo with its settings, or `mode=daily` for today's
 * challenge. Nothing is written, so any replica can answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = specFromStartParams(new URL(request.url).searchParams);
  if (!parsed.ok) return Response.json({ ok: false as const, result: parsed.result }, { status: 400 });
  const { player, headers } = await getOrCreatePlayer(request);
  const { token, ticket } = issueRun(parsed.value, player);
  headers.set("Cache-Control", "no-store");
  return Response.json({ ok: true as const, run: { token, spec: ticket.spec, seed: ticket.seed } }, { headers });
}
