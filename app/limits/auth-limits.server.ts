import { hit, type LimitRule } from "./rate-limit.server";

/*
 * Limits on sign-in, sign-up, password reset and confirmation mails (docs/decisions/0013-one-rate-limiter.md).
 * Per address they leave room for a class signing in together behind one school address; per account they
 * stop password guessing and mail bombing of one inbox.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WAIT = "Too many attempts. Please wait a few minutes and try again.";

const RULES = {
  signInPerAddress: { name: "sign-in-address", max: 120, windowMs: 10 * MINUTE, message: WAIT },
  signInPerAccount: { name: "sign-in-account", max: 10, windowMs: 10 * MINUTE, message: WAIT },
  signUpPerAddress: { name: "sign-up-address", max: 100, windowMs: HOUR, message: WAIT },
  mailPerAddress: { name: "account-mail-address", max: 100, windowMs: HOUR, message: WAIT },
  mailPerAccount: { name: "account-mail-account", max: 3, windowMs: HOUR, message: WAIT },
  oauthStartPerAddress: { name: "oauth-start-address", max: 120, windowMs: 10 * MINUTE, message: WAIT },
} satisfies Record<string, LimitRule>;

type Who = { address: string | null; account?: string | null };

export const AUTH_LIMITS = {
  signIn: ({ address, account }: Who) =>
    hit([
      { rule: RULES.signInPerAddress, key: address },
      { rule: RULES.signInPerAccount, key: account ?? null },
    ]),
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
