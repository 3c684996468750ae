import type { ExtraTime, StudentDifficulty, StudentOperation } from "~/game";

/* What the pupils' pages (/student-game, /student-progress) are given by their loaders. */

/** The welcome banner: who is logged in, their class, teacher and school, and the logos that are set. */
export type StudentBanner = {
  name: string;
  className: string;
  teacherName: string;
  schoolName: string;
  classLogoUrl: string | null;
  schoolLogoUrl: string | null;
};

/** A pupil's game settings, as their teacher stored them (cleaned to what the engine accepts). */
/** The words of the pupil's own game, as their teacher set it (docs/product.md#students). */
export type StudentGameWords = {
  /** The start card's: its real time, or the calm game. */
  startCard: string;
  /** The ready dialog's. */
  ready: string;
  /** The settings summary's: difficulty ('easy' as Normal), operations, times tables, extra time and calm mode. */
  difficulty: string;
  operations: string;
  timesTables: string;
  /** None for a pupil in calm mode: a game without a clock has no time to add (docs/product.md#students). */
  extraTime: string | null;
  calm: string;
};

export type StudentSettingsView = {
  difficulty: StudentDifficulty;
  operations: StudentOperation[];
  timesTables: string[];
  /** The game time × this, and the calm game: their teacher's (docs/product.md#students). */
  extraTime: ExtraTime;
  calm: boolean;
  /** Their game and these settings in words, made on the server. */
  words: StudentGameWords;
};
