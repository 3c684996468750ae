/*
 * Texts of the panels of a pupil's progress page (docs/product.md#progress-maths); browser-safe. Apart from the
 * words every pupil's page shares (student-messages.ts), so that the game pages do not carry them
 * (docs/decisions/0026-client-weight-budget.md). The goals and encouragement come from the engine (app/game/progress.ts).
 */

export const PROGRESS_MESSAGES = {
  heading: "My Progress",
  numbers: "Your numbers",
  lead: (name: string) => `Here is how you are doing, ${name}!`,
  gamesPlayed: "Games Played",
  gamesBar: (percent: number) => `${percent}% of the way to 20 games`,
  averageAccuracy: "Average Accuracy",
  bestScore: "Best Score",
  thisWeek: "This Week",
  thisWeekNote: "games in the last 7 days",
  streak: "Streak",
  streakText: (n: number) =>
    n === 0
      ? "Get 70% or more in a game to start a streak!"
      : `${n} ${n === 1 ? "game" : "games"} in a row with 70% or more`,
  improvement: "Improvement",
  improvementWaiting: (gamesToGo: number) =>
    `Play ${gamesToGo} more ${gamesToGo === 1 ? "game" : "games"} to see how you are improving.`,
  improvementText: (points: number) =>
    points > 0
      ? `Your accuracy is up ${points}% on your earlier games.`
      : points < 0
        ? `Your accuracy is down ${-points}% on your earlier games. Keep practising!`
        : "Your accuracy is the same as in your earlier games.",
  nextGoal: "Next Goal",
  goalProgress: (current: number, target: number, percentGoal: boolean) =>
    percentGoal ? `${current}% of ${target}%` : `${current} of ${target}`,
  allGoals: "You have reached every goal! 🏆",
  encouragement: "Keep It Up!",
  learning: "What You’re Learning",
  chartHeading: "Your Accuracy in Recent Games",
  noGames: "Play a game to see your chart here.",
  chartGood: "Filled dot: a game with 70% or more right",
  chartLow: "Empty dot: a game with less than 70% right",
  showNumbers: "Show the numbers",
  recentGames: "Recent games",
} as const;

/** The panels' words, for the pupil (above) or spoken to someone else about them (the parent page's). */
export type ProgressWords = {
  [K in keyof typeof PROGRESS_MESSAGES]: (typeof PROGRESS_MESSAGES)[K] extends string
    ? string
    : (typeof PROGRESS_MESSAGES)[K];
};
