import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPlayer } from "~/auth/player.server";
import { dailyPanelRows } from "~/models/leaderboard.server";
import type { DailyPanelData } from "~/types/leaderboard";
import { tryRead } from "~/utils/http.server";

/**
 * The Daily Leaderboard panel's rows, for the results the game's island shows in the page: /game's own document
 * is its start screen, which has no board to show (docs/product.md#daily-leaderboard-panel). Live: never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const data: DailyPanelData = { board: tryRead("the daily leaderboard", () => dailyPanelRows(player)) };
  return Response.json(data, { headers: { "Cache-Control": "no-store" } });
}
