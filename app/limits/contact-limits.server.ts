import { hit, type LimitRule } from "./rate-limit.server";

/*
 * Limits on the contact form (docs/decisions/0013-one-rate-limiter.md, docs/product.md#contact). A person
 * writes a few messages at most; a script that gets past the bot checks is held to a handful per address and
 * per sender's address. Only messages that passed every other check are counted; a refused one stores nothing.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WAIT = "You have sent several messages in a short time. Please wait a few minutes and try again.";

const RULES = {
  perAddress: { name: "contact-address", max: 5, windowMs: 10 * MINUTE, message: WAIT },
  perEmail: { name: "contact-email", max: 3, windowMs: HOUR, message: WAIT },
} satisfies Record<string, LimitRule>;

export const CONTACT_LIMITS = {
  /** One message from `address` (the client's), signed with the e-mail address `email`. */
  send: ({ address, email }: { address: string | null; email: string }) =>
    hit([
      { rule: RULES.perAddress, key: address },
      { rule: RULES.perEmail, key: email.toLowerCase() },
    ]),
};
