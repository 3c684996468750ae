// A FactBook as one short JSON text, the form a fact record is stored in (docs/product.md#fact-records):
// {"v":1,"best":3,"f":{"*7,8":[attempts,misses,seenMinute,box,dueMinute,r1,r2,r3]}}, where each recent answer is
// its tenths of a second when right and -1 - tenths when wrong (-1 alone: wrong, untimed; null: right, untimed).
import { parseFactKey, type FactOp } from "~/game/facts";
import { MAX_BOX, RECENT_ANSWERS, emptyBook, type FactBook, type FactState, type RecentAnswer } from "./state";

const VERSION = 1;
/** A wrong answer with no time is stored as this. */
const WRONG_UNTIMED = -1;

function encodeRecent(answer: RecentAnswer): number | null {
  if (answer.correct) return answer.tenths;
  return answer.tenths === null ? WRONG_UNTIMED : -1 - answer.tenths;
}

function decodeRecent(value: unknown): RecentAnswer | null {
  if (value === null) return { correct: true, tenths: null };
  if (typeof value !== "number" || !Number.isInteger(value)) return null;
  if (value >= 0) return { correct: true, tenths: value };
  if (value === WRONG_UNTIMED) return { correct: false, tenths: null };
  return { correct: false, tenths: -1 - value };
}

export function encodeBook(book: FactBook): string {
  const facts: Record<string, (number | null)[]> = {};
  const keys = Array.from(book.facts.keys()).sort();
  for (const key of keys) {
    const s = book.facts.get(key) as FactState;
    facts[key] = [s.attempts, s.misses, s.seenMinute, s.box, s.dueMinute, ...s.recent.map(encodeRecent)];
  }
  return JSON.stringify({ v: VERSION, best: book.bestSecure, f: facts });
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

function decodeState(value: unknown): FactState | null {
  if (!Array.isArray(value) || value.length < 5 || value.length > 5 + RECENT_ANSWERS) return null;
  const [attempts, misses, seenMinute, box, dueMinute, ...rest] = value as unknown[];
  if (!isCount(attempts) || !isCount(misses) || !isCount(seenMinute) || !isCount(box) || !isCount(dueMinute)) {
    return null;
  }
  if (misses > attempts || box > MAX_BOX || rest.length > attempts) return null;
  const recent: RecentAnswer[] = [];
  for (const item of rest) {
    const answer = decodeRecent(item);
    if (!answer) return null;
    recent.push(answer);
  }
  return { attempts, misses, seenMinute, box, dueMinute, recent };
}

/**
 * The book a stored text holds, keeping only the facts of `op`. A text that is not a book (damaged, or of a version
 * this code does not know) gives an empty book: the rebuild command makes it again from the stored runs.
 */
export function decodeBook(text: string | null | undefined, op: FactOp): FactBook {
  if (!text) return emptyBook();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return emptyBook();
  }
  if (typeof parsed !== "object" || parsed === null) return emptyBook();
  const { v, best, f } = parsed as Record<string, unknown>;
  if (v !== VERSION || !isCount(best) || typeof f !== "object" || f === null || Array.isArray(f)) return emptyBook();
  const book = emptyBook();
  book.bestSecure = best;
  for (const [key, value] of Object.entries(f)) {
    const fact = parseFactKey(key);
    const state = decodeState(value);
    if (fact && fact.op === op && state) book.facts.set(key, state);
  }
  return book;
}
