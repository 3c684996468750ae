import { now } from "~/utils/clock.server";
import { randomId } from "~/utils/signing.server";
import { clearedWithLimits, hit, refund, type LimitCheck, type WindowRule } from "./rate-limit.server";

/*
 * Explained failures (docs/decisions/0038-logins-a-right-code-opens.md#explained-failures): most wrong codes at a
 * real school are followed, within minutes, by a right code from the same browser. Each wrong code that was checked
 * is kept here for 15 minutes under a random id, with what it was charged to; the failing browser keeps the id (a
 * signed cookie, app/routes/school/code-tries.server.ts). A right code from that browser and the same address gives
 * those charges back, at most 3 a day per account, each once (a given-back id is gone from here), and only for a
 * wrong code that is a slip of that right code (2 digits changed, swapped, dropped or added at most): another
 * pupil's right code on a shared computer explains nothing of someone's random guesses typed there before.
 */
const MINUTE = 60_000;

export const EXPLAINED = {
  /** A failure is explained by a right code from its browser and address within this time. */
  withinMs: 15 * MINUTE,
  /** Failures given back per account a day: an attacker logging in with their own code gains 3 guesses, no more. */
  perAccountPerDay: 3,
  /** Failures one browser keeps (the cookie's list). */
  perBrowser: 10,
  /** A slip: the wrong code is at most this many single-digit edits from the right one. */
  slipEdits: 2,
};

const REFUNDS_PER_ACCOUNT: WindowRule = {
  name: "school-login-refunds",
  max: EXPLAINED.perAccountPerDay,
  windowMs: 24 * 60 * MINUTE,
  message: "",
};

/** What a browser keeps of one of its wrong codes. */
export type FailureStamp = { id: string; at: number };

/** Kept in this process only, 15 minutes: the wrong code too (no one's code), to tell a slip from a guess. */
type Failure = { address: string; at: number; code: string; charged: LimitCheck[] };

/** Failures kept at most; past that the oldest go first (they only lose their chance of a refund). */
const MAX_KEPT = 50_000;
/** id → the failure, in the order they were made. */
const failures = new Map<string, Failure>();

clearedWithLimits(() => failures.clear());

/** Drops the failures too old to be explained (in time order, so it stops at the first fresh one). */
function dropStale(at: number): void {
  for (const [id, failure] of failures) {
    if (at - failure.at < EXPLAINED.withinMs) break;
    failures.delete(id);
  }
}

/** Counts a wrong code against `charged` and keeps it, for the failing browser, in case it is explained. */
export function chargeFailure(address: string | null, charged: LimitCheck[], code: string): FailureStamp | null {
  hit(charged);
  if (address === null) return null;
  const at = now();
  dropStale(at);
  if (failures.size >= MAX_KEPT) failures.delete(failures.keys().next().value!);
  const id = randomId();
  failures.set(id, { address, at, code, charged });
  return { id, at };
}

/**
 * A right `code` for `account` from `address`, in a browser that kept `stamps`: its slips made from the same
 * address in the last 15 minutes are given back, newest first, while the account has refunds left today.
 * Returns how many were.
 */
export function explainFailures(
  stamps: ReadonlyArray<FailureStamp>,
  { address, account, code }: { address: string | null; account: string; code: string },
) {
  if (address === null) return 0;
  dropStale(now());
  let given = 0;
  for (const { id } of [...stamps].reverse()) {
    const failure = failures.get(id);
    if (!failure || failure.address !== address || !isSlipOf(failure.code, code)) continue;
    if (!hit([{ rule: REFUNDS_PER_ACCOUNT, key: account }]).ok) break;
    failures.delete(id);
    refund(failure.charged, failure.at);
    given += 1;
  }
  return given;
}

/** Whether `wrong` is within `slipEdits` digits changed, dropped or added of `right` (Levenshtein distance). */
function isSlipOf(wrong: string, right: string): boolean {
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= wrong.length; i++) {
    const row = [i];
    for (let j = 1; j <= right.length; j++) {
      const same = wrong[i - 1] === right[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + same);
    }
    previous = row;
  }
  return previous[right.length]! <= EXPLAINED.slipEdits;
}
