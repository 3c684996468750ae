import type { Player } from "~/auth/player.server";
import { now } from "~/utils/clock.server";
import { topPlayers, type BoardRow } from "./leaderboard.server";

/** The Daily Leaderboard panel: top 10 distinct players of the last 24 hours on the normal board. */
export function dailyPanel(player: Player | null): { rows: BoardRow[]; failed: boolean } {
  try {
    return { rows: topPlayers({ board: "normal", period: "daily", limit: 10, now: now(), player }), failed: false };
  } catch (error) {
    console.error("loading the daily leaderboard failed", error);
    return { rows: [], failed: true };
  }
}
