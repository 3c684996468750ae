import { DIGEST_MESSAGES as M } from "~/utils/digest-messages";
import { hit, peek, type DelayRule, type LimitCheck, type LimitRefusal, type WindowRule } from "./rate-limit.server";

/*
 * Limits of the weekly digest (docs/product.md#weekly-digest), through the one limiter: the links from its mails
 * that do not work, counted against the address that opened them (as parent links are: a refusal checks no token),
 * and the mails with a confirmation link a teacher may ask for, so a session cannot mail any address again and again.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DIGEST_LINK_RULE = {
  name: "digest-link",
  free: 20,
  waitsMs: [MINUTE, 10 * MINUTE, HOUR, DAY],
  forgetMs: DAY,
  message: M.linkWait,
} satisfies DelayRule;

export const DIGEST_CONFIRM_MAIL_RULE = {
  name: "digest-confirm-mail",
  max: 3,
  windowMs: HOUR,
  message: M.tooMany,
} satisfies WindowRule;

export type DigestLinkVerdict = { ok: true; unknown: () => void } | LimitRefusal;

export const DIGEST_LIMITS = {
  /** Before reading a link's token: refused while the address waits; `unknown` counts a link that opened nothing. */
  link(address: string | null): DigestLinkVerdict {
    const checks: LimitCheck[] = [{ rule: DIGEST_LINK_RULE, key: address }];
    const verdict = peek(checks);
    if (!verdict.ok) return verdict;
    return { ok: true, unknown: () => void hit(checks) };
  },
  /** Counts one confirmation mail for the teacher; refused past 3 an hour. */
  confirmMail(teacherId: string) {
    return hit([{ rule: DIGEST_CONFIRM_MAIL_RULE, key: teacherId }]);
  },
};
