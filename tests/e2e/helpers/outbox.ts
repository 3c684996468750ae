import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_TMP } from "./e2e-dirs";

/** The e2e server writes mail here (playwright.config.ts sets OUTBOX_DIR): the real messages it would send. */
export const OUTBOX = `${E2E_TMP}/outbox`;

type OutboxMail = { to: string; subject: string; text: string; from: string; sentAt: string };

function mailsTo(to: string): OutboxMail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(OUTBOX, f), "utf8")) as OutboxMail)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** Waits for the `nth` (from 1) message to `to` and returns it. */
export async function waitForMail(to: string, nth = 1): Promise<OutboxMail> {
  // Looked for often: a mail is written within a request, and the default back-off would wait up to a second more.
  await expect
    .poll(() => mailsTo(to).length, { message: `mail number ${nth} to ${to}`, intervals: [50, 100, 250] })
    .toBeGreaterThanOrEqual(nth);
  return mailsTo(to)[nth - 1]!;
}

/** The first link in a message, as a path on the site (so it works whatever host the suite runs on). */
export function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}
