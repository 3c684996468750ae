import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { BotCheckConfig } from "~/config.server";
import type { BotCheckWidgetConfig } from "~/types/contact";
import { now } from "~/utils/clock.server";
import { BOT_CHECK_ACTION, BOT_TOKEN_FIELD, STAMP_FIELD } from "~/utils/contact-messages";
import { sign, verifySignature } from "~/utils/signing.server";

/*
 * The contact form's bot checks (docs/decisions/0015-contact-bot-checks.md). Always: a honeypot field that only
 * a program fills in, and a signed timestamp of when the form was served, so a post that comes too soon after
 * it (no person writes a message that fast) or a day later is refused. Only when keys are configured: a
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

const stampPayload = (issuedAt: number) => `contact-form:${issuedAt}`;

/** A fresh signed stamp: when the form was served, and the server's signature over it. */
export function issueFormStamp(at = now()): string {
  return `${at}.${sign(stampPayload(at))}`;
}

export type StampVerdict = { ok: true } | { ok: false; reason: "too-fast" | "expired" | "invalid" };

/** Whether a stamp is ours and its age is that of a form a person filled in. */
export function checkFormStamp(stamp: unknown, at = now()): StampVerdict {
  const match = typeof stamp === "string" ? /^(\d{1,15})\.([\w-]{1,100})$/.exec(stamp) : null;
  if (!match) return { ok: false, reason: "invalid" };
  const issuedAt = Number(match[1]);
  if (!verifySignature(stampPayload(issuedAt), match[2]!)) return { ok: false, reason: "invalid" };
  const age = at - issuedAt;
  if (age > MAX_STAMP_AGE_MS) return { ok: false, reason: "expired" };
  if (age < MIN_FILL_MS) return { ok: false, reason: "too-fast" };
  return { ok: true };
}

/** The stamp a refused form carries on: the one it came with while that is still good, else a fresh one. */
export function stampToCarry(form: URLSearchParams, at = now()): string {
  const sent = form.get(STAMP_FIELD);
  const verdict = checkFormStamp(sent, at);
  return sent && (verdict.ok || verdict.reason === "too-fast") ? sent : issueFormStamp(at);
}

export type BotSignals = { ok: true } | { ok: false; reason: "honeypot" | "too-fast" | "expired" | "invalid" };

/** The checks made on every post: the honeypot is present and empty, and the stamp is good. */
export function checkBotSignals(form: URLSearchParams, at = now()): BotSignals {
  // Our form always sends the field, empty: a post without it, or with anything in it, is a program's.
  if (form.getAll(HONEYPOT_FIELD).join("") !== "" || !form.has(HONEYPOT_FIELD))
    return { ok: false, reason: "honeypot" };
  return checkFormStamp(form.get(STAMP_FIELD), at);
}

/** What the page needs to show a configured provider's widget: never the secret. */
export function botCheckWidget(check: BotCheckConfig): BotCheckWidgetConfig {
  return check.kind === "none" ? { kind: "none" } : { kind: check.kind, siteKey: check.siteKey };
}

/** The provider's verify endpoints (the same ones the CSP in server/security-headers.js opens up to). */
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
