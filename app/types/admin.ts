import type { ExtraTime, PaceReason, StudentDifficulty, StudentOperation } from "~/game";

/* What the admin panel's loader hands its page (docs/product.md#admin): plain rows, no server types. */

export type SchoolOption = { id: string; name: string };

export type ClassView = { id: string; name: string; teacherName: string; logoUrl: string | null };

export type SchoolView = {
  id: string;
  name: string;
  logoUrl: string | null;
  classes: ClassView[];
  /** The school's teachers, by name: the choices for a new class's teacher. */
  teachers: SchoolOption[];
};

export type TeacherView = {
  id: string;
  name: string;
  email: string | null;
  schoolName: string;
  loginCode: string;
};

/** One class's page on the Schools & Classes tab (`?tab=schools&class={id}`). */
export type ClassPageView = {
  id: string;
  name: string;
  logoUrl: string | null;
  schoolName: string;
  teacherName: string;
};

/** A confirmation step on a class's page (docs/product.md#confirmation-steps). */
export type ClassConfirmView =
  { kind: "new-code" | "erase"; student: { id: string; name: string } } | { kind: "remove-logo" };

export type ClassStudentView = {
  id: string;
  name: string;
  loginCode: string;
  timesTables: string[];
  allowedOperations: StudentOperation[];
  difficulty: StudentDifficulty;
  /** The game time × this, and the calm game (docs/product.md#students). */
  extraTime: ExtraTime;
  calm: boolean;
  /** The games their teacher gave, in words: "None" when none (docs/decisions/0083-extra-games-per-pupil.md). */
  extraGamesWords?: string;
};

/** A row of the Student Logins table. */
export type StudentLoginView = { id: string; name: string; loginCode: string; className: string; schoolName: string };

export type StudentLoginsView = {
  q: string;
  rows: StudentLoginView[];
  /** How many students the search finds. */
  total: number;
  /** Query strings of the pages before and after, or null at either end. */
  previous: string | null;
  next: string | null;
};

/** A score held for its pace, as the review page shows it (docs/decisions/0024-human-pace.md). */
export type HeldRunView = {
  runId: string;
  /** A member's public name, or "Anonymous player" with the start of the visitor's id. */
  player: string;
  /** The board it would join: a difficulty or a daily challenge. */
  board: string;
  score: number;
  totalQuestions: number;
  accuracy: number;
  playedAt: string;
  reasons: PaceReason[];
  medianRatio: number | null;
  variation: number | null;
  /** Time the right answers need at the best person's pace over the time the run had; held from 1. */
  ceilingLoad: number | null;
  /** Whose clock timed the answers: the server's own (the game without JavaScript) or the browser's. */
  timedBy: "server" | "client" | null;
  answers: { ms: number; minimumMs: number; correct: boolean }[];
};
