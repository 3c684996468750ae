import {
  CALM_QUESTIONS,
  STUDENT_TIME_LIMIT,
  studentDifficultyLabel,
  type ExtraTime,
  type StudentDifficulty,
  type StudentOperation,
} from "~/game";
import type { StudentGameWords } from "~/types/student";

/*
 * Texts of the pupils' pages, /student-game and /student-progress (docs/product.md#students, #student-game,
 * #progress-maths); browser-safe. The progress page's goals and encouragement come from the engine
 * (app/game/progress.ts).
 */

export const STUDENT_MESSAGES = {
  // The brief's texts.
  startCard: "Start Math Game",
  progressCard: "View Progress",
  correct: "Correct! 🎉 Well done!",
  /** `answer` as the game shows numbers (formatNumber). */
  wrong: (answer: string) => `Try again! 💪 The answer was ${answer}`,

  // Our own.
  gameTitle: "My Maths Game",
  gameDescription: "Play a 60-second maths game with the settings your teacher chose.",
  progressTitle: "My Progress",
  progressDescription: "See how your maths games are going.",
  hello: (name: string) => `Hello, ${name}! 👋`,
  progressCardText: "See your scores, your streak and your next goal.",
  logout: "Logout",
  settingsHeading: "Your Game Settings",
  settingsNote: "Your teacher chooses these.",
  anyTable: "Any from 1 to 12",
  readyHeading: "Ready?",
  go: "Let’s go!",
  notYet: "Not yet",
  back: "Back to Dashboard",
  backHint: "Going back ends this game without saving it.",
  leaveHeading: "Leave the game?",
  leaveText: "Your score will not be saved.",
  stay: "Stay",
  leave: "Leave",
  timesUp: "Time’s up!",
  /** The end of a calm game (docs/product.md#calm-mode). */
  allDone: "All done!",
  extraTime: "Extra time",
  calmMode: "Calm mode",
  saved: "Saved to your progress.",
  /** A practice run's results (docs/product.md#practise-my-facts). */
  practiceNote: "This was practice.",
  practiseCard: "Practise my facts",
  practiseCardText: "Practise the sums you are still learning.",
  playAgain: "Play Again",
  seeResults: "See My Results",
  cannotContinue: "This game cannot continue",
  newGame: "Start a new game",
  notLoggedIn: "You are not logged in any more. Please log in again.",
  notLoggedInFinish: "You are not logged in any more, so this game cannot be saved. Please log in again.",
} as const;

export const STUDENT_OPERATION_NAMES: Readonly<Record<StudentOperation, string>> = {
  addition: "Addition (+)",
  subtraction: "Subtraction (−)",
  multiplication: "Multiplication (×)",
  division: "Division (÷)",
};

/**
 * The words of the pupil's own game: made on the server, where the loaders call it, so the pupils' pages carry
 * strings, not this code (docs/decisions/0026-client-weight-budget.md).
 */
export function studentGameWords(game: { extraTime: ExtraTime; calm: boolean }): StudentGameWords {
  const seconds = STUDENT_TIME_LIMIT * game.extraTime;
  const words = game.calm
    ? {
        startCard: `${CALM_QUESTIONS} questions. Take your time.`,
        ready: `${CALM_QUESTIONS} questions, and no clock. Take your time. Type your answer and press Enter.`,
      }
    : {
        startCard: `${seconds} seconds. How many can you get right?`,
        ready: `You have ${seconds} seconds to answer as many questions as you can. Type your answer and press Enter.`,
      };
  return {
    ...words,
    extraTime: game.extraTime === 1 ? "None" : `× ${game.extraTime} (${seconds} seconds)`,
    calm: game.calm ? "On: no clock" : "Off",
  };
}

/** A pupil's settings in words, as the dashboard and the progress page show them. */
export function settingsInWords(settings: {
  difficulty: StudentDifficulty;
  operations: readonly StudentOperation[];
  timesTables: readonly string[];
}) {
  return {
    difficulty: studentDifficultyLabel(settings.difficulty),
    operations: settings.operations.map((op) => STUDENT_OPERATION_NAMES[op]),
    timesTables: settings.timesTables.length > 0 ? settings.timesTables.join(", ") : STUDENT_MESSAGES.anyTable,
  };
}

export const PROGRESS_MESSAGES = {
  heading: "My Progress",
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
