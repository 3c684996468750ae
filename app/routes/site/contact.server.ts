import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { config } from "~/config.server";
import { sendMail } from "~/email/mailer.server";
import { contactMail } from "~/email/templates.server";
import { parseContact } from "~/forms/contact.server";
import {
  BOT_TOKEN_FIELD,
  STAMP_FIELD,
  checkBotSignals,
  spendFormStamp,
  stampToCarry,
  unspendFormStamp,
  verifyBotToken,
} from "~/limits/bot-check.server";
import { CONTACT_LIMITS } from "~/limits/contact-limits.server";
import { insertContactMessage, markContactMailed } from "~/models/contact.server";
import { now } from "~/utils/clock.server";
import { CONTACT_MESSAGES as M } from "~/utils/contact-messages";
import { flashHeaders } from "~/utils/flash.server";
import { tooManyRequests } from "~/utils/http.server";

/* What /contact does with a message (docs/product.md#contact). Route-private: contact.tsx calls it. */

/** A refusal: the form's reply (input kept) and the signed stamp the form carries on with. */
export type ContactReply = { result: SubmissionResult<string[]>; stamp: string };

const why = (error: unknown) => (error instanceof Error ? error.message : error);

const BOT_MESSAGES = {
  honeypot: M.automated,
  "too-fast": M.tooFast,
  expired: M.expired,
  invalid: M.expired,
  spent: M.alreadySent,
} as const;

/**
 * Checks, in order: the fields, the honeypot and stamp (ours, served to this address, unspent, of a person's
 * age), the configured provider's token, the rate limit. Then the stamp is spent and the message stored, and only
 * then mailed to the team: a mail that fails is logged and leaves the message stored (mailedAt null), and the
 * visitor is told it was sent, since it is safely kept. A message that cannot be stored is the one failure the
 * visitor sees, with the address to write to instead (its stamp given back).
 */
export async function sendContactMessage(
  request: Request,
  form: URLSearchParams,
  address: string | null,
  fetchFn: typeof fetch = fetch,
) {
  const refused = (result: SubmissionResult<string[]>, init: number | ResponseInit) =>
    data<ContactReply>(
      { result, stamp: stampToCarry(form, address) },
      typeof init === "number" ? { status: init } : init,
    );

  const parsed = parseContact(form);
  if (!parsed.ok) return refused(parsed.result, 400);

  const signals = checkBotSignals(form, address);
  if (!signals.ok) return refused(parsed.refuse({ form: BOT_MESSAGES[signals.reason] }), 400);

  const provider = await verifyBotToken(config.botCheck, form.get(BOT_TOKEN_FIELD), address, fetchFn);
  if (!provider.ok) {
    const noToken = !form.get(BOT_TOKEN_FIELD);
    if (provider.reason === "unavailable") return refused(parsed.refuse({ form: M.unavailable }), noToken ? 400 : 503);
    return refused(parsed.refuse({ form: M.checkFailed }), 403);
  }

  const message = parsed.value;
  const limited = CONTACT_LIMITS.send({ address, email: message.email });
  if (!limited.ok) {
    return refused(parsed.refuse({ form: limited.message }), tooManyRequests(limited));
  }

  // The provider's check was awaited since the stamp was checked, so another post of it may have been stored
  // meanwhile: spending it here, with no await before the insert, lets only one through.
  const stamp = form.get(STAMP_FIELD)!;
  if (!spendFormStamp(stamp)) return refused(parsed.refuse({ form: BOT_MESSAGES.spent }), 400);
  let id: number;
  try {
    id = insertContactMessage(message);
  } catch (error) {
    console.error("Could not store a contact message:", why(error));
    unspendFormStamp(stamp);
    return refused(parsed.refuse({ form: M.storeFailed(config.contactEmail) }), 503);
  }

  try {
    await sendMail(contactMail(message));
  } catch (error) {
    console.error(`Contact message ${id} is stored but could not be mailed:`, why(error));
    return sent(request);
  }
  try {
    markContactMailed(id, now());
  } catch (error) {
    console.error(`Contact message ${id} was mailed, but that could not be recorded:`, why(error));
  }
  return sent(request);
}

/** Sent: back to an empty form, with the message that says so (a flash, so it shows without JavaScript). */
async function sent(request: Request) {
  return redirect("/contact", {
    headers: await flashHeaders(request, { kind: "success", title: M.sent, description: M.sentDescription }),
  });
}
