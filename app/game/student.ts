// Student problems (docs/product.md#student-game), with repeat avoidance.
import { checkIndex, specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { addition, division, draw, multiplication, subtraction, type Range } from "./ranges";
import { rngFor, type Rng } from "./prng";
import { studentTimeLimit, type ExtraTime } from "./calm";
import { STUDENT_OPERATIONS, type Problem, type StudentDifficulty, type StudentOperation } from "./types";

/**
 * A pupil's game. `extraTime` (1.5 or 2; absent is × 1) and `calm` (only ever true; absent is the timed game) are
 * their teacher's settings, sealed in the token like the rest (docs/product.md#student-game, docs/product.md#calm-mode).
 */
export type StudentSpec = {
  mode: "student";
  difficulty: StudentDifficulty;
  operations: StudentOperation[];
  timesTables: string[];
  extraTime?: Exclude<ExtraTime, 1>;
  calm?: true;
};

/** Operands of + and -: 1-9, easy capped at 5, hard at least 3. */
export const STUDENT_ADD_RANGES: Readonly<Record<StudentDifficulty, Range>> = {
  easy: { min: 1, max: 5 },
  medium: { min: 1, max: 9 },
  hard: { min: 3, max: 9 },
};

/** Operands of ×, and divisor and quotient of ÷, when no times tables are set. */
export const STUDENT_MULTIPLY_RANGE: Range = { min: 1, max: 12 };

/** A new problem is compared with this many problems before it. */
export const REPEAT_WINDOW = 10;
/** After this many redraws that all repeat, the repeat is accepted (so a tiny choice never stalls). */
export const MAX_REPEAT_ATTEMPTS = 50;

export interface StudentSettings {
  difficulty: StudentDifficulty;
  operations: readonly StudentOperation[];
  timesTables: readonly string[];
}

/** Canonical order and whole-number tables, so the order chosen never changes the problems. */
function normalise(settings: StudentSettings): { operations: StudentOperation[]; tables: number[] } {
  const operations = STUDENT_OPERATIONS.filter((op) => settings.operations.includes(op));
  const tables = Array.from(new Set(settings.timesTables.map(Number)))
    .filter((n) => Number.isInteger(n) && n >= 2 && n <= 12)
    .sort((a, b) => a - b);
  return { operations: operations.length > 0 ? operations : ["addition"], tables };
}

function drawOnce(
  difficulty: StudentDifficulty,
  operations: readonly StudentOperation[],
  tables: readonly number[],
  rng: Rng,
): Problem {
  const add = STUDENT_ADD_RANGES[difficulty];
  // With times tables set, the second factor (and the divisor) comes from them: "7 × 8" for the 8s.
  const tableNumber = () => (tables.length > 0 ? rng.pick(tables) : draw(rng, STUDENT_MULTIPLY_RANGE));
  switch (rng.pick(operations)) {
    case "addition":
      return addition(draw(rng, add), draw(rng, add));
    case "subtraction":
      return subtraction(draw(rng, add), draw(rng, add));
    case "multiplication": {
      const other = draw(rng, STUDENT_MULTIPLY_RANGE);
      return multiplication(other, tableNumber());
    }
    case "division": {
      const divisor = tableNumber();
      return division(divisor, draw(rng, STUDENT_MULTIPLY_RANGE), "/");
    }
  }
}

function sameProblem(a: Problem, b: Problem): boolean {
  return a.operator === b.operator && a.num1 === b.num1 && a.num2 === b.num2;
}

/**
 * The next student problem: drawn from `rng`, redrawn while it equals one of the last REPEAT_WINDOW
 * problems (same numbers and operator); when MAX_REPEAT_ATTEMPTS draws in a row all repeat, the last
 * one is accepted.
 */
export function studentProblem(settings: StudentSettings, previous: readonly Problem[], rng: Rng): Problem {
  const { operations, tables } = normalise(settings);
  const recent = previous.slice(-REPEAT_WINDOW);
  const isRepeat = (candidate: Problem) => recent.some((p) => sameProblem(p, candidate));
  let problem = drawOnce(settings.difficulty, operations, tables, rng);
  for (let attempts = 1; attempts < MAX_REPEAT_ATTEMPTS && isRepeat(problem); attempts++) {
    problem = drawOnce(settings.difficulty, operations, tables, rng);
  }
  return problem;
}

/**
 * A pupil's problems avoid repeating recent ones, so problem i depends on problems 0..i-1: they are made in order and
 * remembered, which keeps every problem a pure function of (spec, seed, i) however the sequence is read.
 */
export function studentSequence(spec: AnySpec, seed: string): ProblemSequence {
  return sequenceOf(specOf<StudentSpec>(spec, "student"), seed);
}

/** Problems of these settings, each drawn from the seed's i-th generator and checked against the ones before it. */
export function sequenceOf(settings: StudentSettings, seed: string): ProblemSequence {
  const made: Problem[] = [];
  return (i) => {
    checkIndex(i);
    while (made.length <= i) made.push(studentProblem(settings, made, rngFor(seed, made.length)));
    return made[i] as Problem;
  };
}

export function studentPlay(spec: AnySpec, seed: string): RunPlay {
  // A calm game's hidden cap, or 60 s × the pupil's extra time; a calm game's page ends it after its last question.
  return {
    problems: studentSequence(spec, seed),
    limitSeconds: studentTimeLimit(specOf<StudentSpec>(spec, "student")),
    decimal: false,
  };
}
