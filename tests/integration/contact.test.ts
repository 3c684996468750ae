import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testSmtpServer } from "./smtp-test-server";

/*
 * /contact's action against a real SQLite file and a real SMTP server (the smtp-server package on a local port),
 * so storing, mailing and their order are the real thing: the SMTP server looks in the database for the message
 * at the moment the mail arrives.
 */

type Stored = { id: number; name: string; email: string; subject: string; message: string; mailed_at: number | null };

// Each mail notes what was stored at the moment it arrived.
const smtp = testSmtpServer(() => ({ storedWhenMailed: rows() }));
const received = smtp.received;

let route: typeof import("~/routes/site/contact");
let bot: typeof import("~/limits/bot-check.server");
let limits: typeof import("~/limits/rate-limit.server");
let dbClient: typeof import("~/db/client.server");
let M: typeof import("~/utils/contact-messages").CONTACT_MESSAGES;

beforeAll(async () => {
  // The app reads its configuration once, when first imported: set the mail settings first.
  process.env.SMTP_URL = await smtp.listen();
  process.env.CONTACT_EMAIL = "team@mathssprint.example";
  route = await import("~/routes/site/contact");
  bot = await import("~/limits/bot-check.server");
  limits = await import("~/limits/rate-limit.server");
  dbClient = await import("~/db/client.server");
  M = (await import("~/utils/contact-messages")).CONTACT_MESSAGES;
});

afterAll(async () => {
  await smtp.close();
});

beforeEach(() => {
  limits.resetLimits();
  smtp.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function rows(): Stored[] {
  return dbClient.db.$client.prepare("SELECT * FROM contact_messages ORDER BY id").all() as Stored[];
}
const storedWith = (text: string) => rows().filter((row) => row.message.includes(text));

/** Where post() sends from unless told. */
const ADDRESS = "203.0.113.10";

let sequence = 0;
/**
 * A person's message: the fields, an empty honeypot and a stamp from a form served 10 seconds ago to `address`
 * (post()'s own unless told).
 */
function message(overrides: Record<string, string> = {}, address = ADDRESS) {
  sequence += 1;
  return {
    name: "Ann Teacher",
    email: `teacher${sequence}@school.example`,
    subject: "Our class",
    message: `Message ${sequence}-${Math.random().toString(36).slice(2)}`,
    website: "",
    formStamp: bot.issueFormStamp(address, Date.now() - 10_000),
    ...overrides,
  };
}

type Reply = {
  status: number;
  location?: string | null;
  cookie?: string | null;
  retryAfter?: string | null;
  data?: unknown;
};

async function post(fields: Record<string, string>, address = ADDRESS): Promise<Reply> {
  const request = new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result: unknown = await route.action({ request, params: {}, context: { clientAddress: address } });
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      cookie: result.headers.get("Set-Cookie"),
    };
  }
  const { data, init } = result as { data: unknown; init: { status?: number; headers?: HeadersInit } | null };
  return { status: init?.status ?? 200, data, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

const formErrors = (reply: Reply) =>
  (reply.data as { result: { error?: Record<string, string[]> } }).result.error?.[""] ?? [];

describe("sending a message", () => {
  it("stores it before mailing it to the team, marks it mailed, and goes back to the empty form with 'Message Sent!'", async () => {
    const sent = message({ subject: "Our class of 30" });
    const reply = await post(sent);

    expect(reply).toMatchObject({ status: 302, location: "/contact" });
    expect(reply.cookie).toMatch(/^__flash=/);

    const [stored] = storedWith(sent.message);
    expect(stored).toMatchObject({ name: "Ann Teacher", email: sent.email, subject: "Our class of 30" });
    expect(stored!.mailed_at).toEqual(expect.any(Number));

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["team@mathssprint.example"]);
    expect(received[0]!.data).toContain(`Reply-To: ${sent.email}`);
    expect(received[0]!.data).toContain("Subject: [Maths Sprint contact] Our class of 30");
    expect(received[0]!.data).toContain(sent.message);
    // When the mail arrived, the message was already stored (and not yet marked mailed).
    const atMailTime = received[0]!.storedWhenMailed.filter((row) => row.message === sent.message);
    expect(atMailTime).toEqual([expect.objectContaining({ id: stored!.id, mailed_at: null })]);
  });

  it("keeps the message when the mail fails: stored, not marked mailed, logged, and the visitor is still told it was sent", async () => {
    smtp.state.rejecting = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const sent = message();
    const reply = await post(sent);

    expect(reply).toMatchObject({ status: 302, location: "/contact" });
    expect(storedWith(sent.message)).toEqual([expect.objectContaining({ mailed_at: null })]);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/is stored but could not be mailed/), expect.anything());
    expect(received).toHaveLength(0);
  });

  it("mails nothing when the message cannot be stored, and tells the visitor to write to the contact address", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const sqlite = dbClient.db.$client;
    sqlite.exec(
      "CREATE TRIGGER refuse_contact BEFORE INSERT ON contact_messages BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    try {
      const sent = message();
      const reply = await post(sent);
      expect(reply.status).toBe(503);
      expect(formErrors(reply)).toEqual([
        "There was an error sending your message. Please try again or email us directly at team@mathssprint.example",
      ]);
      // What was typed comes back, so nothing is lost.
      expect(reply.data).toMatchObject({ result: { initialValue: { message: sent.message, email: sent.email } } });
      expect(storedWith(sent.message)).toEqual([]);
      expect(received).toHaveLength(0);
      expect(logged).toHaveBeenCalledWith("Could not store a contact message:", expect.stringMatching(/disk full/));
    } finally {
      sqlite.exec("DROP TRIGGER refuse_contact");
    }
  });
});

describe("refusals store and send nothing", () => {
  it("an incomplete form: 400, the one form-wide message, a message per field, the input kept", async () => {
    const sent = message({ name: "", message: "" });
    const reply = await post(sent);
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({
      result: {
        error: { "": ["Please fill in all required fields"], name: [M.nameRequired], message: [M.messageRequired] },
        initialValue: { email: sent.email, subject: "Our class" },
      },
      // The form carries on with the stamp it came with.
      stamp: sent.formStamp,
    });
    expect(rows().filter((row) => row.email === sent.email)).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it("a filled-in honeypot, a missing one, a post sooner than a person could write, a forged or old stamp", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ website: "https://spam.example" }, M.automated],
      [{ formStamp: bot.issueFormStamp(ADDRESS, Date.now() - 500) }, M.tooFast],
      [{ formStamp: `${Date.now() - 10_000}.forged` }, M.expired],
      [{ formStamp: bot.issueFormStamp(ADDRESS, Date.now() - bot.MAX_STAMP_AGE_MS - 60_000) }, M.expired],
    ];
    for (const [overrides, text] of cases) {
      const sent = message(overrides);
      const reply = await post(sent);
      expect(reply.status, text).toBe(400);
      expect(formErrors(reply)).toEqual([text]);
      expect(storedWith(sent.message)).toEqual([]);
    }
    const { website: _, ...noHoneypot } = message();
    expect(formErrors(await post(noHoneypot))).toEqual([M.automated]);
    expect(received).toHaveLength(0);
  });

  it("gives a refused form a stamp it can be sent again with", async () => {
    const old = message({ formStamp: bot.issueFormStamp(ADDRESS, Date.now() - bot.MAX_STAMP_AGE_MS - 60_000) });
    const reply = await post(old);
    const stamp = (reply.data as { stamp: string }).stamp;
    expect(stamp).not.toBe(old.formStamp);
    expect(bot.checkFormStamp(stamp, ADDRESS, Date.now() + bot.MIN_FILL_MS)).toEqual({ ok: true });
  });
});

describe("the stamp: good once, from the address it was served to", () => {
  const A = "203.0.113.40";
  /** The page's stamp as `address` was served it, and the clock 10 seconds on (a person wrote the message). */
  function served(address: string) {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { stamp } = route.loader({ context: { clientAddress: address } });
    vi.setSystemTime(Date.now() + 10_000);
    return stamp;
  }
  const stampOf = (reply: Reply) => (reply.data as { stamp: string }).stamp;

  it("sends one message: the same stamp again is refused with the text kept and a fresh stamp, which sends it", async () => {
    expect(M.alreadySent).toBe("This message has already been sent. To send it again, press Send Message again.");
    const stamp = served(A);
    expect((await post(message({ formStamp: stamp }), A)).status).toBe(302);
    const again = message({ formStamp: stamp });
    const reply = await post(again, A);
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual([M.alreadySent]);
    expect(reply.data).toMatchObject({ result: { initialValue: { message: again.message } } });
    expect(stampOf(reply)).not.toBe(stamp);
    expect(storedWith(again.message)).toEqual([]);
    expect(received).toHaveLength(1);
    // The visitor presses Send again a few seconds later: the fresh stamp sends it.
    vi.setSystemTime(Date.now() + 5_000);
    expect((await post({ ...again, formStamp: stampOf(reply) }, A)).status).toBe(302);
    expect(storedWith(again.message)).toHaveLength(1);
  });

  it("is refused from any other address; a visitor whose address changed mid-form sends again", async () => {
    const stamp = served(A);
    for (let i = 0; i < 10; i++) {
      const sent = message({ formStamp: stamp });
      const reply = await post(sent, `192.0.2.${100 + i}`);
      expect(reply.status).toBe(400);
      expect(formErrors(reply)).toEqual([M.expired]);
    }
    expect(received).toHaveLength(0);
    // A phone that moved from wifi to 4G: the refusal's stamp is for its new address.
    const moved = message({ formStamp: served(A) });
    const reply = await post(moved, "198.51.100.40");
    expect(formErrors(reply)).toEqual([M.expired]);
    expect(reply.data).toMatchObject({ result: { initialValue: { message: moved.message } } });
    vi.setSystemTime(Date.now() + 5_000);
    expect((await post({ ...moved, formStamp: stampOf(reply) }, "198.51.100.40")).status).toBe(302);
    expect(received).toHaveLength(1);
  });

  it("two posts of one stamp at the same moment: one message is stored", async () => {
    const stamp = served(A);
    const [first, second] = [message({ formStamp: stamp }), message({ formStamp: stamp })];
    const replies = await Promise.all([post(first, A), post(second, A)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([302, 400]);
    // A double press of Send: the second is told the message went.
    expect(replies.flatMap((reply) => (reply.status === 400 ? formErrors(reply) : []))).toEqual([M.alreadySent]);
    expect([...storedWith(first.message), ...storedWith(second.message)]).toHaveLength(1);
  });
});

describe("the contact limits (the one rate limiter)", () => {
  it("5 messages per address in 10 minutes, then 429 with a clear message and Retry-After; nothing stored", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 0));
    for (let i = 0; i < 5; i++) expect((await post(message({}, "198.51.100.7"), "198.51.100.7")).status).toBe(302);
    const sixth = message({}, "198.51.100.7");
    const reply = await post(sixth, "198.51.100.7");
    expect(reply.status).toBe(429);
    expect(formErrors(reply)).toEqual([
      "You have sent several messages in a short time. Please wait a few minutes and try again.",
    ]);
    expect(Number(reply.retryAfter)).toBeGreaterThan(0);
    expect(storedWith(sixth.message)).toEqual([]);
    expect(received).toHaveLength(5);
    // Another address is not held up; the same one may send again once the window has passed.
    expect((await post(message({}, "198.51.100.8"), "198.51.100.8")).status).toBe(302);
    vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 20, 0));
    expect((await post(message({}, "198.51.100.7"), "198.51.100.7")).status).toBe(302);
  });

  it("3 messages per sender's email address in an hour, whatever the address they come from", async () => {
    const email = "Same.Sender@school.example";
    for (let i = 0; i < 3; i++) {
      expect((await post(message({ email }, `192.0.2.${i}`), `192.0.2.${i}`)).status).toBe(302);
    }
    const reply = await post(message({ email: email.toLowerCase() }, "192.0.2.99"), "192.0.2.99");
    expect(reply.status).toBe(429);
    expect(rows().filter((row) => row.email.toLowerCase() === email.toLowerCase())).toHaveLength(3);
  });

  it("counts only messages that passed every other check", async () => {
    for (let i = 0; i < 10; i++) await post(message({ website: "spam" }, "198.51.100.50"), "198.51.100.50");
    expect((await post(message({}, "198.51.100.50"), "198.51.100.50")).status).toBe(302);
  });
});

describe("the page's loader", () => {
  it("gives a fresh signed stamp, the honeypot's field, no provider by default, and never a secret", async () => {
    const loaded = route.loader({ context: { clientAddress: ADDRESS } });
    expect(bot.checkFormStamp(loaded.stamp, ADDRESS, Date.now() + bot.MIN_FILL_MS)).toEqual({ ok: true });
    expect(loaded).toMatchObject({
      honeypot: { nameFieldName: "website", validFromFieldName: null },
      botCheck: { kind: "none" },
      contactEmail: "team@mathssprint.example",
    });
  });
});
