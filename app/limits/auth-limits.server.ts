import { hit, refund, type DelayRule, type LimitCheck, type LimitRefusal, type LimitRule } from "./rate-limit.server";

/*
 * Limits on sign-in, sign-up, password reset and confirmation mails (docs/decisions/0013-one-rate-limiter.md).
 * Per address they leave room for a class signing in together behind one school address; per account they
 * stop mail bombing of one inbox. Wrong passwords slow down the address that sends them, never the account
 * for everyone: a right password always opens (docs/decisions/0038-logins-a-right-code-opens.md).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WAIT = "Too many attempts. Please wait a few minutes and try again.";

const RULES = {
  /** Wrong passwords from one address across accounts (a right one is given back): room for a class signing in. */
  signInPerAddress: { name: "sign-in-address", max: 120, windowMs: 10 * MINUTE, message: WAIT },
  /** One address guessing one account's password: 5 tries, then waits doubling from a minute up to an hour. */
  signInPerSource: {
    name: "sign-in-address-account",
    free: 5,
    waitsMs: [1, 2, 4, 8, 16, 32, 60].map((minutes) => minutes * MINUTE),
    forgetMs: DAY,
    message: WAIT,
  } satisfies DelayRule,
  signUpPerAddress: { name: "sign-up-address", max: 100, windowMs: HOUR, message: WAIT },
  mailPerAddress: { name: "account-mail-address", max: 100, windowMs: HOUR, message: WAIT },
  mailPerAccount: { name: "account-mail-account", max: 3, windowMs: HOUR, message: WAIT },
  oauthStartPerAddress: { name: "oauth-start-address", max: 120, windowMs: 10 * MINUTE, message: WAIT },
} satisfies Record<string, LimitRule>;

type Who = { address: string | null; account?: string | null };

/** Allowed: the attempt was counted as a failure; `rightPassword` takes it back once the password matched. */
export type SignInVerdict = { ok: true; rightPassword: () => void } | LimitRefusal;

export const AUTH_LIMITS = {
  /**
   * A password about to be checked (sign-in, the admin login, the current password on /settings). Counted
   * before the slow check, so attempts sent at once meet the limit too, and given back when it was right.
   */
  signIn({ address, account }: Who): SignInVerdict {
    const checks: LimitCheck[] = [
      { rule: RULES.signInPerAddress, key: address },
      { rule: RULES.signInPerSource, key: address !== null && account ? `${address} ${account}` : null },
    ];
    const verdict = hit(checks);
    return verdict.ok ? { ok: true, rightPassword: () => refund(checks) } : verdict;
  },
  signUp: ({ address }: Who) => hit([{ rule: RULES.signUpPerAddress, key: address }]),
  /** A reset or confirmation e-mail to `account`. */
  mail: ({ address, account }: Who) =>
    hit([
      { rule: RULES.mailPerAddress, key: address },
      { rule: RULES.mailPerAccount, key: account ?? null },
    ]),
  /** A sign-in with Google or Facebook started (the provider limits the rest). */
  oauthStart: ({ address }: Who) => hit([{ rule: RULES.oauthStartPerAddress, key: address }]),
};
