import type { ExtraTime, ScoreColour, StudentOperation } from "~/game";

/* Texts of the teacher dashboard (docs/product.md#teachers); browser-safe, shared by forms, pages and actions. */

export const TEACHER_MESSAGES = {
  /** On the dashboard of a teacher without a confirmed address (docs/product.md#guessing-login-codes), then a link. */
  signInNudge: "So you can always log in, even on a new computer:",
  signInNudgeLink: "add your e-mail address",
  // The brief's texts.
  fetchClassesFailed: "Failed to fetch classes",
  codeFailed: "Failed to generate student code",
  createFailed: "Failed to create student",
  updateFailed: "Failed to update student information",
  deleteFailed: "Failed to delete student",
  created: (code: string) => `Student created with login code ${code}`,
  updated: "Student information updated successfully",
  deleted: "Student deleted successfully",
  codeRegenerated: "Login code regenerated successfully",
  validation: {
    title: "Validation Error",
    description: "Name is required and at least one operation must be selected",
  },
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,

  // Our own.
  fetchStudentsFailed: "Failed to fetch students",
  newCode: (code: string) => `New login code: ${code}`,
  nameRequired: "Enter the student's name",
  nameLong: "A student's name can be at most 60 characters",
  operationsRequired: "Choose at least one operation",
  timesTablesInvalid: "Choose times tables from 2 to 12",
  difficultyInvalid: "Choose a difficulty: Normal, Medium or Hard",
  extraTimeInvalid: "Choose the extra time: none, × 1.5 or × 2",
  calmInvalid: "Calm mode is either ticked or not",
  extraGamesInvalid: "Choose the games from those shown",
  classSettingsSaved: (className: string) => `New settings saved for every student in ${className}`,
  classSettingsFailed: "Failed to save the class settings",
  classNotFound: "This class is not one of your classes.",
  studentNotFound: "This student is not in any of your classes.",
  noClasses: "You have no classes yet. Your school administrator adds your classes and names you as their teacher.",
  noStudents: "No students in this class yet. Add the first one above.",
  noGames: "No games yet",
} as const;

/** The longest name a student may have. */
export const STUDENT_NAME_MAX = 60;

export const OPERATION_LABELS: Readonly<Record<StudentOperation, string>> = {
  addition: "Addition (+)",
  subtraction: "Subtraction (−)",
  multiplication: "Multiplication (×)",
  division: "Division (÷)",
};

/** How the forms and the student cards name each extra time (docs/product.md#students). */
export const EXTRA_TIME_LABELS: Readonly<Record<ExtraTime, string>> = {
  1: "None",
  1.5: "× 1.5",
  2: "× 2",
};

/**
 * The extra time's choices as the forms send them. Written out here (checked against the engine's EXTRA_TIME_FACTORS
 * by a test), so the teachers' pages load none of the game's modules (docs/decisions/0026-client-weight-budget.md).
 */
export const EXTRA_TIME_CHOICES = [
  { value: "1", label: EXTRA_TIME_LABELS[1] },
  { value: "1.5", label: EXTRA_TIME_LABELS[1.5] },
  { value: "2", label: EXTRA_TIME_LABELS[2] },
] as const;

/** The calm mode box's hint: the engine's CALM_QUESTIONS, written out (a test checks they agree). */
export const CALM_HINT = "No clock on the screen and no boards: 20 questions, and the right answer after a miss.";

/** The hint of the student forms' games beside their own (docs/decisions/0083-extra-games-per-pupil.md). */
export const EXTRA_GAMES_HINT = "Games a student may play beside their own game. None ticked: the game is not offered.";

/** The average score's colour, said in words too (never by colour alone). */
export const COLOUR_WORDS: Readonly<Record<ScoreColour, string>> = {
  green: "On track",
  yellow: "Getting there",
  red: "Needs help",
};

/** The accuracy trend in words: points up or down between the older and the newer half of the games. */
export function trendWords(trend: number | null): string {
  if (trend === null) return "Not enough games yet";
  if (trend > 0) return `Improving: up ${trend} ${trend === 1 ? "point" : "points"}`;
  if (trend < 0) return `Slipping: down ${-trend} ${trend === -1 ? "point" : "points"}`;
  return "Steady";
}
