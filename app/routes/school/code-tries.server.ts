import { EXPLAINED, type FailureStamp } from "~/limits/explained-failures.server";
import { now } from "~/utils/clock.server";
import { signedCookie } from "~/utils/signing.server";

/*
 * `__code_tries` (docs/product.md#cookies): the ids of this browser's last wrong login codes, so a right code typed
 * minutes later from here gives them back (docs/decisions/0038-logins-a-right-code-opens.md#explained-failures).
 * Signed, holding only random ids and times (what each was charged to and from where stays on the server). Its
 * path is "/", not the login pages: with JavaScript, Remix posts /student-login and /teacher-login to
 * /student-login.data and /teacher-login.data, paths no narrower cookie path covers both of.
 */
export const codeTriesCookie = signedCookie("__code_tries", EXPLAINED.withinMs / 1000);

const isStamp = (value: unknown): value is FailureStamp =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as FailureStamp).id === "string" &&
  typeof (value as FailureStamp).at === "number";

/** The browser's stamps still young enough to be explained; none when the cookie is missing, forged or odd. */
export async function codeTriesOf(request: Request): Promise<FailureStamp[]> {
  const value: unknown = await codeTriesCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  const at = now();
  return value.filter(isStamp).filter((stamp) => at - stamp.at < EXPLAINED.withinMs);
}

/** The Set-Cookie value keeping `stamp` after the browser's others (the newest 10). */
export async function withCodeTry(request: Request, stamp: FailureStamp): Promise<string> {
  const stamps = [...(await codeTriesOf(request)), stamp].slice(-EXPLAINED.perBrowser);
  return codeTriesCookie.serialize(stamps);
}

/** The Set-Cookie value that empties it, after a right code (its stamps are spent, given back or not). */
export const noCodeTries = () => codeTriesCookie.serialize("", { maxAge: 0 });
