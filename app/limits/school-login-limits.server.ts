import { SCHOOL_LOGIN_LIMIT_MESSAGES as M } from "~/utils/school-login-messages";
import { chargeFailure, explainFailures, type FailureStamp } from "./explained-failures.server";
import { creditOf, vouchFor } from "./login-credit.server";
import { hit, peek, type DelayRule, type LimitCheck, type LimitRefusal, type WindowRule } from "./rate-limit.server";

/*
 * Limits on wrong login codes (docs/product.md#guessing-login-codes; the arithmetic and why:
 * docs/decisions/0038-logins-a-right-code-opens.md). A code is only checked when some source can pay for it
 * failing: an address where school accounts logged in (its credit), else the address's growing delays and a
 * site-wide pool per page sized from the accounts a guess can hit. A right code never spends anything, a wrong
 * code it explains (the same browser's, minutes before) is given back, and other people's wrong codes never close
 * a place with credit or a class's link.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const POSSIBLE_CODES = 90_000_000;

/** Two of the texts under the names callers already use. */
export const SCHOOL_LOGIN_WAIT = M.wait;
export const SCHOOL_LOGIN_BUSY = M.studentBusy;

/**
 * Each pool's share of the expected codes guessed a day (together under 0.01 with an attacker's own credit):
 * the pool is floor(share × 90,000,000 / max(accounts a guess can hit, atLeast)) wrong codes a day.
 */
export const POOL_SHARES = {
  student: { share: 0.0015, atLeast: 1_000 },
  teacher: { share: 0.0005, atLeast: 1_000 },
  classLink: { share: 0.0005, atLeast: 30 },
} as const;

export const poolSize = (pool: keyof typeof POOL_SHARES, accounts: number) =>
  Math.floor((POOL_SHARES[pool].share * POSSIBLE_CODES) / Math.max(accounts, POOL_SHARES[pool].atLeast));

const perWindow = (name: string, max: number, windowMs: number, message: string): WindowRule => ({
  name,
  max,
  windowMs,
  message,
});

export const SCHOOL_LOGIN_RULES = {
  /** Any address, every login page: a class of 30 can each mistype a code twice in ten minutes. */
  perAddress: perWindow("school-login-address", 60, 10 * MINUTE, M.wait),
  /** An address's credit on the plain pages, for wrong codes nobody explained; its allowance is `creditOf`. */
  credit: perWindow("school-login-credit", 0, DAY, M.wait),
  /** A place without credit on the plain pages (both share it): 2 wrong codes, then growing waits. */
  newPlace: {
    name: "school-login-new-place",
    free: 2,
    waitsMs: [10 * MINUTE, HOUR, 6 * HOUR, DAY],
    forgetMs: DAY,
    message: M.studentWaitHere,
  } satisfies DelayRule,
  /** Through a class's link from a place with credit (a school): room for a class's unexplained slips. */
  classAtSchool: {
    name: "school-login-class-school",
    free: 150,
    waitsMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR],
    forgetMs: DAY,
    message: M.wait,
  } satisfies DelayRule,
  /** Through a class's link from a place without credit (a pupil at home). */
  classElsewhere: {
    name: "school-login-class-elsewhere",
    free: 60,
    waitsMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR],
    forgetMs: DAY,
    message: M.wait,
  } satisfies DelayRule,
  /** The pools for places without credit; their allowance is `poolSize`. */
  studentPool: perWindow("student-login-pool", 0, DAY, M.studentBusy),
  teacherPool: perWindow("teacher-login-pool", 0, DAY, M.teacherBusy),
  classPool: perWindow("class-login-pool", 0, DAY, M.classBusy),
  /**
   * Codes refused on /teacher-login that are still looked up, to mail their teacher a sign-in link
   * (docs/decisions/0070-logins-that-no-guesser-can-close.md): a few per address, then growing waits.
   */
  signInLinkAsks: {
    name: "teacher-sign-in-asks",
    free: 3,
    waitsMs: [10 * MINUTE, HOUR, 6 * HOUR, DAY],
    forgetMs: DAY,
    message: "",
  } satisfies DelayRule,
  /** Sign-in links mailed to one teacher: a guesser who hits a code now and then cannot fill their inbox. */
  signInLinkMails: perWindow("teacher-sign-in-mails", 3, HOUR, ""),
};

const SITE = "site";

/** Where a code is being tried: which rules count its failures. */
export type LoginPlace =
  | { kind: "teacher"; address: string | null }
  | { kind: "student"; address: string | null }
  | { kind: "class-link"; address: string | null; classId: string }
  /** A login card's own address, where only the code printed beside it opens (docs/product.md#short-card-address). */
  | { kind: "card"; address: string | null; cardKey: string };

/**
 * Allowed: `failed` counts a wrong code against the sources that paid for checking it, and returns the stamp the
 * browser keeps in case a right code explains it (null without an address).
 */
export type SchoolLoginVerdict = { ok: true; failed: (code: string) => FailureStamp | null } | LimitRefusal;

const allowed = (address: string | null, checks: LimitCheck[]): SchoolLoginVerdict => ({
  ok: true,
  failed: (code) => chargeFailure(address, checks, code),
});

/** The plain /student-login and /teacher-login. */
function checkPlainPage(place: LoginPlace & { kind: "teacher" | "student" }, accounts: () => number) {
  const R = SCHOOL_LOGIN_RULES;
  const burst: LimitCheck = { rule: R.perAddress, key: place.address };
  const credit: LimitCheck = { rule: R.credit, key: place.address, max: creditOf(place.address) };
  if (place.address !== null && peek([credit]).ok) return allowed(place.address, [burst, credit]);

  const newPlace: LimitCheck = { rule: R.newPlace, key: place.address };
  const waiting = peek([newPlace]);
  if (!waiting.ok) return { ...waiting, message: place.kind === "teacher" ? M.teacherWaitHere : M.studentWaitHere };
  const rule = place.kind === "teacher" ? R.teacherPool : R.studentPool;
  const pool: LimitCheck = { rule, key: SITE, max: poolSize(place.kind, accounts()) };
  const spent = peek([pool]);
  return spent.ok ? allowed(place.address, [burst, newPlace, pool]) : spent;
}

/** A class's printed link: only its ~30 codes are valid, so far more wrong codes may be checked. */
function checkClassLink(place: LoginPlace & { kind: "class-link" }, pupils: () => number) {
  const R = SCHOOL_LOGIN_RULES;
  const burst: LimitCheck = { rule: R.perAddress, key: place.address };
  const atSchool = creditOf(place.address) > 0;
  const key = place.address === null ? null : `${place.address} ${place.classId}`;
  const perClass: LimitCheck = { rule: atSchool ? R.classAtSchool : R.classElsewhere, key };
  const waiting = peek([perClass]);
  if (!waiting.ok) return waiting;
  if (atSchool) return allowed(place.address, [burst, perClass]);
  const pool: LimitCheck = { rule: R.classPool, key: place.classId, max: poolSize("classLink", pupils()) };
  const spent = peek([pool]);
  return spent.ok ? allowed(place.address, [burst, perClass, pool]) : spent;
}

export const SCHOOL_LOGIN_LIMITS = {
  /**
   * Before looking the code up: refused when no source can pay for a wrong code now. Counts nothing.
   * `accounts` counts what a guess here can hit (pupils, teachers, or the class's pupils), asked only when needed.
   */
  check(place: LoginPlace, accounts: () => number): SchoolLoginVerdict {
    const burst = peek([{ rule: SCHOOL_LOGIN_RULES.perAddress, key: place.address }]);
    if (!burst.ok) return burst;
    // A card's address: a guess must hit a card key and its code at once, so only the burst per address counts.
    if (place.kind === "card")
      return allowed(place.address, [{ rule: SCHOOL_LOGIN_RULES.perAddress, key: place.address }]);
    return place.kind === "class-link" ? checkClassLink(place, accounts) : checkPlainPage(place, accounts);
  },
  /**
   * After a right `code`: the account (`teacher:<id>` or `student:<id>`) vouches for the address, and the wrong
   * codes this browser kept (`stamps`) that were slips of it made from here in the last 15 minutes are given back.
   */
  /**
   * A code /teacher-login refused may still be looked up to mail a sign-in link: refused (null) while the address
   * waits; `asked` counts the look-up, right code or wrong, so the count tells nothing.
   */
  signInLinkAsk(address: string | null): { asked: () => void } | null {
    const checks: LimitCheck[] = [{ rule: SCHOOL_LOGIN_RULES.signInLinkAsks, key: address }];
    return peek(checks).ok ? { asked: () => void hit(checks) } : null;
  },
  /** One more sign-in link mailed to the teacher, or false past 3 an hour. */
  signInLinkMail(teacherId: string): boolean {
    return hit([{ rule: SCHOOL_LOGIN_RULES.signInLinkMails, key: teacherId }]).ok;
  },
  succeeded(place: LoginPlace, { account, code }: { account: string; code: string }, stamps: FailureStamp[]) {
    vouchFor(place.address, account);
    return explainFailures(stamps, { address: place.address, account, code });
  },
};
