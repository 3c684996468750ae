import { PARENT_MESSAGES as M } from "~/utils/parent-messages";
import { hit, peek, type DelayRule, type LimitCheck, type LimitRefusal } from "./rate-limit.server";

/*
 * Limits on opening parent links that do not work (docs/product.md#parents). A token is 256 random bits, so guessing
 * finds nothing; the limit keeps a scanner from making the server hash and look up tokens without end. Only links
 * that open nothing are counted; a working link never spends anything, and a refusal checks no token.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PARENT_LINK_RULE = {
  name: "parent-link",
  free: 20,
  waitsMs: [MINUTE, 10 * MINUTE, HOUR, DAY],
  forgetMs: DAY,
  message: M.wait,
} satisfies DelayRule;

export type ParentLinkVerdict = { ok: true; unknown: () => void } | LimitRefusal;

export const PARENT_LINK_LIMITS = {
  /** Before looking a token up: refused while the address waits. Counts nothing; `unknown` counts a link that opened nothing. */
  check(address: string | null): ParentLinkVerdict {
    const checks: LimitCheck[] = [{ rule: PARENT_LINK_RULE, key: address }];
    const verdict = peek(checks);
    if (!verdict.ok) return verdict;
    return { ok: true, unknown: () => void hit(checks) };
  },
};
