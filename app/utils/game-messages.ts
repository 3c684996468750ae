/** The spec's messages after a game is saved or refused, by mode (spec section 8). */
export function savedMessage(challengeTitle?: string): string {
  return challengeTitle ? `Score saved to ${challengeTitle} leaderboard!` : "Score saved to leaderboard!";
}

export function saveFailedTitle(daily: boolean): string {
  return daily ? "Failed to save score to daily challenge leaderboard" : "Failed to save score";
}
