import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { errorSummary, flash } from "./helpers/accounts";
import { expectAccessible } from "./helpers/axe";
import { E2E_TMP } from "./helpers/e2e-dirs";
import { expectPageMeta } from "./helpers/meta";
import { OUTBOX, waitForMail } from "./helpers/outbox";

// The contact form (docs/product.md#contact) against the real server: its database and the mail it writes to
// its outbox. The e2e server keeps the default contact address.

const CONTACT_EMAIL = "hello@mathssprint.example";
/** The signed stamp refuses a message sent sooner than this after the form was served. */
const MIN_FILL_MS = 3_000;

/** Text no other test sends, to find this test's message in the database and the outbox. */
const marker = () => `marker-${crypto.randomBytes(6).toString("hex")}`;

/** A field of the form by its label (exactly: the flash's "Dismiss message" button is no field). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fill(page: Page, fields: { name?: string; email?: string; subject?: string; message?: string }) {
  if (fields.name !== undefined) await field(page, "Name").fill(fields.name);
  if (fields.email !== undefined) await field(page, "Email").fill(fields.email);
  if (fields.subject !== undefined) await field(page, "Subject (optional)").fill(fields.subject);
  if (fields.message !== undefined) await field(page, "Message").fill(fields.message);
}

const send = (page: Page) => page.getByRole("button", { name: "Send Message" }).click();

/** Messages stored with this text, read from the server's own database file. */
function storedWith(text: string): number {
  const db = new Database(`${E2E_TMP}/app.db`, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT count(*) AS n FROM contact_messages WHERE message LIKE ?").get(`%${text}%`) as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/** Mail in the outbox that carries this text. */
function mailedWith(text: string): number {
  if (!fs.existsSync(OUTBOX)) return 0;
  return fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith(".json"))
    .filter((f) => fs.readFileSync(path.join(OUTBOX, f), "utf8").includes(text)).length;
}

/** Waits, among the mails to the team's address, for the one that carries `text`. */
async function waitForContactMail(text: string) {
  for (let n = 1; n <= 50; n++) {
    const mail = await waitForMail(CONTACT_EMAIL, n);
    if (mail.text.includes(text)) return mail as typeof mail & { replyTo?: string };
  }
  throw new Error(`no contact mail with ${text}`);
}

test("contact: a message is sent, 'Message Sent!' shows, the form is cleared and the team gets the mail", async ({
  page,
}) => {
  await page.goto("/contact");
  const servedAt = Date.now();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expectPageMeta(page, "/contact");
  await expectAccessible(page);

  const text = marker();
  const email = `parent-${marker()}@example.com`;
  await fill(page, { name: "Sam Parent", email, subject: "Homework help", message: `Hello! ${text}` });
  // A person takes a few seconds at least; the form refuses anything sooner: sent once the form is that old.
  await expect.poll(() => Date.now() - servedAt, { intervals: [100] }).toBeGreaterThan(MIN_FILL_MS + 300);
  await send(page);

  await expect(flash(page)).toContainText("Message Sent!");
  for (const label of ["Name", "Email", "Subject (optional)", "Message"]) {
    await expect(field(page, label)).toHaveValue("");
  }
  await expect(page).toHaveURL(/\/contact$/);

  const mail = await waitForContactMail(text);
  expect(mail.subject).toBe("[Maths Sprint contact] Homework help");
  expect(mail.text).toContain(`From: Sam Parent <${email}>`);
  expect(mail.replyTo).toBe(email);
  expect(storedWith(text)).toBe(1);
});

test("contact: an incomplete form gets the exact messages, keeps what was typed, and stays accessible", async ({
  page,
}) => {
  await page.goto("/contact");
  await fill(page, { name: "", email: "not-an-address", subject: "Kept subject", message: "" });
  await send(page);

  await expect(errorSummary(page).getByRole("listitem")).toHaveText([
    "Please fill in all required fields",
    "Enter your name",
    "Enter an email address like name@example.com",
    "Enter your message",
  ]);
  await expect(page.locator("#contact-name-error")).toHaveText("Enter your name");
  await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Email")).toHaveValue("not-an-address");
  await expect(field(page, "Subject (optional)")).toHaveValue("Kept subject");
  await expectAccessible(page);
});

test("contact: a filled-in honeypot is refused, and nothing is stored or mailed", async ({ page }) => {
  await page.goto("/contact");
  const text = marker();
  await fill(page, { name: "Spam Bot", email: "bot@example.com", message: `Buy now ${text}` });
  // Hidden from people and screen readers; only a program fills it in.
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toBeHidden();
  await honeypot.evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
  await send(page);

  await expect(errorSummary(page)).toContainText(
    "Your message looked automated, so it was not sent. Please refresh the page and try again.",
  );
  expect(storedWith(text)).toBe(0);
  expect(mailedWith(text)).toBe(0);
});

test("contact: a message sent faster than a person could write it is refused, with the input kept", async ({
  page,
}) => {
  await page.goto("/contact");
  const text = marker();
  await fill(page, { name: "Quick Fingers", email: "quick@example.com", message: `Too quick ${text}` });
  await send(page);

  await expect(errorSummary(page)).toContainText(
    "That was very quick! Please check your message, then press Send Message again.",
  );
  await expect(field(page, "Message")).toHaveValue(`Too quick ${text}`);
  await expectAccessible(page);
  expect(storedWith(text)).toBe(0);
  expect(mailedWith(text)).toBe(0);
});
