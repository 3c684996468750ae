import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { sessionCookie } from "~/auth/session.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertMemberSession } from "~/models/sessions.server";
import { createMember } from "~/models/users.server";
import * as settings from "~/routes/account/settings";
import * as auth from "~/routes/auth/auth";
import { formRequest, outcome, type Outcome } from "./route-call";

/*
 * Wrong passwords on /auth and /settings slow down the address that sends them, never the account for everyone
 * (docs/decisions/0038-logins-a-right-code-opens.md): a right password always opens. The admin form: admin.test.ts.
 */

const PASSWORD = "a good password";
const WAIT = "Too many attempts. Please wait a few minutes and try again.";
const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);
let passwordHash: string;
let n = 0;

function member() {
  n += 1;
  const email = `limits${n}@example.org`;
  const made = createMember({ email, phone: null, passwordHash, username: `Limits ${n}`, emailVerified: true });
  if (!made.ok) throw new Error(made.taken);
  return { id: made.id, email };
}

const signIn = (email: string, password: string, from: string) =>
  outcome(() =>
    auth.action({
      request: formRequest("http://x/auth", { body: { email, password } }),
      params: {},
      context: { clientAddress: from },
    } as never),
  );

async function changePassword(userId: string, currentPassword: string, from: string) {
  n += 1;
  const id = `limits-session-${n}`;
  insertMemberSession({ id, userId, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  const cookie = (await sessionCookie.serialize(id)).split(";")[0]!;
  const body = { intent: "password", currentPassword, password: PASSWORD, confirmPassword: PASSWORD };
  return outcome(() =>
    settings.action({
      request: formRequest("http://x/settings", { body, cookie }),
      params: {},
      context: { clientAddress: from },
    } as never),
  );
}

const formErrors = (o: Outcome) => (o.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};

beforeEach(async () => {
  resetLimits();
  passwordHash ??= await hashPassword(PASSWORD);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("sign-in on /auth", () => {
  it("10 wrong passwords from one address: the right one opens from another at once, and there after a minute", async () => {
    const { email } = member();
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(email, `wrong ${i}`, "198.51.100.1")).status);
    expect((await signIn(email, PASSWORD, "192.0.2.1")).status).toBe(302);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const waiting = await signIn(email, PASSWORD, "198.51.100.1");
    expect(waiting.status).toBe(429);
    expect(formErrors(waiting)).toEqual({ "": [WAIT] });
    expect(waiting.headers?.get("Retry-After")).toBe("60");
    vi.setSystemTime(T0 + 60_000);
    expect((await signIn(email, PASSWORD, "198.51.100.1")).status).toBe(302);
  });

  it("an address trying many accounts: 120 wrong passwords in ten minutes, then it waits for every account", async () => {
    const accounts = Array.from({ length: 30 }, () => member());
    const from = "198.51.100.2";
    for (let i = 0; i < 120; i++)
      expect((await signIn(accounts[i % 30]!.email, "wrong password", from)).status).toBe(401);
    const o = await signIn(accounts[0]!.email, PASSWORD, from);
    expect(o.status).toBe(429);
    expect(Number(o.headers?.get("Retry-After"))).toBeGreaterThan(0);
    expect((await signIn(accounts[0]!.email, PASSWORD, "192.0.2.2")).status).toBe(302);
  }, 60_000);

  it("right passwords are not counted: a household signing in all day never waits", async () => {
    const { email } = member();
    for (let i = 0; i < 125; i++) expect((await signIn(email, PASSWORD, "192.0.2.3")).status).toBe(302);
  }, 60_000);
});

describe("the current password on /settings", () => {
  it("5 wrong from one address, then a wait there only; a right one forgets them", async () => {
    const { id } = member();
    for (let i = 0; i < 5; i++) expect((await changePassword(id, "wrong", "198.51.100.4")).status).toBe(400);
    const o = await changePassword(id, PASSWORD, "198.51.100.4");
    expect(o.status).toBe(429);
    expect(o.headers?.get("Retry-After")).toBe("60");
    expect((await changePassword(id, PASSWORD, "192.0.2.4")).status).toBe(302);
    vi.setSystemTime(T0 + 60_000);
    expect((await changePassword(id, PASSWORD, "198.51.100.4")).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await changePassword(id, "wrong", "198.51.100.4")).status).toBe(400);
  });
});
