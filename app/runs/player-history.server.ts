import type { PaceVerdict } from "~/game";
import type { Player } from "~/auth/player.server";
import { hadRecentHold } from "~/models/review.server";

/** How long one held run makes a player's other runs wait for review too. */
export const HOLD_CARRIES_OVER_MS = 60 * 60_000;

/**
 * A run that passed on its own pace is still held when its player had a run held in the last hour: a script that
 * plays many short runs to fish for one that slips through is caught by its first, and people are held so rarely
 * that this costs them nothing but a wait (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#many-short-runs).
 */
export function withPlayerHistory(pace: PaceVerdict, player: Player, at: number): PaceVerdict {
  if (!pace.plausible || player.kind === "student") return pace;
  if (!hadRecentHold(player, at - HOLD_CARRIES_OVER_MS)) return pace;
  return { ...pace, plausible: false, reasons: [...pace.reasons, "held-recently"] };
}
