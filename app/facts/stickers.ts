// The sticker book (docs/product.md#sticker-book, docs/decisions/0091-stickers-follow-secure-facts.md): a sticker for
// each fact the first time the fact model calls it secure, kept for good; badges and milestones are read from the
// stickers alone, so they are never taken away either. Pure: stickers and books in, plain data out.
import { FACT_MAX, FACT_MIN, FACT_OPS, factKey, type Fact, type FactKey, type FactOp } from "~/game/facts";
import { levelOf, type FactState } from "./state";
import { OP_NAMES, factText, opsMet, shownOp, type Books } from "./summary";

/** A fact a player has made secure, and when they first did (epoch ms). */
export interface Sticker {
  key: FactKey;
  earnedAt: number;
}

/**
 * The facts a finish earns stickers for: those of `asked` the fact model calls secure after the finish, and that
 * have no sticker yet. A fact that is not secure earns nothing; one that has a sticker keeps it, whatever its level.
 */
export function stickersEarned(
  asked: Iterable<[FactKey, FactState | undefined]>,
  held: ReadonlySet<FactKey>,
): FactKey[] {
  const earned: FactKey[] = [];
  for (const [key, state] of asked) {
    if (!held.has(key) && levelOf(state) === "secure") earned.push(key);
  }
  return earned;
}

/** A badge: every fact of one row of a grid has its sticker (the 7 times table, adding 7, taking away 7, ÷ 7). */
export interface Badge {
  op: FactOp;
  n: number;
  words: string;
  earnedAt: number;
}

/** The words of a row's badge: "the 7 times table", "adding 7", "taking away 7", "dividing by 7". */
export function badgeWords(op: FactOp, n: number): string {
  switch (op) {
    case "*":
      return `the ${n} times table`;
    case "+":
      return `adding ${n}`;
    case "-":
      return `taking away ${n}`;
    case "/":
      return `dividing by ${n}`;
  }
}

const SIDE = FACT_MAX - FACT_MIN + 1;
const ALL_OF_OP = SIDE * SIDE;

/** A sticker's fact: a stored key ("*7,8") read without a regular expression (a book reads every sticker). */
function factOfStickerKey(key: FactKey): Fact | null {
  const comma = key.indexOf(",");
  const op = key.charAt(0) as FactOp;
  const a = Number(key.slice(1, comma));
  const b = Number(key.slice(comma + 1));
  const ok = comma > 1 && FACT_OPS.includes(op) && Number.isInteger(a) && Number.isInteger(b);
  return ok && a >= FACT_MIN && a <= FACT_MAX && b >= FACT_MIN && b <= FACT_MAX ? { op, a, b } : null;
}

/** Every badge the stickers make, in the grids' order (operation, then row). */
export function badgesOf(stickers: readonly Sticker[]): Badge[] {
  const rows = new Map<string, { op: FactOp; n: number; count: number; latest: number }>();
  for (const sticker of stickers) {
    const fact = factOfStickerKey(sticker.key);
    if (!fact) continue;
    const id = `${fact.op}${fact.a}`;
    const row = rows.get(id) ?? { op: fact.op, n: fact.a, count: 0, latest: 0 };
    row.count += 1;
    row.latest = Math.max(row.latest, sticker.earnedAt);
    rows.set(id, row);
  }
  return Array.from(rows.values())
    .filter((row) => row.count >= SIDE)
    .sort((x, y) => FACT_OPS.indexOf(x.op) - FACT_OPS.indexOf(y.op) || x.n - y.n)
    .map((row) => ({ op: row.op, n: row.n, words: badgeWords(row.op, row.n), earnedAt: row.latest }));
}

/** The milestones: the first sticker, the 10th and the 50th (any operation), and all 144 of an operation. */
export const STICKER_COUNTS: readonly number[] = [1, 10, 50];

export interface Milestone {
  id: string;
  words: string;
  earnedAt: number;
}

export function milestonesOf(stickers: readonly Sticker[]): Milestone[] {
  // One pass (the book page reads every sticker each time): the times, and each operation's count and latest.
  const times: number[] = [];
  const ofOp = new Map<FactOp, { count: number; latest: number }>();
  for (const sticker of stickers) {
    const fact = factOfStickerKey(sticker.key);
    if (!fact) continue;
    times.push(sticker.earnedAt);
    const mine = ofOp.get(fact.op);
    if (mine) {
      mine.count += 1;
      mine.latest = Math.max(mine.latest, sticker.earnedAt);
    } else ofOp.set(fact.op, { count: 1, latest: sticker.earnedAt });
  }
  times.sort((x, y) => x - y);
  const list: Milestone[] = [];
  for (const n of STICKER_COUNTS) {
    const at = times[n - 1];
    if (at === undefined) continue;
    list.push({ id: `count-${n}`, words: n === 1 ? "The first sticker" : `${n} stickers`, earnedAt: at });
  }
  for (const op of FACT_OPS) {
    const mine = ofOp.get(op);
    if (!mine || mine.count < ALL_OF_OP) continue;
    list.push({ id: `all-${op}`, words: `All 144 facts of ${OP_NAMES[op].toLowerCase()}`, earnedAt: mine.latest });
  }
  return list;
}

/** The badges whose last sticker came in [from, until): a table secured that week (the weekly digest). */
export function badgesEarnedBetween(stickers: readonly Sticker[], from: number, until: number): Badge[] {
  return badgesOf(stickers).filter((badge) => badge.earnedAt >= from && badge.earnedAt < until);
}

/* The book's page */

/**
 * One operation's stickers as the page needs them, laid out as its heat map is and small enough to send with the
 * page: one letter a cell, row by row, "." no sticker, "s" a sticker, "p" a sticker whose fact slipped back (time to
 * practise, never a loss); when each sticker was earned, in words, each distinct one once (`days`), and for each cell
 * with a sticker, in grid order, which of them (`when`). The cells' names (stickerCellNames) are made from these
 * where the table is drawn: sent whole they cost the page more than the grid itself
 * (docs/decisions/0091-stickers-follow-secure-facts.md).
 */
export interface CompactStickerGrid {
  op: FactOp;
  marks: string;
  days: string[];
  when: number[];
  stickers: number;
  practise: number;
}

/** The grid of one operation, named at `now` (UK days). Built in one pass: the book page asks for it every time. */
export function stickerGrid(
  op: FactOp,
  earned: ReadonlyMap<FactKey, number>,
  books: Books,
  now: number,
): CompactStickerGrid {
  // Stickers earned in one game share their time, and a day's share their words: each is put in words once.
  const dayOfTime = new Map<number, number>();
  const dayOfWords = new Map<string, number>();
  const days: string[] = [];
  const when: number[] = [];
  const facts = books[op]?.facts;
  let marks = "";
  let practise = 0;
  for (let a = FACT_MIN; a <= FACT_MAX; a++) {
    for (let b = FACT_MIN; b <= FACT_MAX; b++) {
      const key = factKey({ op, a, b });
      const earnedAt = earned.get(key);
      if (earnedAt === undefined) {
        marks += ".";
        continue;
      }
      let day = dayOfTime.get(earnedAt);
      if (day === undefined) {
        const words = sinceWords(earnedAt, now);
        day = dayOfWords.get(words);
        if (day === undefined) dayOfWords.set(words, (day = days.push(words) - 1));
        dayOfTime.set(earnedAt, day);
      }
      when.push(day);
      const slipped = levelOf(facts?.get(key)) !== "secure";
      marks += slipped ? "p" : "s";
      if (slipped) practise += 1;
    }
  }
  return { op, marks, days, when, stickers: when.length, practise };
}

/** Each cell's name for a screen reader, row by row (stickerName): "7 × 8, secure since Tuesday", "9 × 9: no sticker yet". */
export function stickerCellNames(grid: CompactStickerGrid): string[] {
  const names: string[] = [];
  let sticker = 0;
  for (let at = 0; at < SIDE * SIDE; at++) {
    const fact = { op: grid.op, a: FACT_MIN + Math.floor(at / SIDE), b: FACT_MIN + (at % SIDE) };
    const mark = grid.marks.charAt(at);
    const has = mark === "s" || mark === "p";
    const when = has ? (grid.days[grid.when[sticker++] ?? -1] ?? "") : null;
    names.push(cellName(factText(fact), when, mark === "p"));
  }
  return names;
}

/** The facts whose sticker stays while the fact slipped back, as a child reads them ("7 × 8"), in grid order. */
export function practiseFactsOf(grid: CompactStickerGrid): string[] {
  const facts: string[] = [];
  for (let at = grid.marks.indexOf("p"); at >= 0; at = grid.marks.indexOf("p", at + 1))
    facts.push(factText({ op: grid.op, a: FACT_MIN + Math.floor(at / SIDE), b: FACT_MIN + (at % SIDE) }));
  return facts;
}

/** What the sticker book page shows: the grids' operations (met, or with stickers), the one shown, badges, milestones. */
export function stickerBookView(stickers: readonly Sticker[], books: Books, asked: string | null, now: number) {
  const withStickers = new Set(stickers.map((sticker) => sticker.key.charAt(0)));
  const met = new Set(opsMet(books));
  const ops = FACT_OPS.filter((op) => met.has(op) || withStickers.has(op));
  const op = shownOp(ops, asked);
  const earned = new Map<FactKey, number>();
  if (op) for (const sticker of stickers) if (sticker.key.charAt(0) === op) earned.set(sticker.key, sticker.earnedAt);
  return {
    ops,
    op,
    total: stickers.length,
    grid: op ? stickerGrid(op, earned, books, now) : null,
    badges: badgesOf(stickers),
    milestones: milestonesOf(stickers),
  };
}

/* Words */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 01:00 UTC on the last Sunday of a month: when UK summer time starts (March) or ends (October). */
function lastSundayAtOne(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0, 1);
  return last - new Date(last).getUTCDay() * DAY_MS;
}

/**
 * The UK's wall-clock time of an instant, as a UTC date: GMT, or BST (UTC+1) from the last Sunday of March to the last
 * Sunday of October. Worked out, not asked of Intl: a book names up to 144 stickers a request, and Intl's formatters
 * cost tens of microseconds a call.
 */
function ukDate(ms: number): Date {
  const year = new Date(ms).getUTCFullYear();
  let summer = SUMMERS.get(year);
  if (!summer) SUMMERS.set(year, (summer = [lastSundayAtOne(year, 2), lastSundayAtOne(year, 9)]));
  return new Date(ms + (ms >= summer[0] && ms < summer[1] ? HOUR_MS : 0));
}

/** Each year's summer time, from and until (a handful of years are ever asked). */
const SUMMERS = new Map<number, [number, number]>();

const dayNumber = (ms: number) => Math.floor(ukDate(ms).getTime() / DAY_MS);

/** When, as a child reads it (UK time): "today", "yesterday", "Tuesday" within the week, else "3 November". */
export function sinceWords(earnedAt: number, now: number): string {
  const days = dayNumber(now) - dayNumber(earnedAt);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  const date = ukDate(earnedAt);
  if (days < 7) return WEEKDAYS[date.getUTCDay()]!;
  const words = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]!}`;
  return date.getUTCFullYear() === ukDate(now).getUTCFullYear() ? words : `${words} ${date.getUTCFullYear()}`;
}

/** A sticker as a screen reader reads it: "7 × 8, secure since Tuesday"; slipped, "…, time to practise". */
export function stickerName(
  cell: { a: number; b: number; earnedAt: number | null; practise: boolean },
  op: FactOp,
  now: number,
  when = cell.earnedAt === null ? "" : sinceWords(cell.earnedAt, now),
) {
  return cellName(factText({ op, a: cell.a, b: cell.b }), cell.earnedAt === null ? null : when, cell.practise);
}

/** A cell's name from its fact's text and when its sticker was earned in words (null: none yet). */
function cellName(fact: string, when: string | null, practise: boolean): string {
  if (when === null) return `${fact}: no sticker yet`;
  // A fact that slipped keeps its sticker: it says when it was earned, and that it is time to practise.
  return practise ? `${fact}, sticker from ${when}, time to practise` : `${fact}, secure since ${when}`;
}
