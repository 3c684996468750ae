// A pupil's own game (docs/product.md#student-game): their teacher's settings, sealed in the token.
import { CALM_QUESTIONS, studentTimeLimit } from "~/game/calm";
import { studentSequence, type StudentSpec } from "~/game/student";
import { STUDENT_DIFFICULTIES, STUDENT_OPERATIONS, TIMES_TABLES } from "~/game/types";
import { hasExactly, itsMode, listOf, oneOf, wholeAnswers, type ModeDefinition, type SpecFields } from "./definition";

export const studentMode: ModeDefinition<StudentSpec> = {
  mode: "student",
  parse(value: SpecFields) {
    // The teacher's extra time and calm mode are there only when not the default, so each game has one spec.
    const keys = ["mode", "difficulty", "operations", "timesTables"];
    if ("extraTime" in value) keys.push("extraTime");
    if ("calm" in value) keys.push("calm");
    if (!hasExactly(value, keys)) return null;
    const operations = listOf(STUDENT_OPERATIONS, value.operations);
    const timesTables = listOf(TIMES_TABLES, value.timesTables, true);
    if (!oneOf(STUDENT_DIFFICULTIES, value.difficulty) || !operations || !timesTables) return null;
    if ("extraTime" in value && value.extraTime !== 1.5 && value.extraTime !== 2) return null;
    if ("calm" in value && value.calm !== true) return null;
    const student: StudentSpec = { mode: "student", difficulty: value.difficulty, operations, timesTables };
    if (value.extraTime === 1.5 || value.extraTime === 2) student.extraTime = value.extraTime;
    if (value.calm === true) student.calm = true;
    return student;
  },
  sequence: studentSequence,
  timeLimit: studentTimeLimit,
  // A calm pupil's game ends after its last question (docs/product.md#calm-mode).
  questions: (spec) => (spec.calm ? CALM_QUESTIONS : null),
  check: "exact",
  decimal: wholeAnswers,
  gameType: itsMode,
  // Behind the pupil's login: no public page.
  page: null,
  // A pupil's results are their own page (app/routes/school/student-game.tsx).
  words: null,
  // Started from the pupil's area with their teacher's settings, never chosen.
  start: null,
};
