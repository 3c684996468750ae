import { hit, peek, type LimitRule } from "./rate-limit.server";

/*
 * Limits on wrong login codes (docs/product.md#guessing-login-codes). With 50,000 pupils one random 8-digit guess
 * in 1,800 hits some pupil, so locking single accounts is no defence: failures are counted per address, per class
 * (through a class's printed link) and across the whole site, and only failures count, so a whole school behind
 * one address logs in all morning without meeting a limit. The README works out what an attacker can expect.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SCHOOL_LOGIN_WAIT = "Too many wrong login codes. Please wait a few minutes and try again.";
/** The plain student login is paused for everyone, but a class's own link still works. */
export const SCHOOL_LOGIN_BUSY =
  "Too many wrong login codes have been tried on this page. Please use the login link or QR code on your class's login card, or try again later.";

export const SCHOOL_LOGIN_RULES = {
  /** One school's address: a class of 30 can each mistype a code twice in ten minutes. */
  perAddress: { name: "school-login-address", max: 60, windowMs: 10 * MINUTE, message: SCHOOL_LOGIN_WAIT },
  /** Through a class's link only that class's codes are valid: 30 children mistyping, with room to spare. */
  perClass: { name: "school-login-class", max: 30, windowMs: HOUR, message: SCHOOL_LOGIN_WAIT },
  /** The plain /student-login, all addresses together: the ceiling that bounds a distributed guesser. */
  studentSite: { name: "student-login-site", max: 30, windowMs: HOUR, message: SCHOOL_LOGIN_BUSY },
  /** /teacher-login, all addresses together. */
  teacherSite: { name: "teacher-login-site", max: 30, windowMs: HOUR, message: SCHOOL_LOGIN_WAIT },
} satisfies Record<string, LimitRule>;

const SITE = "site";

/** Where a code is being tried: which rules count its failures. */
export type LoginPlace =
  | { kind: "teacher"; address: string | null }
  | { kind: "student"; address: string | null }
  | { kind: "class-link"; address: string | null; classId: string };

function rulesFor(place: LoginPlace) {
  const R = SCHOOL_LOGIN_RULES;
  const address = { rule: R.perAddress, key: place.address };
  if (place.kind === "teacher") return [address, { rule: R.teacherSite, key: SITE }];
  if (place.kind === "student") return [address, { rule: R.studentSite, key: SITE }];
  return [address, { rule: R.perClass, key: place.classId }];
}

export const SCHOOL_LOGIN_LIMITS = {
  /** Before looking the code up: refused when a failure now would be over a limit. Counts nothing. */
  check: (place: LoginPlace) => peek(rulesFor(place)),
  /** After a wrong code: counted against every rule of its place. */
  failed: (place: LoginPlace) => void hit(rulesFor(place)),
};
