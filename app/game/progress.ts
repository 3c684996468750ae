// Student progress and the teacher's performance card (docs/product.md#progress-maths, #teacher-performance-card).

export interface PerformanceRecord {
  score: number;
  totalQuestions: number;
  /** Percent, rounded. */
  accuracy: number;
  /** Epoch ms. */
  completedAt: number;
}

export const STREAK_ACCURACY = 70;
export const IMPROVEMENT_MIN_GAMES = 4;
export const WEEK_MS = 7 * 86_400_000;
export const GAMES_BAR_FULL_AT = 20;
export const RECENT_SESSIONS = 5;

export type GoalId = "games" | "accuracy" | "weekly";

export interface Goal {
  id: GoalId;
  title: string;
  current: number;
  target: number;
  /** How far along, 0-100. */
  percent: number;
}

export interface StudentProgress {
  gamesPlayed: number;
  /** Rounded mean of the games' accuracy, 0 with no games. */
  averageAccuracy: number;
  bestScore: number;
  streak: number;
  /** Percentage points, rounded; null with fewer than 4 games. */
  improvement: number | null;
  thisWeek: number;
  gamesBarPercent: number;
  nextGoal: Goal | null;
  encouragement: string[];
}

function newestFirst<T extends { completedAt: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.completedAt - a.completedAt);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Consecutive most-recent games with accuracy of at least 70. */
export function streakOf(newest: readonly PerformanceRecord[]): number {
  let streak = 0;
  for (const game of newest) {
    if (game.accuracy < STREAK_ACCURACY) break;
    streak++;
  }
  return streak;
}

/**
 * Mean accuracy of the newer half minus the older half, in points, rounded; null under 4 games.
 * With an odd count the middle game is left out, so both halves have floor(n / 2) games.
 */
export function improvementOf(newest: readonly PerformanceRecord[]): number | null {
  if (newest.length < IMPROVEMENT_MIN_GAMES) return null;
  const half = Math.floor(newest.length / 2);
  const newer = newest.slice(0, half).map((g) => g.accuracy);
  const older = newest.slice(newest.length - half).map((g) => g.accuracy);
  return Math.round(mean(newer) - mean(older));
}

/** Games completed in the 7 days up to now. */
export function gamesThisWeek(list: readonly PerformanceRecord[], now: number): number {
  return list.filter((game) => game.completedAt > now - WEEK_MS).length;
}

function percentOf(current: number, target: number): number {
  return Math.min(100, Math.round((current / target) * 100));
}

/** The first unmet goal of: 5 games, 80 % average accuracy, 3 games this week; null when all are met. */
export function nextGoal(gamesPlayed: number, averageAccuracy: number, thisWeek: number): Goal | null {
  const goals: Goal[] = [
    { id: "games", title: "Play 5 games", current: gamesPlayed, target: 5, percent: 0 },
    { id: "accuracy", title: "Reach 80% accuracy", current: averageAccuracy, target: 80, percent: 0 },
    { id: "weekly", title: "Play 3 games this week", current: thisWeek, target: 3, percent: 0 },
  ];
  const goal = goals.find((g) => g.current < g.target);
  return goal ? { ...goal, percent: percentOf(goal.current, goal.target) } : null;
}

/** Warm messages for the progress page, most notable first; always at least one. */
export function encouragementMessages(progress: {
  gamesPlayed: number;
  averageAccuracy: number;
  streak: number;
  improvement: number | null;
  thisWeek: number;
}): string[] {
  if (progress.gamesPlayed === 0) return ["Welcome! Play your first game to start your maths adventure. 🚀"];
  const messages: string[] = [];
  if (progress.streak >= 3) messages.push(`You're on a ${progress.streak}-game streak! Keep it going! 🔥`);
  if (progress.improvement !== null && progress.improvement > 10) {
    messages.push(`Your accuracy is up ${progress.improvement}%. Brilliant progress! 📈`);
  }
  if (progress.thisWeek >= 5) messages.push(`${progress.thisWeek} games this week. What a busy maths week! ⭐`);
  if (progress.averageAccuracy >= 90) messages.push("Over 90% right on average. You are a maths star! 🌟");
  if (progress.gamesPlayed >= 10) messages.push(`${progress.gamesPlayed} games played. Practice makes progress! 💪`);
  if (messages.length === 0) messages.push("Every game makes your brain stronger. Keep going! 😊");
  return messages;
}

/** Everything the student progress page shows. The list may come in any order. */
export function studentProgress(list: readonly PerformanceRecord[], now: number): StudentProgress {
  const newest = newestFirst(list);
  const gamesPlayed = newest.length;
  const averageAccuracy = Math.round(mean(newest.map((g) => g.accuracy)));
  const streak = streakOf(newest);
  const improvement = improvementOf(newest);
  const thisWeek = gamesThisWeek(newest, now);
  return {
    gamesPlayed,
    averageAccuracy,
    bestScore: newest.reduce((best, g) => Math.max(best, g.score), 0),
    streak,
    improvement,
    thisWeek,
    gamesBarPercent: percentOf(gamesPlayed, GAMES_BAR_FULL_AT),
    nextGoal: nextGoal(gamesPlayed, averageAccuracy, thisWeek),
    encouragement: encouragementMessages({ gamesPlayed, averageAccuracy, streak, improvement, thisWeek }),
  };
}

// Teacher performance card.

export type ScoreColour = "green" | "yellow" | "red";

export function scoreColour(average: number): ScoreColour {
  if (average >= 80) return "green";
  if (average >= 60) return "yellow";
  return "red";
}

/** The 5 most recent sessions, newest first. */
export function recentSessions<T extends { completedAt: number }>(list: readonly T[]): T[] {
  return newestFirst(list).slice(0, RECENT_SESSIONS);
}

export interface PerformanceSummary {
  games: number;
  /** Mean accuracy out of 100, rounded; 0 with no games. */
  averageScore: number;
  /** Best accuracy, null with no games. */
  best: number | null;
  /** Accuracy of the most recent game, null with no games. */
  latest: number | null;
  colour: ScoreColour;
}

export function performanceSummary(list: readonly PerformanceRecord[]): PerformanceSummary {
  const newest = newestFirst(list);
  const averageScore = Math.round(mean(newest.map((g) => g.accuracy)));
  return {
    games: newest.length,
    averageScore,
    best: newest.length > 0 ? Math.max(...newest.map((g) => g.accuracy)) : null,
    latest: newest[0]?.accuracy ?? null,
    colour: scoreColour(averageScore),
  };
}
