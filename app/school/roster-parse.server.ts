import {
  DEFAULT_STUDENT_DIFFICULTY,
  DEFAULT_STUDENT_OPERATIONS,
  STUDENT_OPERATIONS,
  TIMES_TABLES,
  type StudentDifficulty,
  type StudentOperation,
} from "~/game";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { WEB_ADDRESS_IN_NAME_MESSAGE, hasWebAddress } from "~/accounts/web-addresses.server";
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, ROSTER_MESSAGES as M } from "~/utils/roster-messages";
import { STUDENT_NAME_MAX } from "~/utils/teacher-messages";

/*
 * Reading a list of pupils for the roster import (docs/product.md#roster-import): pasted names, one a line, or a
 * CSV file whose first row names the columns. Pure: no database, no clock. Every row comes out either to be added
 * (with its settings) or refused with its reason; a list that cannot be read at all is refused whole, with why.
 * Nothing here is ever evaluated: a cell that starts like a spreadsheet formula is kept as the text it is.
 */

export type RosterSettings = {
  allowedOperations: StudentOperation[];
  timesTables: string[];
  difficulty: StudentDifficulty;
};

export type RosterRow = {
  /** The row's line in the list, counting from 1 (the header row too). */
  line: number;
  name: string;
  /** The class column's text (a school's import only), trimmed. */
  className: string | null;
  settings: RosterSettings | null;
  /** Why the row is refused, or null when it is to be added. */
  refused: string | null;
  notes: string[];
};

/** The row that names the columns, as it was written, shown in the preview as such (never a pupil). */
export type RosterHeader = { line: number; text: string };

export type ParsedRoster =
  { ok: true; rows: RosterRow[]; header: RosterHeader | null } | { ok: false; message: string };

/**
 * Whether the list has (for a school), must not have (an admin's one class) or may have (a teacher's class: their
 * own classes, docs/product.md#roster-import) a class column.
 */
export type RosterTarget = "class" | "school" | "own-classes";

type Column = "name" | "firstName" | "surname" | "class" | "operations" | "timesTables" | "difficulty";

/** The header words, any case; a list's name may come whole or as a first name and a surname (issue 44). */
const COLUMN_WORDS: Record<string, Column> = {
  name: "name",
  names: "name",
  "full name": "name",
  "pupil name": "name",
  "pupil's name": "name",
  "pupil names": "name",
  pupil: "name",
  pupils: "name",
  "student name": "name",
  "student's name": "name",
  student: "name",
  "child name": "name",
  "child's name": "name",
  "first name": "firstName",
  "first names": "firstName",
  forename: "firstName",
  "given name": "firstName",
  surname: "surname",
  "last name": "surname",
  "family name": "surname",
  class: "class",
  operations: "operations",
  "times tables": "timesTables",
  difficulty: "difficulty",
};

const OPERATION_WORDS: Record<string, StudentOperation> = {
  addition: "addition",
  subtraction: "subtraction",
  multiplication: "multiplication",
  division: "division",
};

const DIFFICULTY_WORDS: Record<string, StudentDifficulty> = { normal: "easy", medium: "medium", hard: "hard" };

/** What a spreadsheet would read as a formula (the same start as app/utils/csv.ts escapes on the way out). */
const FORMULA_START = /^[=+\-@]/;
/** Whether a text holds a control character no text file holds (tab, line feed and carriage return aside). */
function isBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** A file's bytes as text: UTF-8 with or without a byte-order mark; anything else is refused with why. */
export function decodeRoster(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.byteLength > ROSTER_MAX_BYTES) return { ok: false, message: M.tooLarge };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: isBinary(new TextDecoder("latin1").decode(bytes)) ? M.notText : M.notUtf8 };
  }
  if (isBinary(text)) return { ok: false, message: M.notText };
  return { ok: true, text };
}

/** The lines of a text as cells: CSV quoting ("a, b" and "" for a quote), the given separator; blank lines dropped. */
function csvLines(text: string, separator: string | null, maxRows: number): { line: number; cells: string[] }[] | null {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (separator !== null && ch === separator) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      if (rows.length > maxRows) return null;
      line++;
      rowLine = line;
    } else cell += ch;
  }
  endRow();
  return rows.length > maxRows ? null : rows;
}

/** Pasted names, one a line, blank lines dropped; a name in double quotes (a one-column CSV) loses them. */
function plainLines(text: string): { line: number; name: string }[] {
  const lines: { line: number; name: string }[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "") return;
    const quoted = /^"(.*)"$/.exec(trimmed);
    lines.push({ line: index + 1, name: quoted ? quoted[1]!.replace(/""/g, '"') : trimmed });
  });
  return lines;
}

/** The separator of a header line: a semicolon when it has one and no comma, otherwise a comma. */
function separatorOf(firstLine: string): string {
  return firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
}

const headerWord = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, " ");

/** Words split by spaces, commas and semicolons (a quoted cell may hold "addition, division"). */
const wordsOf = (cell: string) =>
  cell
    .trim()
    .split(/[\s,;]+/)
    .filter((w) => w !== "");

function operationsOf(
  cell: string | undefined,
): { ok: true; value: StudentOperation[] } | { ok: false; message: string } {
  const words = wordsOf(cell ?? "");
  if (words.length === 0) return { ok: true, value: [...DEFAULT_STUDENT_OPERATIONS] };
  const chosen: StudentOperation[] = [];
  for (const word of words) {
    const op = OPERATION_WORDS[word.toLowerCase()];
    if (!op) return { ok: false, message: M.badOperation(word) };
    chosen.push(op);
  }
  return { ok: true, value: STUDENT_OPERATIONS.filter((op) => chosen.includes(op)) };
}

function tablesOf(cell: string | undefined): { ok: true; value: string[] } | { ok: false; message: string } {
  const chosen: string[] = [];
  for (const word of wordsOf(cell ?? "")) {
    if (!TIMES_TABLES.includes(word)) return { ok: false, message: M.badTable(word) };
    chosen.push(word);
  }
  return { ok: true, value: TIMES_TABLES.filter((t) => chosen.includes(t)) };
}

function difficultyOf(
  cell: string | undefined,
): { ok: true; value: StudentDifficulty } | { ok: false; message: string } {
  const word = (cell ?? "").trim();
  if (word === "") return { ok: true, value: DEFAULT_STUDENT_DIFFICULTY };
  const level = DIFFICULTY_WORDS[word.toLowerCase()];
  return level ? { ok: true, value: level } : { ok: false, message: M.badDifficulty(word) };
}

/** A name's reason to be refused, or null. */
function nameRefusal(name: string): string | null {
  if (name === "") return M.noName;
  if ([...name].length > STUDENT_NAME_MAX) return M.nameLong;
  if (hasInvisibleCharacters(name)) return INVISIBLE_CHARACTERS_MESSAGE;
  if (hasWebAddress(name)) return WEB_ADDRESS_IN_NAME_MESSAGE;
  return null;
}

/** One row from its cells by column. */
function rowOf(line: number, cell: (column: Column) => string | undefined, target: RosterTarget): RosterRow {
  // Tabs and line breaks inside a quoted cell are plain white space, as in the student form.
  const parts = [cell("firstName"), cell("surname")].map((c) => (c ?? "").trim()).filter((c) => c !== "");
  const whole = cell("name") ?? parts.join(" ");
  const name = whole.replace(/[\t\r\n]+/g, " ").trim();
  const classCell = cell("class")?.trim();
  // A teacher's list: a row with no class goes into the page's class.
  const className = target === "school" ? (classCell ?? "") : target === "own-classes" ? classCell || null : null;
  const notes = FORMULA_START.test(name) ? [M.formula] : [];
  const row: RosterRow = { line, name, className, settings: null, refused: null, notes };
  const refusal = nameRefusal(name);
  if (refusal) return { ...row, refused: refusal };
  if (className === "") return { ...row, refused: M.noClass };
  const operations = operationsOf(cell("operations"));
  if (!operations.ok) return { ...row, refused: operations.message };
  const tables = tablesOf(cell("timesTables"));
  if (!tables.ok) return { ...row, refused: tables.message };
  const difficulty = difficultyOf(cell("difficulty"));
  if (!difficulty.ok) return { ...row, refused: difficulty.message };
  return {
    ...row,
    settings: { allowedOperations: operations.value, timesTables: tables.value, difficulty: difficulty.value },
  };
}

/** The first non-blank line, to look for a header in. */
function firstLineOf(text: string): string {
  for (const line of text.split(/\r\n|\r|\n/)) if (line.trim() !== "") return line;
  return "";
}

/** The columns that hold a name, whole or in parts. */
const NAME_COLUMNS: readonly Column[] = ["name", "firstName", "surname"];

/**
 * Whether a line, read as CSV, names the columns: one of its cells is `name` (its other cells are then checked as
 * columns), or one names a name's column (`Pupil name`, `First name`, `Surname`…) and every other cell is a column's
 * word or empty, so a pupil's name is never taken for one.
 */
function isHeader(line: string): boolean {
  const cells = (csvLines(line, separatorOf(line), 1)?.[0]?.cells ?? []).map(headerWord).filter((c) => c !== "");
  if (cells.includes("name")) return true;
  return cells.some((c) => NAME_COLUMNS.includes(COLUMN_WORDS[c]!)) && cells.every((c) => COLUMN_WORDS[c]);
}

/**
 * A list as rows. A first row naming the columns (any case; `name` among them) makes it a CSV file, commas or
 * semicolons; otherwise every line is one name. The same name twice in one class is refused the second time (any
 * case). More than ROSTER_MAX_ROWS rows, unknown or doubled columns, or a class column where none may be (or none
 * where one must be) refuse the whole list. Never throws.
 */
export function parseRoster(input: string, target: RosterTarget): ParsedRoster {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  if (isBinary(text)) return { ok: false, message: M.notText };
  const first = firstLineOf(text);
  let rows: RosterRow[];
  let header: RosterHeader | null = null;
  if (isHeader(first)) {
    const separator = separatorOf(first);
    const lines = csvLines(text, separator, ROSTER_MAX_ROWS + 1);
    if (!lines) return { ok: false, message: M.tooManyRows };
    const [headerRow, ...body] = lines;
    const columns = new Map<Column, number>();
    for (const [index, raw] of (headerRow?.cells ?? []).entries()) {
      const word = headerWord(raw);
      if (word === "") continue;
      const column = COLUMN_WORDS[word];
      if (!column) return { ok: false, message: M.unknownColumn(raw.trim()) };
      if (columns.has(column)) return { ok: false, message: M.twiceColumn(raw.trim()) };
      columns.set(column, index);
    }
    if (!NAME_COLUMNS.some((column) => columns.has(column))) return { ok: false, message: M.noNameColumn };
    if (target === "class" && columns.has("class")) return { ok: false, message: M.classColumnHere };
    if (target === "school" && !columns.has("class")) return { ok: false, message: M.classColumnNeeded };
    header = { line: headerRow?.line ?? 1, text: first.trim() };
    rows = body.map(({ line, cells }) =>
      rowOf(
        line,
        (column) => {
          const index = columns.get(column);
          return index === undefined ? undefined : cells[index];
        },
        target,
      ),
    );
  } else {
    if (target === "school") return { ok: false, message: M.classColumnNeeded };
    const lines = plainLines(text);
    if (lines.length > ROSTER_MAX_ROWS) return { ok: false, message: M.tooManyRows };
    rows = lines.map(({ line, name }) => rowOf(line, (column) => (column === "name" ? name : undefined), target));
  }
  return { ok: true, rows: refuseDuplicates(rows), header };
}

const nameKey = (name: string) => name.normalize("NFC").toLowerCase();

/** The second and later rows with one name in one class, refused with the first one's line. */
function refuseDuplicates(rows: RosterRow[]): RosterRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.refused) return row;
    const key = `${nameKey(row.className ?? "")}\n${nameKey(row.name)}`;
    const first = seen.get(key);
    if (first !== undefined) return { ...row, settings: null, refused: M.duplicate(first) };
    seen.set(key, row.line);
    return row;
  });
}

/** The key two names are the same by, in a class (any case). */
export const rosterNameKey = nameKey;
