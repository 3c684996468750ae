import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig, type BotCheckConfig } from "~/config.server";
import { parseContact } from "~/forms/contact.server";
import {
  HONEYPOT_FIELD,
  MAX_STAMP_AGE_MS,
  MIN_FILL_MS,
  RECAPTCHA_MIN_SCORE,
  STAMP_FIELD,
  VERIFY_URLS,
  botCheckWidget,
  checkBotSignals,
  checkFormStamp,
  honeypotInputProps,
  MAX_SPENT,
  forgetSpentStamps,
  issueFormStamp,
  spendFormStamp,
  stampToCarry,
  unspendFormStamp,
  verifyBotToken,
} from "~/limits/bot-check.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES as M } from "~/utils/contact-messages";
import { botCheckSources, securityHeaders } from "../../../server/security-headers";

const parse = (fields: Record<string, string> | string) => parseContact(new URLSearchParams(fields));
const GOOD = { name: "Ann Teacher", email: "ann@school.example", subject: "Our class", message: "Hello!\nWe love it." };

describe("the contact form's fields (the server's schema)", () => {
  it("takes name, email, subject and message, trimmed; one-line fields lose line breaks, the message keeps them", () => {
    expect(
      parse({
        name: "  Ann \n Teacher ",
        email: " ann@school.example ",
        subject: "Our\r\nclass ",
        message: " Hi\r\nthere ",
      }),
    ).toMatchObject({
      ok: true,
      value: { name: "Ann Teacher", email: "ann@school.example", subject: "Our class", message: "Hi\nthere" },
    });
  });

  it("takes the subject as optional", () => {
    expect(parse({ ...GOOD, subject: "" })).toMatchObject({ ok: true, value: { subject: "" } });
    const { subject: _, ...withoutSubject } = GOOD;
    expect(parse(withoutSubject)).toMatchObject({ ok: true, value: { subject: "" } });
  });

  it("refuses an empty form with the one form-wide message first, a message per required field, and the input kept", () => {
    const parsed = parse({ name: "", email: "  ", subject: "Kept", message: "" });
    if (parsed.ok) throw new Error("expected a refusal");
    expect(parsed.result.error).toEqual({
      "": [M.required],
      name: [M.nameRequired],
      email: [M.emailRequired],
      message: [M.messageRequired],
    });
    // The error summary lists the form-wide message before the fields'.
    expect(Object.keys(parsed.result.error ?? {})[0]).toBe("");
    expect(M.required).toBe("Please fill in all required fields");
    expect(parsed.result.initialValue).toMatchObject({ subject: "Kept" });
  });

  it("asks for the missing fields only, and for them when a post leaves them out altogether", () => {
    const parsed = parse({ name: "Ann", email: "ann@school.example" });
    if (parsed.ok) throw new Error("expected a refusal");
    expect(parsed.result.error).toEqual({ "": [M.required], message: [M.messageRequired] });
    expect(parse({})).toMatchObject({ ok: false, result: { error: { "": [M.required] } } });
  });

  it("checks the email's shape", () => {
    for (const email of ["ann", "ann@", "@school.example", "ann@school", "ann school@x.example"]) {
      expect(parse({ ...GOOD, email }), email).toMatchObject({
        ok: false,
        result: { error: { email: [M.emailInvalid] } },
      });
    }
  });

  it("allows each field up to its limit and no further, with a clear message", () => {
    const at = (n: number) => "a".repeat(n);
    const email = (n: number) => `${at(n - "@school.example".length)}@school.example`;
    expect(
      parse({
        name: at(CONTACT_LIMITS.name),
        email: email(CONTACT_LIMITS.email),
        subject: at(CONTACT_LIMITS.subject),
        message: at(CONTACT_LIMITS.message),
      }).ok,
    ).toBe(true);
    const parsed = parse({
      name: at(CONTACT_LIMITS.name + 1),
      email: email(CONTACT_LIMITS.email + 1),
      subject: at(CONTACT_LIMITS.subject + 1),
      message: at(CONTACT_LIMITS.message + 1),
    });
    if (parsed.ok) throw new Error("expected a refusal");
    expect(parsed.result.error).toEqual({
      name: [M.nameTooLong],
      email: [M.emailTooLong],
      subject: [M.subjectTooLong],
      message: [M.messageTooLong],
    });
    expect([M.nameTooLong, M.emailTooLong, M.subjectTooLong, M.messageTooLong]).toEqual([
      "Your name must be 100 characters or fewer",
      "Your email address must be 254 characters or fewer",
      "The subject must be 150 characters or fewer",
      "Your message must be 5000 characters or fewer",
    ]);
  });

  it("answers malformed posts (a field sent twice, odd bytes, no fields) with messages, never by throwing", () => {
    expect(parse("name=a&name=b&email=ann%40school.example&message=hi")).toMatchObject({
      ok: false,
      result: { error: { name: [M.nameRequired] } },
    });
    expect(() => parse("name=%ZZ&email=%&message=%00%FF")).not.toThrow();
    expect(parse("&&&=").ok).toBe(false);
  });
});

describe("the signed form stamp", () => {
  const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const A = "203.0.113.5";

  it("is good from a few seconds after the form was served until a day later", () => {
    const stamp = issueFormStamp(A, T0);
    expect(checkFormStamp(stamp, A, T0 + MIN_FILL_MS)).toEqual({ ok: true });
    expect(checkFormStamp(stamp, A, T0 + MAX_STAMP_AGE_MS)).toEqual({ ok: true });
    expect(MIN_FILL_MS).toBe(3_000);
    expect(MAX_STAMP_AGE_MS).toBe(86_400_000);
  });

  it("refuses a post sooner than that as too fast, and a day-old form as expired", () => {
    const stamp = issueFormStamp(A, T0);
    expect(checkFormStamp(stamp, A, T0)).toEqual({ ok: false, reason: "too-fast" });
    expect(checkFormStamp(stamp, A, T0 + MIN_FILL_MS - 1)).toEqual({ ok: false, reason: "too-fast" });
    expect(checkFormStamp(stamp, A, T0 + MAX_STAMP_AGE_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("is good only from the address it was served to (no address is one address too)", () => {
    const later = T0 + 10_000;
    expect(checkFormStamp(issueFormStamp(A, T0), "203.0.113.6", later)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFormStamp(issueFormStamp(A, T0), null, later)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFormStamp(issueFormStamp(null, T0), null, later)).toEqual({ ok: true });
  });

  it("refuses a stamp that is missing, malformed, or whose time, nonce or signature was changed", () => {
    const stamp = issueFormStamp(A, T0);
    const [time, nonce, signature] = stamp.split(".") as [string, string, string];
    const later = T0 + 10_000;
    const flip = (text: string) => (text.startsWith("A") ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    for (const changed of [
      `${Number(time) - 60_000}.${nonce}.${signature}`,
      `${time}.${flip(nonce)}.${signature}`,
      `${time}.${nonce}.${flip(signature)}`,
    ]) {
      expect(checkFormStamp(changed, A, later), changed).toEqual({ ok: false, reason: "invalid" });
    }
    for (const bad of [null, undefined, "", "abc", `${time}.${signature}`, `${time}.${nonce}.`, `${stamp}.x`, 42]) {
      expect(checkFormStamp(bad, A, later), String(bad)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("is spent once: then refused until it would have expired anyway; given back, it is good again", () => {
    const stamp = issueFormStamp(A, T0);
    expect(spendFormStamp(stamp, T0 + 5_000)).toBe(true);
    expect(spendFormStamp(stamp, T0 + 6_000)).toBe(false);
    expect(checkFormStamp(stamp, A, T0 + 6_000)).toEqual({ ok: false, reason: "spent" });
    expect(checkFormStamp(stamp, A, T0 + MAX_STAMP_AGE_MS + 1)).toEqual({ ok: false, reason: "expired" });
    unspendFormStamp(stamp);
    expect(checkFormStamp(stamp, A, T0 + 6_000)).toEqual({ ok: true });
  });

  it("keeps at most MAX_SPENT spent stamps, dropping the expired first", () => {
    forgetSpentStamps();
    const old = issueFormStamp(A, T0);
    spendFormStamp(old, T0 + 5_000);
    const now = T0 + MAX_STAMP_AGE_MS + 60_000;
    const recent = Array.from({ length: MAX_SPENT - 1 }, (_, i) => `${now - 10_000}.${String(i).padStart(12, "0")}.x`);
    for (const stamp of recent) expect(spendFormStamp(stamp, now)).toBe(true);
    // Full: the expired one makes room, the recent ones stay spent.
    expect(spendFormStamp(issueFormStamp(A, now - 10_000), now)).toBe(true);
    expect(spendFormStamp(recent[0]!, now)).toBe(false);
    expect(spendFormStamp(recent.at(-1)!, now)).toBe(false);
    forgetSpentStamps();
  });

  it("stays with a refused form while it is good (even too fast), and is replaced when it is not", () => {
    const stamp = issueFormStamp(A, T0);
    const form = (value: string) => new URLSearchParams({ [STAMP_FIELD]: value });
    expect(stampToCarry(form(stamp), A, T0 + 1_000)).toBe(stamp);
    expect(stampToCarry(form(stamp), A, T0 + 60_000)).toBe(stamp);
    for (const [address, at] of [
      [A, T0 + MAX_STAMP_AGE_MS + 1],
      ["198.51.100.9", T0 + 60_000],
    ] as const) {
      const renewed = stampToCarry(form(stamp), address, at);
      expect(renewed).not.toBe(stamp);
      expect(checkFormStamp(renewed, address, at + MIN_FILL_MS)).toEqual({ ok: true });
    }
    expect(checkFormStamp(stampToCarry(form("forged.stamp"), A, T0), A, T0 + MIN_FILL_MS)).toEqual({ ok: true });
    const spent = issueFormStamp(A, T0);
    spendFormStamp(spent, T0 + 5_000);
    expect(stampToCarry(form(spent), A, T0 + 6_000)).not.toBe(spent);
  });
});

describe("the honeypot", () => {
  const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const A = "203.0.113.5";
  const post = (fields: Record<string, string>) =>
    new URLSearchParams({ ...GOOD, [STAMP_FIELD]: issueFormStamp(A, T0), ...fields });

  it("gives the page one plain hidden field (the signed stamp does the timing, on every machine alike)", () => {
    expect(honeypotInputProps()).toMatchObject({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: null });
  });

  it("lets a person's post through: the field present and empty, the stamp good", () => {
    expect(checkBotSignals(post({ [HONEYPOT_FIELD]: "" }), A, T0 + 5_000)).toEqual({ ok: true });
  });

  it("catches a program that fills it in, or leaves it out", () => {
    expect(checkBotSignals(post({ [HONEYPOT_FIELD]: "https://spam.example" }), A, T0 + 5_000)).toEqual({
      ok: false,
      reason: "honeypot",
    });
    expect(checkBotSignals(post({}), A, T0 + 5_000)).toEqual({ ok: false, reason: "honeypot" });
  });

  it("then checks the stamp", () => {
    expect(checkBotSignals(post({ [HONEYPOT_FIELD]: "" }), A, T0 + 1_000)).toEqual({ ok: false, reason: "too-fast" });
    const noStamp = post({ [HONEYPOT_FIELD]: "" });
    noStamp.delete(STAMP_FIELD);
    expect(checkBotSignals(noStamp, A, T0 + 5_000)).toEqual({ ok: false, reason: "invalid" });
  });
});

/** A stand-in for the provider's verify endpoint: records each request and answers as told. */
function provider(answer: () => Response | Promise<Response>) {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: new URLSearchParams(init?.body as URLSearchParams) });
    return answer();
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

describe("a configured provider's check, verified on the server", () => {
  const turnstile: BotCheckConfig = { kind: "turnstile", siteKey: "site-t", secretKey: "secret-t" };
  const recaptcha: BotCheckConfig = { kind: "recaptcha", siteKey: "site-r", secretKey: "secret-r" };

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("is not asked when no provider is configured", async () => {
    const { fetchFn } = provider(json({ success: false }));
    expect(await verifyBotToken({ kind: "none" }, null, "203.0.113.9", fetchFn)).toEqual({ ok: true });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("gives the page the kind and site key only, never the secret", () => {
    expect(botCheckWidget(turnstile)).toEqual({ kind: "turnstile", siteKey: "site-t" });
    expect(botCheckWidget({ kind: "none" })).toEqual({ kind: "none" });
  });

  it("Turnstile: posts the secret, the token and the visitor's address to Cloudflare, and passes a person", async () => {
    const { fetchFn, calls } = provider(json({ success: true, action: "contact_form", hostname: "localhost" }));
    expect(await verifyBotToken(turnstile, "tok-1", "203.0.113.9", fetchFn)).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(VERIFY_URLS.turnstile);
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      secret: "secret-t",
      response: "tok-1",
      remoteip: "203.0.113.9",
    });
  });

  it("a missing token means the check could not be made, and the provider is not asked", async () => {
    const { fetchFn } = provider(json({ success: true }));
    expect(await verifyBotToken(turnstile, null, null, fetchFn)).toEqual({ ok: false, reason: "unavailable" });
    expect(await verifyBotToken(turnstile, "", null, fetchFn)).toEqual({ ok: false, reason: "unavailable" });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("a token the provider refuses, for another action, or absurdly long, fails", async () => {
    expect(
      await verifyBotToken(
        turnstile,
        "t",
        null,
        provider(json({ success: false, "error-codes": ["invalid-input-response"] })).fetchFn,
      ),
    ).toEqual({ ok: false, reason: "failed" });
    expect(
      await verifyBotToken(turnstile, "t", null, provider(json({ success: true, action: "login" })).fetchFn),
    ).toEqual({ ok: false, reason: "failed" });
    const { fetchFn } = provider(json({ success: true }));
    expect(await verifyBotToken(turnstile, "x".repeat(5000), null, fetchFn)).toEqual({ ok: false, reason: "failed" });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("a provider that is down, answers with an error status or with no JSON is 'unavailable'", async () => {
    const down = provider(() => Promise.reject(new TypeError("fetch failed")));
    expect(await verifyBotToken(turnstile, "t", null, down.fetchFn)).toEqual({ ok: false, reason: "unavailable" });
    const erroring = provider(json({ success: true }, 500));
    expect(await verifyBotToken(turnstile, "t", null, erroring.fetchFn)).toEqual({ ok: false, reason: "unavailable" });
    const garbled = provider(() => new Response("<html>", { status: 200 }));
    expect(await verifyBotToken(turnstile, "t", null, garbled.fetchFn)).toEqual({ ok: false, reason: "unavailable" });
  });

  it("reCAPTCHA v3: passes a person's score for the form's action, fails a low score or another action", async () => {
    const person = provider(json({ success: true, action: "contact_form", score: 0.9 }));
    expect(await verifyBotToken(recaptcha, "r", null, person.fetchFn)).toEqual({ ok: true });
    expect(person.calls[0]!.url).toBe(VERIFY_URLS.recaptcha);
    expect(Object.fromEntries(person.calls[0]!.body)).toEqual({ secret: "secret-r", response: "r" });
    for (const answer of [
      { success: true, action: "contact_form", score: RECAPTCHA_MIN_SCORE - 0.1 },
      { success: true, action: "contact_form" },
      { success: true, action: "signup", score: 0.9 },
      { success: true, score: 0.9 },
    ]) {
      expect(
        await verifyBotToken(recaptcha, "r", null, provider(json(answer)).fetchFn),
        JSON.stringify(answer),
      ).toEqual({
        ok: false,
        reason: "failed",
      });
    }
  });
});

describe("the content security policy and the bot check", () => {
  function cspFor(env: Record<string, string>) {
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
    securityHeaders({ dev: false, config: parseConfig(env) }).run({} as never, res as never, () => {});
    return headers["Content-Security-Policy"]!;
  }

  it("allows no third-party host by default", () => {
    const csp = cspFor({});
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'; /);
    expect(csp).not.toContain("https://");
    expect(csp).not.toContain("frame-src");
    expect(botCheckSources({ kind: "none" }).script).toEqual([]);
  });

  it("opens scripts and frames to the configured provider only", () => {
    const turnstile = cspFor({ TURNSTILE_SITE_KEY: "k", TURNSTILE_SECRET_KEY: "s" });
    expect(turnstile).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com;/);
    expect(turnstile).toContain("frame-src https://challenges.cloudflare.com;");
    expect(turnstile).not.toContain("google");
    const recaptcha = cspFor({ RECAPTCHA_SITE_KEY: "k", RECAPTCHA_SECRET_KEY: "s" });
    expect(recaptcha).toContain("https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(recaptcha).toContain("frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
    expect(recaptcha).not.toContain("cloudflare");
  });
});
