import {
  DEFAULT_STUDENT_DIFFICULTY,
  DEFAULT_STUDENT_OPERATIONS,
  STUDENT_DIFFICULTIES,
  STUDENT_OPERATIONS,
  TIMES_TABLES,
  isExtraTime,
  type ExtraTime,
  type RunSpec,
  type StudentDifficulty,
  type StudentOperation,
} from "~/game";
import type { Player } from "~/auth/player.server";
import { findStudent } from "~/models/students.server";
import type { StudentSettingsView } from "~/types/student";
import { studentGameWords } from "~/utils/student-messages";

/*
 * A pupil's game (docs/product.md#student-game) is made on the server from the settings their teacher stored,
 * never from anything the browser sends: the start routes take no settings at all.
 */

export type StudentGameSettings = {
  difficulty: StudentDifficulty;
  operations: StudentOperation[];
  timesTables: string[];
  /** The game time × this (docs/product.md#students). */
  extraTime: ExtraTime;
  /** The calm game (docs/product.md#calm-mode). */
  calm: boolean;
};

/**
 * Stored settings as the engine accepts them: known values only, in the canonical order, no repeats; no
 * operation left gives the default (addition), an unknown difficulty the default (easy).
 */
export function cleanStudentSettings(stored: {
  difficulty: unknown;
  allowedOperations: unknown;
  timesTables: unknown;
  extraTime?: unknown;
  calm?: unknown;
}): StudentGameSettings {
  const listed = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const operations = STUDENT_OPERATIONS.filter((op) => listed(stored.allowedOperations).includes(op));
  const timesTables = TIMES_TABLES.filter((table) => listed(stored.timesTables).includes(table));
  const difficulty = STUDENT_DIFFICULTIES.find((d) => d === stored.difficulty) ?? DEFAULT_STUDENT_DIFFICULTY;
  return {
    difficulty,
    operations: operations.length ? operations : [...DEFAULT_STUDENT_OPERATIONS],
    timesTables,
    extraTime: isExtraTime(stored.extraTime) ? stored.extraTime : 1,
    calm: stored.calm === true,
  };
}

/** The pupil's settings as stored now, or null when the pupil no longer exists. */
/** A pupil's settings as their pages (and their parents' page) show them, with their words made on the server. */
export function settingsView(settings: StudentGameSettings): StudentSettingsView {
  return { ...settings, words: studentGameWords(settings) };
}

export function studentGameSettings(studentId: string): StudentGameSettings | null {
  const student = findStudent(studentId);
  return student ? cleanStudentSettings(student) : null;
}

/** The run spec of a new game for this pupil, from their stored settings; null when the pupil no longer exists. */
export function studentSpec(studentId: string): RunSpec | null {
  const settings = studentGameSettings(studentId);
  if (!settings) return null;
  const { extraTime, calm, ...problems } = settings;
  // Extra time and calm mode sealed only when not the default (parseRunSpec's one spec per game).
  return {
    mode: "student",
    ...problems,
    ...(extraTime !== 1 ? { extraTime } : {}),
    ...(calm ? { calm: true as const } : {}),
  };
}

export function studentPlayer(studentId: string): Player {
  return { kind: "student", studentId };
}
