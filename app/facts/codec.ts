// A FactBook as one short JSON text, the form a fact record is stored in (docs/product.md#fact-records):
// {"v":1,"best":3,"sec":2,"f":{"*7,8":[attempts,misses,seenMinute,box,dueMinute,r1,r2,r3]}} ("sec": the facts secure
// now, kept so a finish need not count them; a reader counts them itself), where each recent answer is
// its tenths of a second when right and -1 - tenths when wrong (-1 alone: wrong, untimed; null: right, untimed).
import { parseFactKey, type FactKey, type FactOp } from "~/game/facts";
import {
  MAX_BOX,
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
  return JSON.stringify({ v: VERSION, best: book.bestSecure, sec: countLevels(book).secure, f: facts });
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

/** A fact's stored array, exactly as encodeBook writes it. */
function encodeState(s: FactState): string {
  return JSON.stringify([s.attempts, s.misses, s.seenMinute, s.box, s.dueMinute, ...s.recent.map(encodeRecent)]);
}

const HEAD = /^\{"v":1,"best":(\d+),"sec":(\d+),"f":\{/;

/**
 * What the finish does with a stored book: the text `encodeBook(applyToBook(decodeBook(text, op), answers))` gives,
 * made by rewriting only the facts the answers ask (found by their key in the text, whose keys encodeBook sorted)
 * instead of reading and writing all of them (docs/product.md#fact-records). The count of secure facts kept in the
 * text moves by the facts that became or stopped being secure, and the best count with it. A text not as encodeBook
 * writes it takes the long way. Answers must all be of `op`.
 */
export function applyToStoredBook(text: string | null | undefined, op: FactOp, answers: readonly FactAnswer[]): string {
  const longWay = () => encodeBook(applyToBook(decodeBook(text, op), answers));
  if (!text) return longWay();
  const head = HEAD.exec(text);
  if (!head || !text.endsWith("}}")) return longWay();
  // Each fact asked, its answers in order.
  const byKey = new Map<FactKey, FactAnswer[]>();
  for (const answer of answers) {
    if (answer.op !== op) return longWay();
    const list = byKey.get(answer.key);
    if (list) list.push(answer);
    else byKey.set(answer.key, [answer]);
  }
  const bodyStart = head[0].length;
  const bodyEnd = text.length - 2;
  const empty = bodyEnd === bodyStart;
  // The changes, each a span of the text replaced; all are made at once at the end.
  const edits: { start: number; end: number; key: string; cell: string; insert: boolean }[] = [];
  let madeSecure = 0;
  let madeUnsecure = 0;
  for (const [key, list] of byKey) {
    const marker = `"${key}":[`;
    const at = text.indexOf(marker, bodyStart);
    let before: FactState | undefined;
    let start: number;
    let end: number;
    if (at >= 0) {
      start = at;
      end = text.indexOf("]", at + marker.length) + 1;
      if (end === 0) return longWay();
      let value: unknown;
      try {
        value = JSON.parse(text.slice(at + marker.length - 1, end));
      } catch {
        return longWay();
      }
      const state = decodeState(value);
      const fact = parseFactKey(key);
      if (!state || !fact || fact.op !== op) return longWay();
      before = state;
    } else {
      start = end = insertionPoint(text, bodyStart, bodyEnd, key);
    }
    let after = before;
    for (const answer of list) after = applyAnswer(after, answer);
    const wasSecure = before !== undefined && levelOf(before) === "secure";
    const isSecure = levelOf(after) === "secure";
    if (isSecure && !wasSecure) madeSecure += 1;
    if (wasSecure && !isSecure) madeUnsecure += 1;
    edits.push({ start, end, key, cell: `"${key}":${encodeState(after as FactState)}`, insert: at < 0 });
  }
  edits.sort((x, y) => x.start - y.start || (x.key < y.key ? -1 : 1));
  let out = text.slice(0, bodyStart);
  let from = bodyStart;
  let cells = empty ? 0 : 1;
  for (const edit of edits) {
    out += text.slice(from, edit.start);
    if (!edit.insert) out += edit.cell;
    // A new fact before a key goes with a comma after it; at the end, with one before it unless it is the first.
    else if (edit.start < bodyEnd) out += `${edit.cell},`;
    else out += cells > 0 ? `,${edit.cell}` : edit.cell;
    if (edit.insert) cells += 1;
    from = edit.end;
  }
  out += text.slice(from);
  if (madeSecure !== madeUnsecure) {
    const secure = Number(head[2]) + madeSecure - madeUnsecure;
    if (secure < 0) return longWay();
    const best = Math.max(Number(head[1]), secure);
    out = `{"v":1,"best":${best},"sec":${secure},"f":{${out.slice(bodyStart)}`;
  }
  return out;
}

/**
 * Where a key not in the text goes: before the first key that sorts after it, or at the body's end. Keys are
 * sorted, so it halves the body, reading the key after each halfway point.
 */
function insertionPoint(text: string, bodyStart: number, bodyEnd: number, key: string): number {
  // The start of each key is `"` right after the body's `{` or a `],`.
  const keyAt = (from: number): number => {
    if (from <= bodyStart) return bodyStart < bodyEnd ? bodyStart : bodyEnd;
    const next = text.indexOf('],"', from - 2);
    return next < 0 || next >= bodyEnd ? bodyEnd : next + 2;
  };
  const keyOf = (at: number) => text.slice(at + 1, text.indexOf('"', at + 1));
  let lo = bodyStart;
  let hi = bodyEnd;
  // Invariant: every key starting before lo sorts before `key`; the key at hi (if any) sorts after it.
  while (lo < hi) {
    const at = keyAt(lo + Math.floor((hi - lo) / 2));
    if (at >= hi) {
      // No key starts in the upper half: look from lo.
      const first = keyAt(lo);
      if (first >= hi) return hi;
      if (keyOf(first) > key) return first;
      lo = first + 1;
      continue;
    }
    if (keyOf(at) > key) hi = at;
    else lo = at + 1;
  }
  return keyAt(lo) >= hi ? hi : keyAt(lo);
}
