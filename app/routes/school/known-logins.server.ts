import { KNOWN_BROWSERS, type KnownLogin } from "~/limits/known-browsers.server";
import { now } from "~/utils/clock.server";
import { signedCookie } from "~/utils/signing.server";

/*
 * `__known_logins` (docs/product.md#cookies): the school accounts that logged in with a right code from this
 * browser, so that its right code opens even when the login limits refuse others
 * (docs/decisions/0038-logins-a-right-code-opens.md#known-browsers). Signed, holding account ids, their kind and
 * when each last logged in here; no names, no codes. 90 days, refreshed by each right login. Path "/" as
 * `__code_tries` (with JavaScript the plain pages post to /student-login.data and /teacher-login.data).
 */
export const knownLoginsCookie = signedCookie("__known_logins", KNOWN_BROWSERS.lastsMs / 1000);

const isKnownLogin = (value: unknown): value is KnownLogin => {
  const login = value as KnownLogin;
  return (
    typeof value === "object" &&
    value !== null &&
    (login.kind === "teacher" || login.kind === "student") &&
    typeof login.id === "string" &&
    typeof login.since === "number"
  );
};

/**
 * The accounts this browser logged in with in the last 90 days (a signed value can be replayed after the browser
 * dropped it, so each entry's own age is checked here); none when the cookie is missing, forged or odd.
 */
export async function knownLoginsOf(request: Request): Promise<KnownLogin[]> {
  const value: unknown = await knownLoginsCookie.parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  const at = now();
  return value
    .filter(isKnownLogin)
    .filter((login) => at - login.since < KNOWN_BROWSERS.lastsMs && login.since <= at)
    .slice(0, KNOWN_BROWSERS.accounts);
}

/** The Set-Cookie value after a right login of `account`: it goes first, the oldest past 5 are dropped. */
export async function withKnownLogin(request: Request, account: Omit<KnownLogin, "since">): Promise<string> {
  const others = (await knownLoginsOf(request)).filter(
    (login) => !(login.kind === account.kind && login.id === account.id),
  );
  const logins = [{ ...account, since: now() }, ...others].slice(0, KNOWN_BROWSERS.accounts);
  return knownLoginsCookie.serialize(logins);
}
