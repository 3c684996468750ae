import { SCHOOL_LOGIN_LIMIT_MESSAGES as M } from "~/utils/school-login-messages";
import { creditOf } from "./login-credit.server";
import { hit, peek, type DelayRule, type LimitCheck, type LimitRefusal, type WindowRule } from "./rate-limit.server";

/*
 * Limits on guessing the short keys of the login cards' typeable addresses (docs/product.md#short-card-address).
 * A right key leads to its class's login link, so a key is that link's secret in short: only unknown keys are
 * counted, and an address may try a few, a school (an address with login credit) more, and all places without
 * credit together only a daily pool sized so that they find one class in 2,000 days however many classes there
 * are. A refusal checks no key, right or wrong.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The pool's share of a class found a day: floor(share × keys / max(classes, atLeast)) unknown keys a day. */
export const CARD_ADDRESS_POOL = { share: 0.0005, atLeast: 1_000 } as const;

export const cardAddressPoolSize = (possibleKeys: number, classes: number) =>
  Math.floor((CARD_ADDRESS_POOL.share * possibleKeys) / Math.max(classes, CARD_ADDRESS_POOL.atLeast));

export const CARD_ADDRESS_RULES = {
  /** From a school (an address with credit): a class's mistyped addresses, then short waits. */
  atSchool: {
    name: "card-address-school",
    free: 30,
    waitsMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR],
    forgetMs: DAY,
    message: M.cardAddressWait,
  } satisfies DelayRule,
  /** From anywhere else (a pupil at home): a few slips, then growing waits. */
  elsewhere: {
    name: "card-address-elsewhere",
    free: 5,
    waitsMs: [10 * MINUTE, HOUR, 6 * HOUR, DAY],
    forgetMs: DAY,
    message: M.cardAddressWait,
  } satisfies DelayRule,
  /** All places without credit together; the allowance is cardAddressPoolSize. */
  pool: { name: "card-address-pool", max: 0, windowMs: DAY, message: M.cardAddressBusy } satisfies WindowRule,
};

const SITE = "site";

export type CardAddressVerdict = { ok: true; unknown: () => void } | LimitRefusal;

export const CARD_ADDRESS_LIMITS = {
  /**
   * Before looking a key up: refused when no allowance is left for an unknown one. Counts nothing; `unknown`
   * counts the key once it is found to be no class's. `classes` is asked only when the pool is.
   */
  check(address: string | null, possibleKeys: number, classes: () => number): CardAddressVerdict {
    const R = CARD_ADDRESS_RULES;
    const atSchool = creditOf(address) > 0;
    const own: LimitCheck = { rule: atSchool ? R.atSchool : R.elsewhere, key: address };
    const checks: LimitCheck[] = [own];
    if (!atSchool) checks.push({ rule: R.pool, key: SITE, max: cardAddressPoolSize(possibleKeys, classes()) });
    const verdict = peek(checks);
    if (!verdict.ok) return verdict;
    return { ok: true, unknown: () => void hit(checks) };
  },
};
