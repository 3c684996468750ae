import { hit, peek, type DelayRule } from "./rate-limit.server";

/*
 * Known browsers (docs/decisions/0038-logins-a-right-code-opens.md#known-browsers): a browser keeps, in a signed
 * cookie, the school accounts that logged in right from it (app/routes/school/known-logins.server.ts). When the
 * login limits refuse a code, it is still compared with those accounts' codes, so a right code from a browser that
 * has logged in with it before always opens, whatever anyone else did. Each such compare can hit at most the
 * accounts the cookie names (5 of 90,000,000 codes), and its failures are bounded per named login: each entry may
 * fail `free` compares, then waits grow, so a copy of someone's cookie gives a handful of guesses a day at them.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const KNOWN_BROWSERS = {
  /** Accounts one browser's cookie names at most, newest first. */
  accounts: 5,
  /** An entry counts this long after its account's last right login from the browser (the cookie's age too). */
  lastsMs: 90 * DAY,
};

/** Wrong codes compared with one entry (an account and when it last logged in there), on refused attempts only. */
export const KNOWN_BROWSER_COMPARES: DelayRule = {
  name: "known-browser-compares",
  free: 10,
  waitsMs: [10 * MINUTE, HOUR, 6 * HOUR, DAY],
  forgetMs: DAY,
  message: "",
};

/** One account the browser logged in with: `since` is its last right login there (it names the entry's count). */
export type KnownLogin = { kind: "teacher" | "student"; id: string; since: number };

const check = (login: KnownLogin) => ({
  rule: KNOWN_BROWSER_COMPARES,
  key: `${login.kind}:${login.id}:${login.since}`,
});

/** The browser's logins of this kind that a refused code may still be compared with (none waiting). */
export function comparableLogins(known: readonly KnownLogin[], kind: KnownLogin["kind"]): KnownLogin[] {
  return known.filter((login) => login.kind === kind && peek([check(login)]).ok);
}

/** A refused code matched none of them: each compared entry counts one failure. Nothing else is counted. */
export function comparedWrong(compared: readonly KnownLogin[]): void {
  for (const login of compared) hit([check(login)]);
}
