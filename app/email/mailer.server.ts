import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { config } from "~/config.server";

/** One message: plain text always (children's and schools' mail clients vary), HTML optionally. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra header lines, e.g. the weekly digest's `List-Unsubscribe` (docs/product.md#weekly-digest). */
  headers?: Record<string, string>;
};

/** What the outbox keeps for a message, as JSON: readable by a person and by the tests. */
export type OutboxMail = Mail & { from: string; sentAt: string };

// The SMTP transport, made with the first message: nodemailer is loaded then, not when the server starts.
let smtp: Promise<Transporter> | undefined;

/**
 * Sends a message over SMTP when SMTP_URL is set; otherwise writes it to the outbox folder and logs the
 * links it carries, so sign-up, verification and reset work on a fresh machine with no mail server
 * (docs/decisions/0014-accounts-and-sessions.md). Throws when the message could not be handed over.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const from = config.mail.from;
  const smtpUrl = config.mail.smtpUrl;
  if (smtpUrl) {
    smtp ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    await (await smtp).sendMail({ from, ...mail });
    return;
  }
  const saved: OutboxMail = { from, ...mail, sentAt: new Date().toISOString() };
  await fs.mkdir(config.mail.outboxDir, { recursive: true });
  const file = path.join(config.mail.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.json`);
  await fs.writeFile(file, JSON.stringify(saved, null, 2));
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  console.log(`Mail to ${mail.to}: "${mail.subject}" saved in ${file}${links.length ? ` (${links.join(" ")})` : ""}`);
}
