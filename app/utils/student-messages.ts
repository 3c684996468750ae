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
 * #progress-maths); browser-safe. The progress page's own panels have theirs in progress-messages.ts, so the game
 * pages do not carry them (docs/decisions/0026-client-weight-budget.md).
 */

export const STUDENT_MESSAGES = {
  /** Set work on the dashboard (docs/product.md#set-work). */
  workHeading: "Your work",
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
  mtcCard: "Times tables check",
  mtcCardText: "Try the Multiplication Tables Check: 25 questions, one at a time.",
  mtcCardButton: "Rehearse the check",
  playAgain: "Play Again",
  seeResults: "See My Results",
  cannotContinue: "This game cannot continue",
} as const;

export const STUDENT_OPERATION_NAMES: Readonly<Record<StudentOperation, string>> = {
  addition: "Addition (+)",
  subtraction: "Subtraction (−)",
  multiplication: "Multiplication (×)",
  division: "Division (÷)",
};

/** A pupil's settings in words, as the dashboard and the progress page show them. */
function settingsInWords(settings: {
  difficulty: StudentDifficulty;
  operations: readonly StudentOperation[];
  timesTables: readonly string[];
}) {
  return {
    difficulty: studentDifficultyLabel(settings.difficulty),
    operations: settings.operations.map((op) => STUDENT_OPERATION_NAMES[op]).join(", "),
    timesTables: settings.timesTables.length > 0 ? settings.timesTables.join(", ") : STUDENT_MESSAGES.anyTable,
  };
}

/**
 * The words of the pupil's own game and settings: made on the server, where the loaders call it, so the pupils'
 * pages carry strings, not this code (docs/decisions/0026-client-weight-budget.md).
 */
export function studentGameWords(game: {
  difficulty: StudentDifficulty;
  operations: readonly StudentOperation[];
  timesTables: readonly string[];
  extraTime: ExtraTime;
  calm: boolean;
}): StudentGameWords {
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
    ...settingsInWords(game),
    extraTime: game.calm ? null : game.extraTime === 1 ? "None" : `× ${game.extraTime} (${seconds} seconds)`,
    calm: game.calm ? "On: no clock" : "Off",
  };
}
