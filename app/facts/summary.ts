// What the heat maps show (docs/product.md#heat-maps): a player's grid per operation, the counts per level, and for a
// class the grid at a glance, who needs help and the facts most of the class misses. Pure: books in, plain data out.
import { FACT_MAX, FACT_MIN, FACT_OPS, factKey, type Fact, type FactKey, type FactOp } from "~/game/facts";
import { levelOf, type FactBook, type FactLevel, type FactState } from "./state";

/** A player's books, one per operation they have met (the shape the records give). */
export type Books = Partial<Record<FactOp, FactBook>>;

export interface GridCell {
  a: number;
  b: number;
  key: FactKey;
  level: FactLevel;
  attempts: number;
  misses: number;
}

/** One operation's 12 × 12 grid: `rows[a - 1][b - 1]` is cell (a, b). */
export interface FactGrid {
  op: FactOp;
  rows: GridCell[][];
  counts: Record<FactLevel, number>;
}

const SIDE = FACT_MAX - FACT_MIN + 1;
const sideNumbers = Array.from({ length: SIDE }, (_, i) => FACT_MIN + i);

function zeroCounts(): Record<FactLevel, number> {
  return { unseen: 0, weak: 0, learning: 0, fluent: 0, secure: 0 };
}

/** A player's grid for one operation; a fact without a record is unseen. */
export function factGrid(op: FactOp, book: FactBook | undefined): FactGrid {
  const counts = zeroCounts();
  const rows = sideNumbers.map((a) =>
    sideNumbers.map((b): GridCell => {
      const key = factKey({ op, a, b });
      const state = book?.facts.get(key);
      const level = levelOf(state);
      counts[level] += 1;
      return { a, b, key, level, attempts: state?.attempts ?? 0, misses: state?.misses ?? 0 };
    }),
  );
  return { op, rows, counts };
}

/** The operations a player has met (answered at least one fact of), in the grids' order. */
export function opsMet(books: Books): FactOp[] {
  return FACT_OPS.filter((op) => (books[op]?.facts.size ?? 0) > 0);
}

/** Counts per level over the grid's 144 facts (unseen included). */
export function levelCounts(book: FactBook | undefined): Record<FactLevel, number> {
  const counts = zeroCounts();
  let seen = 0;
  for (const state of book?.facts.values() ?? []) {
    counts[levelOf(state)] += 1;
    seen += 1;
  }
  counts.unseen += SIDE * SIDE - seen;
  return counts;
}

/* A class */

export interface ClassPupil {
  id: string;
  name: string;
  books: Books;
}

/** One fact across a class: how many pupils are at each level. */
export interface ClassCell {
  a: number;
  b: number;
  key: FactKey;
  counts: Record<FactLevel, number>;
  /** Pupils at fluent or secure: they know it by heart. */
  known: number;
}

export interface ClassGrid {
  op: FactOp;
  pupils: number;
  rows: ClassCell[][];
}

/** The class's grid for one operation: per fact, how many of the pupils are at each level. */
export function classGrid(op: FactOp, pupils: readonly ClassPupil[]): ClassGrid {
  const rows = sideNumbers.map((a) =>
    sideNumbers.map((b): ClassCell => {
      const key = factKey({ op, a, b });
      const counts = zeroCounts();
      for (const pupil of pupils) counts[levelOf(pupil.books[op]?.facts.get(key))] += 1;
      return { a, b, key, counts, known: counts.fluent + counts.secure };
    }),
  );
  return { op, pupils: pupils.length, rows };
}

/**
 * A class grid as the page needs it, small enough to send with the page: per cell, row by row, how many pupils know
 * the fact by heart, have it weak, and have not met it, each list as one string of numbers with commas between
 * (three strings cost the page's data a fraction of 432 numbers: docs/speed-shortcuts.md#the-class-facts-page).
 */
export interface CompactClassGrid {
  op: FactOp;
  pupils: number;
  known: string;
  weak: string;
  unseen: string;
}

export function compactClassGrid(grid: ClassGrid): CompactClassGrid {
  const cells = grid.rows.flat();
  return {
    op: grid.op,
    pupils: grid.pupils,
    known: cells.map((cell) => cell.known).join(","),
    weak: cells.map((cell) => cell.counts.weak).join(","),
    unseen: cells.map((cell) => cell.counts.unseen).join(","),
  };
}

/** A compact grid's list of counts, one per cell, row by row. */
export function countsOf(list: string): number[] {
  return list.split(",").map(Number);
}

/** The operations any pupil of the class has met. */
export function classOpsMet(pupils: readonly ClassPupil[]): FactOp[] {
  return FACT_OPS.filter((op) => pupils.some((pupil) => (pupil.books[op]?.facts.size ?? 0) > 0));
}

/** A band of the share of the class that knows a fact, for the class grid's colours (and its legend). */
export type ShareBand = "unseen" | "none" | "few" | "some" | "most" | "all";
export const SHARE_BANDS: readonly ShareBand[] = ["unseen", "none", "few", "some", "most", "all"];

/**
 * unseen: no pupil has met the fact yet; none: met, but no pupil knows it by heart; few: under a third of the class
 * knows it; some: under two thirds; most: two thirds or more, not all; all: every pupil.
 */
export function shareBand(cell: { known: number; counts: Record<FactLevel, number> }, pupils: number): ShareBand {
  return bandOf(cell.known, cell.counts.unseen, pupils);
}

/** The band of a fact `known` by heart and `unseen` by so many of `pupils`. */
export function bandOf(known: number, unseen: number, pupils: number): ShareBand {
  if (pupils === 0 || unseen >= pupils) return "unseen";
  if (known === 0) return "none";
  if (known >= pupils) return "all";
  if (known * 3 < pupils) return "few";
  if (known * 3 < pupils * 2) return "some";
  return "most";
}

export interface NeedsHelp {
  id: string;
  name: string;
  /** Secure facts lost since their best, summed over operations (0: none fell). */
  fell: number;
  weak: number;
}

/** How many pupils "needs help" lists at most. */
export const NEEDS_HELP_MAX = 5;

/**
 * How much help a pupil needs, as one measure: their weak facts plus the secure facts that fell (a fact that fell
 * to weak counts in both: it was known and is now missed).
 */
export function helpNeeded(pupil: Pick<NeedsHelp, "fell" | "weak">): number {
  return pupil.weak + pupil.fell;
}

/**
 * Needs help: the pupils with a weak fact or a fallen secure one (in some operation fewer secure facts now than their
 * best), the most help needed first (helpNeeded), then the most fallen; at most NEEDS_HELP_MAX, ties by name.
 */
export function needsHelp(pupils: readonly ClassPupil[]): NeedsHelp[] {
  const list: NeedsHelp[] = [];
  for (const pupil of pupils) {
    let fell = 0;
    let weak = 0;
    for (const op of FACT_OPS) {
      const book = pupil.books[op];
      if (!book) continue;
      const counts = levelCounts(book);
      fell += Math.max(0, book.bestSecure - counts.secure);
      weak += counts.weak;
    }
    if (fell > 0 || weak > 0) list.push({ id: pupil.id, name: pupil.name, fell, weak });
  }
  list.sort(
    (x, y) =>
      helpNeeded(y) - helpNeeded(x) || y.fell - x.fell || x.name.localeCompare(y.name) || (x.id < y.id ? -1 : 1),
  );
  return list.slice(0, NEEDS_HELP_MAX);
}

/**
 * A fact a pupil keeps missing: weak now and missed at least MISSED_AGAIN times in all (the record keeps how often a
 * fact was missed, not when), so a one-off slip is not counted (docs/product.md#heat-maps).
 */
export const MISSED_AGAIN = 2;

export function isMissedAgain(state: FactState | undefined): state is FactState {
  return state !== undefined && state.misses >= MISSED_AGAIN && levelOf(state) === "weak";
}

export interface MissedFact extends Fact {
  key: FactKey;
  /** Pupils who keep missing the fact (isMissedAgain: weak now, and missed at least twice). */
  pupils: number;
  /** Misses of the fact by the whole class, ever. */
  misses: number;
}

/** How many facts "most missed" lists at most. */
export const MOST_MISSED_MAX = 5;

/**
 * The facts most of the class keeps missing: those missed again (isMissedAgain) by the most pupils (at least one), any
 * operation; ties by the class's misses of the fact, then in the grids' order (operation, row, column).
 */
export function mostMissed(pupils: readonly ClassPupil[]): MissedFact[] {
  const byKey = new Map<FactKey, MissedFact>();
  const order = new Map<FactKey, number>();
  for (const pupil of pupils) {
    for (const op of FACT_OPS) {
      const book = pupil.books[op];
      if (!book) continue;
      for (const [key, state] of book.facts) {
        if (!isMissedAgain(state)) continue;
        let entry = byKey.get(key);
        if (!entry) {
          const fact = factOfKey(key, op);
          if (!fact) continue;
          entry = { ...fact, key, pupils: 0, misses: 0 };
          byKey.set(key, entry);
          order.set(key, FACT_OPS.indexOf(op) * 1000 + fact.a * SIDE + fact.b);
        }
        entry.pupils += 1;
        entry.misses += state.misses;
      }
    }
  }
  return Array.from(byKey.values())
    .sort((x, y) => y.pupils - x.pupils || y.misses - x.misses || (order.get(x.key) ?? 0) - (order.get(y.key) ?? 0))
    .slice(0, MOST_MISSED_MAX);
}

const KEY_NUMBERS = /^.(\d{1,2}),(\d{1,2})$/;

/** The fact a book's key names (null: not a grid fact). */
export function factOfKey(key: FactKey, op: FactOp): Fact | null {
  const match = KEY_NUMBERS.exec(key);
  if (!match) return null;
  return { op, a: Number(match[1]), b: Number(match[2]) };
}

/* Words */

const SIGNS: Record<FactOp, string> = { "+": "+", "-": "−", "*": "×", "/": "÷" };

/** A fact as a child reads it, without its answer: "7 × 8", "15 − 7", "56 ÷ 7" (docs/product.md#facts). */
export function factText({ op, a, b }: Fact): string {
  switch (op) {
    case "+":
    case "*":
      return `${a} ${SIGNS[op]} ${b}`;
    case "-":
      return `${a + b} ${SIGNS[op]} ${a}`;
    case "/":
      return `${a * b} ${SIGNS[op]} ${a}`;
  }
}

/** A fact with its answer: "7 × 8 = 56". */
export function factWithAnswer(fact: Fact): string {
  const answer = { "+": fact.a + fact.b, "-": fact.b, "*": fact.a * fact.b, "/": fact.b }[fact.op];
  return `${factText(fact)} = ${answer}`;
}

/* Choosing an operation: a word in the address (`?op=times`), since "+" in a query reads as a space. */

export const OP_SLUGS: Record<FactOp, string> = { "+": "add", "-": "take-away", "*": "times", "/": "divide" };
export const OP_NAMES: Record<FactOp, string> = {
  "+": "Adding",
  "-": "Taking away",
  "*": "Times tables",
  "/": "Dividing",
};

/** The operation a `?op=` names, or null. */
export function opOfSlug(slug: string | null): FactOp | null {
  return FACT_OPS.find((op) => OP_SLUGS[op] === slug) ?? null;
}

/** The operation to show: the one asked for when met, else times tables when met, else the first met. */
export function shownOp(met: readonly FactOp[], asked: string | null): FactOp | null {
  const wanted = opOfSlug(asked);
  if (wanted && met.includes(wanted)) return wanted;
  if (met.includes("*")) return "*";
  return met[0] ?? null;
}

/** What a player's heat map page shows: the operations met, the one shown and its grid (null: none met yet). */
export function playerMapView(books: Books, asked: string | null) {
  const ops = opsMet(books);
  const op = shownOp(ops, asked);
  return { ops, op, grid: op ? factGrid(op, books[op]) : null };
}

/** What a class's heat map page shows. */
export function classMapView(pupils: readonly ClassPupil[], asked: string | null) {
  const ops = classOpsMet(pupils);
  const op = shownOp(ops, asked);
  return {
    ops,
    op,
    grid: op ? compactClassGrid(classGrid(op, pupils)) : null,
    needsHelp: needsHelp(pupils),
    mostMissed: mostMissed(pupils),
  };
}
