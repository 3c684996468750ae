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
  const valid = stickers.filter((sticker) => factOfStickerKey(sticker.key) !== null);
  const times = valid.map((sticker) => sticker.earnedAt).sort((x, y) => x - y);
  const list: Milestone[] = [];
  for (const n of STICKER_COUNTS) {
    const at = times[n - 1];
    if (at === undefined) continue;
    list.push({ id: `count-${n}`, words: n === 1 ? "The first sticker" : `${n} stickers`, earnedAt: at });
  }
  for (const op of FACT_OPS) {
    const ofOp = valid.filter((sticker) => sticker.key.startsWith(op));
    if (ofOp.length < ALL_OF_OP) continue;
    const at = Math.max(...ofOp.map((sticker) => sticker.earnedAt));
    list.push({ id: `all-${op}`, words: `All 144 facts of ${OP_NAMES[op].toLowerCase()}`, earnedAt: at });
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
 * page: each cell's name (stickerName), row by row, and one letter a cell, "." no sticker, "s" a sticker, "p" a
 * sticker whose fact slipped back (time to practise, never a loss).
 */
export interface CompactStickerGrid {
  op: FactOp;
  names: string[];
  marks: string;
  stickers: number;
  practise: number;
  /** The slipped facts as a child reads them ("7 × 8"). */
  practiseFacts: string[];
}

/** The grid of one operation, named at `now` (UK days). Built in one pass: the book page asks for it every time. */
export function stickerGrid(
  op: FactOp,
  earned: ReadonlyMap<FactKey, number>,
  books: Books,
  now: number,
): CompactStickerGrid {
  // Stickers earned in one game share their words: each time is put in words once.
  const since = new Map<number, string>();
  const facts = books[op]?.facts;
  const names: string[] = [];
  const practiseFacts: string[] = [];
  let marks = "";
  let stickers = 0;
  for (let a = FACT_MIN; a <= FACT_MAX; a++) {
    for (let b = FACT_MIN; b <= FACT_MAX; b++) {
      const key = factKey({ op, a, b });
      const earnedAt = earned.get(key);
      const text = factText({ op, a, b });
      if (earnedAt === undefined) {
        names.push(`${text}: no sticker yet`);
        marks += ".";
        continue;
      }
      stickers += 1;
      let when = since.get(earnedAt);
      if (when === undefined) since.set(earnedAt, (when = sinceWords(earnedAt, now)));
      const slipped = levelOf(facts?.get(key)) !== "secure";
      names.push(stickerName({ a, b, earnedAt, practise: slipped }, op, now, when));
      marks += slipped ? "p" : "s";
      if (slipped) practiseFacts.push(text);
    }
  }
  return { op, names, marks, stickers, practise: practiseFacts.length, practiseFacts };
}

/** What the sticker book page shows: the grids' operations (met, or with stickers), the one shown, badges, milestones. */
export function stickerBookView(stickers: readonly Sticker[], books: Books, asked: string | null, now: number) {
  const earned = new Map(stickers.map((sticker) => [sticker.key, sticker.earnedAt]));
  const withStickers = new Set(stickers.map((sticker) => sticker.key.charAt(0)));
  const met = new Set(opsMet(books));
  const ops = FACT_OPS.filter((op) => met.has(op) || withStickers.has(op));
  const op = shownOp(ops, asked);
  return {
    ops,
    op,
    total: earned.size,
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
  const fact = factText({ op, a: cell.a, b: cell.b });
  if (cell.earnedAt === null) return `${fact}: no sticker yet`;
  // A fact that slipped keeps its sticker: it says when it was earned, and that it is time to practise.
  return cell.practise ? `${fact}, sticker from ${when}, time to practise` : `${fact}, secure since ${when}`;
}
