import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { BotCheckConfig } from "~/config.server";
import type { BotCheckWidgetConfig } from "~/types/contact";
import { now } from "~/utils/clock.server";
import { BOT_CHECK_ACTION, BOT_TOKEN_FIELD, STAMP_FIELD } from "~/utils/contact-messages";
import { randomId, sign, verifySignature } from "~/utils/signing.server";

/*
 * The contact form's bot checks (docs/decisions/0015-contact-bot-checks.md). Always: a honeypot field that only
 * a program fills in, and a signed single-use stamp of when and to which address the form was served, so a post
 * that comes too soon after it (no person writes a message that fast), a day later, from another address or a
 * second time is refused. Only when keys are configured: a
 * Cloudflare Turnstile or Google reCAPTCHA token, verified with the provider.
 */

/** The honeypot's field: hidden from people (and screen readers), tempting to a form-filling program. */
export const HONEYPOT_FIELD = "website";
export { BOT_TOKEN_FIELD, STAMP_FIELD };

/** No person reads the form, types a message and sends it in less than this. */
export const MIN_FILL_MS = 3_000;
/** A form served longer ago than this must be reloaded. */
export const MAX_STAMP_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What the page's HoneypotProvider (remix-utils/honeypot/react) needs, from the contact route's loader: the
 * field's name and no "valid from" field. The library's server half is not used: it needs crypto-js (not a
 * dependency here) only to encrypt that timestamp, with a seed made per process, so useless across machines.
 * The signed stamp below does that job, and checkBotSignals the library's empty-field check.
 */
export function honeypotInputProps(): HoneypotInputProps {
  return { nameFieldName: HONEYPOT_FIELD, validFromFieldName: null, encryptedValidFrom: "" };
}

/*
 * The stamp: `{served at}.{nonce}.{signature}`, the signature over both and a keyed hash of the address the form was
 * served to (docs/decisions/0015-contact-bot-checks.md). Good once, from that address, between MIN_FILL_MS and
 * MAX_STAMP_AGE_MS after it was served: a program cannot fetch one form and post it many times, or from many
 * addresses.
 */
const STAMP = /^(\d{1,15})\.([\w-]{12})\.([\w-]{1,100})$/;
const addressKey = (address: string | null) => sign(`contact-address:${address ?? ""}`);
const stampPayload = (issuedAt: number, nonce: string, address: string | null) =>
  `contact-form:${issuedAt}:${nonce}:${addressKey(address)}`;

/** A fresh signed stamp for a form served now to `address` (the client's). */
export function issueFormStamp(address: string | null, at = now()): string {
  const nonce = randomId(9);
  return `${at}.${nonce}.${sign(stampPayload(at, nonce, address))}`;
}

/**
 * Stamps already sent with a message, each kept until it would have expired anyway (then its age refuses it). In
 * this process's memory: every POST reaches the primary, and a restart forgets them as the rate limiter forgets
 * its counts. At most MAX_SPENT; past that the first spent goes first.
 */
const spent = new Map<string, number>();
export const MAX_SPENT = 100_000;

export type StampVerdict = { ok: true } | { ok: false; reason: "too-fast" | "expired" | "invalid" | "spent" };

/** Whether a stamp is ours, was served to this address, is unspent, and its age is that of a form a person filled. */
export function checkFormStamp(stamp: unknown, address: string | null, at = now()): StampVerdict {
  const match = typeof stamp === "string" ? STAMP.exec(stamp) : null;
  if (!match) return { ok: false, reason: "invalid" };
  const issuedAt = Number(match[1]);
  // Another address's stamp fails here too: its signature was made over that address.
  if (!verifySignature(stampPayload(issuedAt, match[2]!, address), match[3]!)) return { ok: false, reason: "invalid" };
  const age = at - issuedAt;
  if (age > MAX_STAMP_AGE_MS) return { ok: false, reason: "expired" };
  if (spent.has(match[2]!)) return { ok: false, reason: "spent" };
  if (age < MIN_FILL_MS) return { ok: false, reason: "too-fast" };
  return { ok: true };
}

/**
 * Spends a good stamp: true the first time, false when it was spent already. Called just before the message is
 * stored, with nothing awaited since, so two posts of one stamp cannot both get through.
 */
export function spendFormStamp(stamp: string, at = now()): boolean {
  const match = STAMP.exec(stamp);
  if (!match || spent.has(match[2]!)) return false;
  if (spent.size >= MAX_SPENT) {
    for (const [nonce, expiresAt] of spent) if (expiresAt < at) spent.delete(nonce);
    if (spent.size >= MAX_SPENT) spent.delete(spent.keys().next().value!);
  }
  spent.set(match[2]!, Number(match[1]) + MAX_STAMP_AGE_MS);
  return true;
}

/** Gives a spent stamp back (the message could not be stored, so the visitor may press Send again). */
export function unspendFormStamp(stamp: string): void {
  const match = STAMP.exec(stamp);
  if (match) spent.delete(match[2]!);
}

/** Tests start from nothing. */
export function forgetSpentStamps(): void {
  spent.clear();
}

/**
 * The stamp a refused form carries on: the one it came with while that is still good for this address (or only
 * too fresh), else a fresh one for this address. A form refused for its stamp (spent, expired, another address:
 * a phone that moved from wifi to 4G) is sent again with the new one.
 */
export function stampToCarry(form: URLSearchParams, address: string | null, at = now()): string {
  const sent = form.get(STAMP_FIELD);
  const verdict = checkFormStamp(sent, address, at);
  return sent && (verdict.ok || verdict.reason === "too-fast") ? sent : issueFormStamp(address, at);
}

export type BotSignals =
  { ok: true } | { ok: false; reason: "honeypot" | "too-fast" | "expired" | "invalid" | "spent" };

/** The checks made on every post: the honeypot is present and empty, and the stamp is good for this address. */
export function checkBotSignals(form: URLSearchParams, address: string | null, at = now()): BotSignals {
  // Our form always sends the field, empty: a post without it, or with anything in it, is a program's.
  if (form.getAll(HONEYPOT_FIELD).join("") !== "" || !form.has(HONEYPOT_FIELD))
    return { ok: false, reason: "honeypot" };
  return checkFormStamp(form.get(STAMP_FIELD), address, at);
}

/** What the page needs to show a configured provider's widget: never the secret. */
export function botCheckWidget(check: BotCheckConfig): BotCheckWidgetConfig {
  return check.kind === "none" ? { kind: "none" } : { kind: check.kind, siteKey: check.siteKey };
}

/** The provider's verify endpoints (the same ones the CSP in server/security-headers.ts opens up to). */
export const VERIFY_URLS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
} as const;

/** reCAPTCHA v3 scores from 0 (a bot) to 1 (a person); Google suggests 0.5 to start with. */
export const RECAPTCHA_MIN_SCORE = 0.5;
const VERIFY_TIMEOUT_MS = 5_000;
/** Turnstile's tokens are at most 2048 characters; reCAPTCHA's are a little longer. */
const MAX_TOKEN_LENGTH = 4096;

export type ProviderVerdict = { ok: true } | { ok: false; reason: "unavailable" | "failed" };

type VerifyAnswer = { success?: unknown; action?: unknown; score?: unknown; "error-codes"?: unknown };

/**
 * Asks the configured provider whether the widget's token shows a person. No token (the widget did not load or
 * was never run) and a provider that cannot be asked are "unavailable"; a token the provider refuses is "failed".
 * `fetchFn` is the outside service, so tests can stand in for it.
 */
export async function verifyBotToken(
  check: BotCheckConfig,
  token: string | null,
  remoteIp: string | null,
  fetchFn: typeof fetch = fetch,
): Promise<ProviderVerdict> {
  if (check.kind === "none") return { ok: true };
  if (!token) return { ok: false, reason: "unavailable" };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "failed" };
  const body = new URLSearchParams({ secret: check.secretKey, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let answer: VerifyAnswer;
  try {
    const response = await fetchFn(VERIFY_URLS[check.kind], {
      method: "POST",
      body,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    answer = (await response.json()) as VerifyAnswer;
  } catch (error) {
    console.error(`The ${check.kind} check could not be verified:`, error instanceof Error ? error.message : error);
    return { ok: false, reason: "unavailable" };
  }
  if (answer?.success !== true) return { ok: false, reason: "failed" };
  // Turnstile names the action only when the widget set one; reCAPTCHA v3 always does, with a score.
  if (answer.action !== undefined && answer.action !== BOT_CHECK_ACTION) return { ok: false, reason: "failed" };
  if (check.kind === "recaptcha") {
    if (answer.action !== BOT_CHECK_ACTION) return { ok: false, reason: "failed" };
    if (typeof answer.score !== "number" || answer.score < RECAPTCHA_MIN_SCORE) return { ok: false, reason: "failed" };
  }
  return { ok: true };
}
