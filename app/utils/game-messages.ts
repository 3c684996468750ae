/** The messages after a game is saved or refused, by mode (docs/product.md#texts-solo-game, #texts-daily-challenge). */
export function savedMessage(challengeTitle?: string): string {
  return challengeTitle ? `Score saved to ${challengeTitle} leaderboard!` : "Score saved to leaderboard!";
}

export function saveFailedTitle(daily: boolean): string {
  return daily ? "Failed to save score to daily challenge leaderboard" : "Failed to save score";
}
