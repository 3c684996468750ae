// A RunSpec says everything needed to make a run's problems; with the seed it is the whole game.
import { CALM_QUESTIONS, CALM_TIME_LIMIT, studentTimeLimit, type ExtraTime } from "./calm";
import { challengeOf, getChallenge } from "./daily";
import { parseFactKey, type FactKey } from "./facts";
import { isMtcQuestionSeconds, mtcTimeLimit, type MtcQuestionSeconds } from "./mtc";
import { MAX_PRACTICE_FACTS, PRACTICE_TIME_LIMIT } from "./practice";
import { TABLES_OPERATIONS, isTimesTable, type TablesOperation, type TimesTable } from "./tables";
import {
  MULTIPLAYER_DIFFICULTIES,
  MULTIPLAYER_TURN_SECONDS,
  OPERATIONS,
  SOLO_DIFFICULTIES,
  STUDENT_DIFFICULTIES,
  STUDENT_OPERATIONS,
  TIMES_TABLES,
  isTimeLimit,
  type MultiplayerDifficulty,
  type Operation,
  type SoloDifficulty,
  type StudentDifficulty,
  type StudentOperation,
} from "./types";

export type RunSpec =
  | { mode: "solo"; difficulty: SoloDifficulty; operations: Operation[]; timeLimit: number }
  | { mode: "daily"; challengeId: string }
  /**
   * A pupil's game. `extraTime` (1.5 or 2; absent is × 1) and `calm` (only ever true; absent is the timed game) are
   * their teacher's settings, sealed in the token like the rest (docs/product.md#student-game, docs/product.md#calm-mode).
   */
  | {
      mode: "student";
      difficulty: StudentDifficulty;
      operations: StudentOperation[];
      timesTables: string[];
      extraTime?: Exclude<ExtraTime, 1>;
      calm?: true;
    }
  | { mode: "multiplayer"; difficulty: MultiplayerDifficulty }
  /** The facts a practice run works on, most needed first (docs/product.md#practise-my-facts). */
  | { mode: "practice"; facts: FactKey[] }
  /** The times tables a member or visitor picked, 2 to 12 (docs/product.md#times-tables-game). */
  | { mode: "tables"; tables: TimesTable[]; operations: TablesOperation[]; timeLimit: number }
  /** A Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal). */
  | { mode: "mtc"; questionSeconds: MtcQuestionSeconds }
  /** A member's or visitor's calm game: the solo problems, 20 questions, no clock (docs/product.md#calm-play). */
  | { mode: "calm"; difficulty: SoloDifficulty; operations: Operation[] };

export type GameMode = RunSpec["mode"];
export const GAME_MODES: readonly GameMode[] = [
  "solo",
  "daily",
  "student",
  "multiplayer",
  "practice",
  "tables",
  "mtc",
  "calm",
];

/** The run's time limit in seconds. */
export function timeLimitOf(spec: RunSpec): number {
  switch (spec.mode) {
    case "solo":
      return spec.timeLimit;
    case "daily":
      return challengeOf(spec.challengeId).timeLimit;
    case "student":
      return studentTimeLimit(spec);
    case "multiplayer":
      return MULTIPLAYER_TURN_SECONDS;
    case "practice":
      return PRACTICE_TIME_LIMIT;
    case "tables":
      return spec.timeLimit;
    case "mtc":
      return mtcTimeLimit(spec.questionSeconds);
    case "calm":
      return CALM_TIME_LIMIT;
  }
}

/** A calm run's number of questions (it ends after the last), or null for a game that ends with its clock. */
export function questionsOf(spec: RunSpec): number | null {
  return (spec.mode === "student" && spec.calm) || spec.mode === "calm" ? CALM_QUESTIONS : null;
}

/**
 * The modes whose runs the server finishes, scores and stores today: an allow-list, so a mode added to
 * RunSpec is refused at every finish until someone decides how its results are kept. Solo and daily runs
 * make a leaderboard entry; student runs a pupil's performance row, never an entry (docs/product.md#student-game);
 * practice runs no entry, and a pupil's a performance row (docs/product.md#practise-my-facts); times-tables runs no
 * entry (docs/product.md#times-tables-game); MTC rehearsals no entry and no performance row
 * (docs/product.md#multiplication-tables-check-rehearsal); calm games no entry (docs/product.md#calm-play).
 */
const SERVER_FINISHED_MODES: ReadonlySet<GameMode> = new Set<GameMode>([
  "solo",
  "daily",
  "student",
  "practice",
  "tables",
  "mtc",
  "calm",
]);

export function isServerFinished(
  spec: RunSpec,
): spec is Extract<RunSpec, { mode: "solo" | "daily" | "student" | "practice" | "tables" | "mtc" | "calm" }> {
  return SERVER_FINISHED_MODES.has(spec.mode);
}

/** The leaderboard game_type of a run (solo: its difficulty; daily: the challenge id), else null (a calm game too). */
export function leaderboardGameType(spec: RunSpec): string | null {
  if (spec.mode === "solo") return spec.difficulty;
  if (spec.mode === "daily") return spec.challengeId;
  return null;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasExactly(value: Fields, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.prototype.hasOwnProperty.call(value, key));
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value);
}

/** A list of allowed strings: an array, not empty unless allowed, no repeats, nothing unknown. */
function listOf<T extends string>(allowed: readonly T[], value: unknown, allowEmpty: boolean): T[] | null {
  if (!Array.isArray(value)) return null;
  if (value.length === 0 && !allowEmpty) return null;
  const items: T[] = [];
  for (const item of value) {
    if (!oneOf(allowed, item) || items.includes(item)) return null;
    items.push(item);
  }
  return items;
}

/** A practice run's list: 1 to MAX_PRACTICE_FACTS fact keys, each a fact, no repeats. */
function factList(value: unknown): FactKey[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PRACTICE_FACTS) return null;
  const keys: FactKey[] = [];
  for (const key of value) {
    if (!parseFactKey(key) || keys.includes(key as FactKey)) return null;
    keys.push(key as FactKey);
  }
  return keys;
}

/** A times-tables run's tables: 2 to 12, at least one, no repeats. */
function tableList(value: unknown): TimesTable[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const tables: TimesTable[] = [];
  for (const table of value) {
    if (!isTimesTable(table) || tables.includes(table)) return null;
    tables.push(table);
  }
  return tables;
}

/**
 * Strict validation of a RunSpec from untrusted data (a form, a token, JSON). Refuses extra fields,
 * unknown modes, difficulties and challenge ids, solo time limits other than 30/60/120/300, empty,
 * unknown or repeated operations and times tables other than '2'..'12', and practice lists that are empty, too long,
 * repeat a fact or hold anything else, times-tables runs whose tables are not the numbers 2 to 12, are empty or
 * repeat, or whose operations are other than × and ÷, MTC seconds other than 6, 9 or 12, and calm games with a time
 * limit (they have none) or a solo difficulty or operations that a solo run would refuse. Returns a fresh object.
 */
export function parseRunSpec(value: unknown): RunSpec | null {
  if (!isRecord(value)) return null;
  switch (value.mode) {
    case "solo": {
      if (!hasExactly(value, ["mode", "difficulty", "operations", "timeLimit"])) return null;
      const operations = listOf(OPERATIONS, value.operations, false);
      if (!oneOf(SOLO_DIFFICULTIES, value.difficulty) || !operations || !isTimeLimit(value.timeLimit)) return null;
      return { mode: "solo", difficulty: value.difficulty, operations, timeLimit: value.timeLimit };
    }
    case "daily": {
      if (!hasExactly(value, ["mode", "challengeId"])) return null;
      if (typeof value.challengeId !== "string" || !getChallenge(value.challengeId)) return null;
      return { mode: "daily", challengeId: value.challengeId };
    }
    case "student": {
      // The teacher's extra time and calm mode are there only when not the default, so each game has one spec.
      const keys = ["mode", "difficulty", "operations", "timesTables"];
      if ("extraTime" in value) keys.push("extraTime");
      if ("calm" in value) keys.push("calm");
      if (!hasExactly(value, keys)) return null;
      const operations = listOf(STUDENT_OPERATIONS, value.operations, false);
      const timesTables = listOf(TIMES_TABLES, value.timesTables, true);
      if (!oneOf(STUDENT_DIFFICULTIES, value.difficulty) || !operations || !timesTables) return null;
      if ("extraTime" in value && value.extraTime !== 1.5 && value.extraTime !== 2) return null;
      if ("calm" in value && value.calm !== true) return null;
      // No object spread: the engine reaches the browser, where ES2017 spreads cost a helper a chunk
      // (docs/decisions/0026-client-weight-budget.md).
      const student: Extract<RunSpec, { mode: "student" }> = {
        mode: "student",
        difficulty: value.difficulty,
        operations,
        timesTables,
      };
      if (value.extraTime === 1.5 || value.extraTime === 2) student.extraTime = value.extraTime;
      if (value.calm === true) student.calm = true;
      return student;
    }
    case "multiplayer": {
      if (!hasExactly(value, ["mode", "difficulty"])) return null;
      if (!oneOf(MULTIPLAYER_DIFFICULTIES, value.difficulty)) return null;
      return { mode: "multiplayer", difficulty: value.difficulty };
    }
    case "practice": {
      if (!hasExactly(value, ["mode", "facts"])) return null;
      const facts = factList(value.facts);
      return facts && { mode: "practice", facts };
    }
    case "tables": {
      if (!hasExactly(value, ["mode", "tables", "operations", "timeLimit"])) return null;
      const tables = tableList(value.tables);
      const operations = listOf(TABLES_OPERATIONS, value.operations, false);
      if (!tables || !operations || !isTimeLimit(value.timeLimit)) return null;
      return { mode: "tables", tables, operations, timeLimit: value.timeLimit };
    }
    case "mtc": {
      if (!hasExactly(value, ["mode", "questionSeconds"]) || !isMtcQuestionSeconds(value.questionSeconds)) return null;
      return { mode: "mtc", questionSeconds: value.questionSeconds };
    }
    case "calm": {
      if (!hasExactly(value, ["mode", "difficulty", "operations"])) return null;
      const operations = listOf(OPERATIONS, value.operations, false);
      if (!oneOf(SOLO_DIFFICULTIES, value.difficulty) || !operations) return null;
      return { mode: "calm", difficulty: value.difficulty, operations };
    }
    default:
      return null;
  }
}
