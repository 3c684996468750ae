// A FactBook as one short text, the form a fact record is stored in (docs/product.md#fact-records).
//
// Version 2, written since 27 November 2026: "2;<best>;<sec>;" then one cell of CELL characters for each fact seen,
// in grid order, every field a fixed number of base-36 digits:
//   index (2: row × 12 + column, from 0) attempts (3) misses (3) box (1) seenMinute (5) dueMinute (5) recent (3 × 2)
// where each recent answer, oldest first and "--" for none, is its tenths of a second when right (0-600), 601 + its
// tenths when wrong, RIGHT_UNTIMED or WRONG_UNTIMED. "sec" is how many facts are secure now (kept so a finish need
// not count them; a reader counts them itself). Fixed-width cells let a finish find and rewrite the cells its run
// asked without reading the rest, and keep a full grid of 144 facts in about 3.6 KB, inside one database page.
// Counts stop at 46,655 and minutes at 36⁵ − 1 (the year 2084).
//
// Version 1 (JSON, {"v":1,"best":3,"sec":2,"f":{"*7,8":[attempts,misses,seenMinute,box,dueMinute,r1,r2,r3]}}) is
// still read; a finish or a rebuild writes it again as version 2.
import { FACT_MAX, FACT_MIN, parseFactKey, type FactKey, type FactOp } from "~/game/facts";
import {
  MAX_BOX,
  MAX_TENTHS,
  RECENT_ANSWERS,
  applyAnswer,
  applyToBook,
  countLevels,
  emptyBook,
  levelOf,
  type FactAnswer,
  type FactBook,
  type FactState,
  type RecentAnswer,
} from "./state";

const SIDE = FACT_MAX - FACT_MIN + 1;
const WIDTH = { index: 2, count: 3, box: 1, minute: 5, recent: 2 } as const;
const CELL = WIDTH.index + 2 * WIDTH.count + WIDTH.box + 2 * WIDTH.minute + RECENT_ANSWERS * WIDTH.recent;
const WRONG_FROM = MAX_TENTHS + 1;
const RIGHT_UNTIMED = WRONG_FROM + MAX_TENTHS + 1;
const WRONG_UNTIMED = RIGHT_UNTIMED + 1;
const NO_RECENT = "-".repeat(WIDTH.recent);

const HEAD = /^2;(\d+);(\d+);/;

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
/** Every two-digit text, by value: cells are written on every finish, so their digits are looked up, not built. */
const PAIRS: readonly string[] = Array.from(
  { length: 36 * 36 },
  (_, n) => DIGITS[Math.floor(n / 36)]! + DIGITS[n % 36]!,
);

/** `value` in `width` base-36 digits, held between 0 and the largest that fits. */
function digits(value: number, width: number): string {
  const largest = 36 ** width - 1;
  const n = value < 0 ? 0 : value > largest ? largest : value;
  if (width === 1) return DIGITS[n]!;
  if (width === 2) return PAIRS[n]!;
  if (width === 3) return DIGITS[Math.floor(n / 1296)]! + PAIRS[n % 1296]!;
  const text = n.toString(36);
  return text.length === width ? text : text.padStart(width, "0");
}

function recentCode(answer: RecentAnswer): number {
  if (answer.tenths === null) return answer.correct ? RIGHT_UNTIMED : WRONG_UNTIMED;
  return answer.correct ? answer.tenths : WRONG_FROM + answer.tenths;
}

function recentOf(code: number): RecentAnswer | null {
  if (code < 0) return null;
  if (code <= MAX_TENTHS) return { correct: true, tenths: code };
  if (code < RIGHT_UNTIMED) return { correct: false, tenths: code - WRONG_FROM };
  if (code === RIGHT_UNTIMED) return { correct: true, tenths: null };
  if (code === WRONG_UNTIMED) return { correct: false, tenths: null };
  return null;
}

function encodeCell(index: number, s: FactState): string {
  let cell =
    digits(index, WIDTH.index) +
    digits(s.attempts, WIDTH.count) +
    digits(s.misses, WIDTH.count) +
    digits(s.box, WIDTH.box) +
    digits(s.seenMinute, WIDTH.minute) +
    digits(s.dueMinute, WIDTH.minute);
  for (let i = 0; i < RECENT_ANSWERS; i += 1) {
    const answer = s.recent[i];
    cell += answer ? digits(recentCode(answer), WIDTH.recent) : NO_RECENT;
  }
  return cell;
}

/** The base-36 number in text[from, from + width), or -1 when a character there is not a digit (0-9, a-z). */
function numberAt(text: string, from: number, width: number): number {
  let n = 0;
  for (let i = from; i < from + width; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) n = n * 36 + code - 48;
    else if (code >= 97 && code <= 122) n = n * 36 + code - 87;
    else return -1;
  }
  return n;
}

/** Reads the cell starting at `at`: its grid index and state, or null when it is not a cell encodeCell writes. */
function decodeCell(text: string, at: number): { index: number; state: FactState } | null {
  if (at + CELL > text.length) return null;
  let from = at;
  const index = numberAt(text, from, WIDTH.index);
  const attempts = numberAt(text, (from += WIDTH.index), WIDTH.count);
  const misses = numberAt(text, (from += WIDTH.count), WIDTH.count);
  const box = numberAt(text, (from += WIDTH.count), WIDTH.box);
  const seenMinute = numberAt(text, (from += WIDTH.box), WIDTH.minute);
  const dueMinute = numberAt(text, (from += WIDTH.minute), WIDTH.minute);
  from += WIDTH.minute;
  if (index < 0 || attempts < 0 || misses < 0 || box < 0 || seenMinute < 0 || dueMinute < 0) return null;
  if (index >= SIDE * SIDE || box > MAX_BOX || misses > attempts) return null;
  const recent: RecentAnswer[] = [];
  for (let i = 0; i < RECENT_ANSWERS; i += 1, from += WIDTH.recent) {
    if (text.startsWith(NO_RECENT, from)) continue;
    // Recent answers fill from the left: one after a gap is not a cell we wrote.
    const answer = recent.length === i ? recentOf(numberAt(text, from, WIDTH.recent)) : null;
    if (!answer) return null;
    recent.push(answer);
  }
  if (recent.length > attempts) return null;
  return { index, state: { attempts, misses, seenMinute, box, dueMinute, recent } };
}

function indexOfKey(key: string, op: FactOp): number {
  const fact = parseFactKey(key);
  return fact && fact.op === op ? (fact.a - FACT_MIN) * SIDE + (fact.b - FACT_MIN) : -1;
}

function keyOfIndex(index: number, op: FactOp): string {
  return `${op}${Math.floor(index / SIDE) + FACT_MIN},${(index % SIDE) + FACT_MIN}`;
}

export function encodeBook(book: FactBook): string {
  const cells: { index: number; state: FactState }[] = [];
  for (const [key, state] of book.facts) {
    const fact = parseFactKey(key);
    if (fact) cells.push({ index: (fact.a - FACT_MIN) * SIDE + (fact.b - FACT_MIN), state });
  }
  cells.sort((x, y) => x.index - y.index);
  let text = `2;${book.bestSecure};${countLevels(book).secure};`;
  for (const { index, state } of cells) text += encodeCell(index, state);
  return text;
}

/**
 * The book a stored text holds, keeping only the facts of `op`. A text that is not a book (damaged, or of a version
 * this code does not know) gives an empty book, and a damaged cell is left out: the rebuild command makes them
 * again from the stored runs.
 */
export function decodeBook(text: string | null | undefined, op: FactOp): FactBook {
  if (!text) return emptyBook();
  if (text.startsWith("{")) return decodeVersion1(text, op);
  const head = HEAD.exec(text);
  if (!head) return emptyBook();
  const book = emptyBook();
  book.bestSecure = Number(head[1]);
  let previous = -1;
  for (let at = head[0].length; at + CELL <= text.length; at += CELL) {
    const cell = decodeCell(text, at);
    // Cells are in grid order, each fact once.
    if (!cell || cell.index <= previous) continue;
    previous = cell.index;
    book.facts.set(keyOfIndex(cell.index, op), cell.state);
  }
  return book;
}

/**
 * What the finish does with a stored book: the text `encodeBook(applyToBook(decodeBook(text, op), answers))` gives,
 * made by rewriting only the cells of the facts the answers ask (found by halving the cells, which are in grid
 * order) instead of reading and writing all of them (docs/product.md#fact-records). The count of secure facts kept
 * in the text moves by the facts that became or stopped being secure, and the best count with it. A text whose head
 * or length is not a version 2 book's, or whose cell for an asked fact is damaged, takes the long way; a damaged cell
 * it does not ask is kept as it is (a reader leaves it out; a rebuild makes it again). Answers must all be of `op`.
 */
export function applyToStoredBook(text: string | null | undefined, op: FactOp, answers: readonly FactAnswer[]): string {
  return foldIntoStoredBook(text, op, answers).text;
}

/** A finish's fold of one operation: the new stored text, and the state in it of each fact the answers asked. */
export interface StoredFold {
  text: string;
  /** Each fact asked, in the order first asked, with its state in `text` (undefined: the text does not hold it). */
  asked: [FactKey, FactState | undefined][];
}

/**
 * applyToStoredBook, handing over the asked facts' new states as well, so that what the finish does next with them
 * (its stickers: docs/decisions/0091-stickers-follow-secure-facts.md) need not read them from the text again.
 */
export function foldIntoStoredBook(
  text: string | null | undefined,
  op: FactOp,
  answers: readonly FactAnswer[],
): StoredFold {
  const short = text ? applyToCells(text, op, answers) : null;
  if (short) return short;
  const book = applyToBook(decodeBook(text, op), answers);
  const asked = new Map<FactKey, FactState | undefined>();
  // As the text holds them: a key that is not a fact of `op` is not written, so it has no state there.
  for (const { key } of answers) asked.set(key, indexOfKey(key, op) < 0 ? undefined : book.facts.get(key));
  return { text: encodeBook(book), asked: Array.from(asked) };
}

/** The cell-by-cell way of foldIntoStoredBook, or null when the text needs the long way. */
function applyToCells(text: string, op: FactOp, answers: readonly FactAnswer[]): StoredFold | null {
  const head = HEAD.exec(text);
  if (!head) return null;
  const bodyStart = head[0].length;
  if ((text.length - bodyStart) % CELL !== 0) return null;
  const count = (text.length - bodyStart) / CELL;

  // Each fact asked, its answers in order.
  const byIndex = new Map<number, FactAnswer[]>();
  for (const answer of answers) {
    const index = indexOfKey(answer.key, op);
    if (index < 0) return null;
    const list = byIndex.get(index);
    if (list) list.push(answer);
    else byIndex.set(index, [answer]);
  }
  // The changes: a cell replaced or inserted before cell `at`; all are made at once at the end.
  const edits: { at: number; index: number; cell: string; replace: boolean }[] = [];
  const asked: [FactKey, FactState | undefined][] = [];
  let madeSecure = 0;
  let madeUnsecure = 0;
  for (const [index, list] of byIndex) {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (indexAt(text, bodyStart, mid) < index) lo = mid + 1;
      else hi = mid;
    }
    let before: FactState | undefined;
    const replace = lo < count && indexAt(text, bodyStart, lo) === index;
    if (replace) {
      const cell = decodeCell(text, bodyStart + lo * CELL);
      if (!cell) return null;
      before = cell.state;
    }
    let after = before;
    for (const answer of list) after = applyAnswer(after, answer);
    const wasSecure = before !== undefined && levelOf(before) === "secure";
    const isSecure = levelOf(after) === "secure";
    if (isSecure && !wasSecure) madeSecure += 1;
    if (wasSecure && !isSecure) madeUnsecure += 1;
    edits.push({ at: lo, index, cell: encodeCell(index, after as FactState), replace });
    asked.push([(list[0] as FactAnswer).key, after]);
  }
  edits.sort((x, y) => x.at - y.at || x.index - y.index);

  let secure = Number(head[2]);
  let best = Number(head[1]);
  if (madeSecure !== madeUnsecure) {
    secure += madeSecure - madeUnsecure;
    if (secure < 0) return null;
    best = Math.max(best, secure);
  }
  let out = madeSecure !== madeUnsecure ? `2;${best};${secure};` : head[0];
  let from = 0;
  for (const edit of edits) {
    out += text.slice(bodyStart + from * CELL, bodyStart + edit.at * CELL) + edit.cell;
    from = edit.replace ? edit.at + 1 : edit.at;
  }
  return { text: out + text.slice(bodyStart + from * CELL), asked };
}

/** The grid index of the cell at position `cell` of the body (-1 when damaged). */
function indexAt(text: string, bodyStart: number, cell: number): number {
  return numberAt(text, bodyStart + cell * CELL, WIDTH.index);
}

/* Version 1, JSON (still read) */

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

function decodeRecentVersion1(value: unknown): RecentAnswer | null {
  if (value === null) return { correct: true, tenths: null };
  if (typeof value !== "number" || !Number.isInteger(value)) return null;
  if (value >= 0) return { correct: true, tenths: value };
  if (value === -1) return { correct: false, tenths: null };
  return { correct: false, tenths: -1 - value };
}

function decodeStateVersion1(value: unknown): FactState | null {
  if (!Array.isArray(value) || value.length < 5 || value.length > 5 + RECENT_ANSWERS) return null;
  const [attempts, misses, seenMinute, box, dueMinute, ...rest] = value as unknown[];
  if (!isCount(attempts) || !isCount(misses) || !isCount(seenMinute) || !isCount(box) || !isCount(dueMinute)) {
    return null;
  }
  if (misses > attempts || box > MAX_BOX || rest.length > attempts) return null;
  const recent: RecentAnswer[] = [];
  for (const item of rest) {
    const answer = decodeRecentVersion1(item);
    if (!answer) return null;
    recent.push(answer);
  }
  return { attempts, misses, seenMinute, box, dueMinute, recent };
}

function decodeVersion1(text: string, op: FactOp): FactBook {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return emptyBook();
  }
  if (typeof parsed !== "object" || parsed === null) return emptyBook();
  const { v, best, f } = parsed as Record<string, unknown>;
  if (v !== 1 || !isCount(best) || typeof f !== "object" || f === null || Array.isArray(f)) return emptyBook();
  const book = emptyBook();
  book.bestSecure = best;
  for (const [key, value] of Object.entries(f)) {
    const state = decodeStateVersion1(value);
    if (indexOfKey(key, op) >= 0 && state) book.facts.set(key, state);
  }
  return book;
}
