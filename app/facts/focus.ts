// What a class should practise next (docs/product.md#heat-maps): the times table or fact family that the most pupils
// keep missing facts of, with those pupils. Pure: books in, plain data out.
import { FACT_OPS, type Fact, type FactKey, type FactOp } from "~/game/facts";
import { factOfKey, factText, isMissedAgain, type ClassPupil } from "./summary";

/** A times table (× and ÷ facts), adding a number (+ facts) or taking a number away (− facts). */
export type FamilyKind = "times" | "add" | "take";
const KIND_ORDER: readonly FamilyKind[] = ["times", "add", "take"];

/** The 1 times table (and adding or taking away 1) is no focus: its facts count for their other number's family. */
export const FAMILY_MIN = 2;
/** How many of the family's facts the suggestion names. */
export const FOCUS_FACTS_MAX = 3;

export interface ClassFocus {
  kind: FamilyKind;
  n: number;
  /** "the 7 times table", "adding 7", "taking away 7". */
  words: string;
  /** The pupils who keep missing facts of it, by name. */
  pupils: { id: string; name: string }[];
  /** Its facts the most of them keep missing, as a child reads them ("7 × 8"), at most FOCUS_FACTS_MAX. */
  facts: string[];
}

/** The families a fact belongs to: 7 × 8 and 56 ÷ 7 to the 7 and 8 times tables, 7 + 8 to adding 7 and adding 8,
 * 15 − 7 to taking away 7. */
export function familiesOf({ op, a, b }: Fact): { kind: FamilyKind; n: number }[] {
  const numbers = op === "-" ? [a] : a === b ? [a] : [a, b];
  const kind: FamilyKind = op === "+" ? "add" : op === "-" ? "take" : "times";
  return numbers.filter((n) => n >= FAMILY_MIN).map((n) => ({ kind, n }));
}

export function familyWords(kind: FamilyKind, n: number): string {
  return kind === "times" ? `the ${n} times table` : kind === "add" ? `adding ${n}` : `taking away ${n}`;
}

interface Tally {
  kind: FamilyKind;
  n: number;
  pupils: Map<string, string>;
  /** Pupils per fact of the family, with the fact's place in the grids' order for ties. */
  facts: Map<FactKey, { fact: Fact; pupils: number; order: number }>;
  misses: number;
}

/**
 * The class's focus: the family with the most pupils who keep missing (isMissedAgain) at least one of its facts; ties
 * by how many such facts there are across the class, then times tables before adding before taking away, then the
 * smaller number. Null when no pupil keeps missing any fact.
 */
export function classFocus(pupils: readonly ClassPupil[]): ClassFocus | null {
  const tallies = new Map<string, Tally>();
  for (const pupil of pupils) {
    for (const op of FACT_OPS) {
      const book = pupil.books[op];
      if (!book) continue;
      for (const [key, state] of book.facts) {
        if (!isMissedAgain(state)) continue;
        const fact = factOfKey(key, op as FactOp);
        if (!fact) continue;
        for (const { kind, n } of familiesOf(fact)) {
          const id = `${kind}${n}`;
          let tally = tallies.get(id);
          if (!tally) {
            tally = { kind, n, pupils: new Map(), facts: new Map(), misses: 0 };
            tallies.set(id, tally);
          }
          tally.pupils.set(pupil.id, pupil.name);
          tally.misses += 1;
          const entry = tally.facts.get(key) ?? {
            fact,
            pupils: 0,
            order: FACT_OPS.indexOf(op) * 1000 + fact.a * 20 + fact.b,
          };
          entry.pupils += 1;
          tally.facts.set(key, entry);
        }
      }
    }
  }
  const best = Array.from(tallies.values()).sort(
    (x, y) =>
      y.pupils.size - x.pupils.size ||
      y.misses - x.misses ||
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      x.n - y.n,
  )[0];
  if (!best) return null;
  return {
    kind: best.kind,
    n: best.n,
    words: familyWords(best.kind, best.n),
    pupils: Array.from(best.pupils, ([id, name]) => ({ id, name })).sort(
      (x, y) => x.name.localeCompare(y.name) || (x.id < y.id ? -1 : 1),
    ),
    facts: Array.from(best.facts.values())
      .sort((x, y) => y.pupils - x.pupils || x.order - y.order)
      .slice(0, FOCUS_FACTS_MAX)
      .map((entry) => factText(entry.fact)),
  };
}

/** A focus set as work: games of "Practise my facts", due in this many days (app/school/class-facts.server.ts). */
export const FOCUS_WORK = { games: 3, days: 7 } as const;

/** The note a focus set as work carries to the pupils (at most the work note's 200 characters). */
export function focusNote(focus: Pick<ClassFocus, "words">): string {
  return `Our class focus: ${focus.words}. Practise my facts brings back the facts you keep missing.`;
}
