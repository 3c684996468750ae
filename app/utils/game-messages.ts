/** The messages after a game is saved or refused, by mode (docs/product.md#texts-solo-game, #texts-daily-challenge). */
export function savedMessage(challengeTitle?: string): string {
  return challengeTitle ? `Score saved to ${challengeTitle} leaderboard!` : "Score saved to leaderboard!";
}

/** A score held off the boards until it has been checked (docs/decisions/0024-human-pace.md). */
export const HELD_MESSAGE = "Score saved! It goes on the leaderboard after a quick check.";

export function saveFailedTitle(daily: boolean): string {
  return daily ? "Failed to save score to daily challenge leaderboard" : "Failed to save score";
}
