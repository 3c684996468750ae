import { describe, expect, it, vi } from "vitest";
import { OAuth2RequestError, UnexpectedErrorResponseBodyError } from "remix-auth-oauth2";

// Google configured, its token endpoint a port nobody listens on (a provider that is down); Facebook not.
vi.hoisted(() => {
  process.env.GOOGLE_CLIENT_ID = "test-google";
  process.env.GOOGLE_CLIENT_SECRET = "test-google-secret";
  process.env.GOOGLE_AUTHORIZE_URL = "http://127.0.0.1:9/authorize";
  process.env.GOOGLE_TOKEN_URL = "http://127.0.0.1:9/token";
  process.env.GOOGLE_USERINFO_URL = "http://127.0.0.1:9/userinfo";
  delete process.env.FACEBOOK_CLIENT_ID;
  delete process.env.FACEBOOK_CLIENT_SECRET;
});

import {
  OAUTH_MESSAGES,
  UserInfoError,
  clearStateCookies,
  configuredProvider,
  finishOAuth,
  identityFrom,
  memberForIdentity,
  oauthFailureMessage,
  startOAuth,
  type OAuthIdentity,
} from "~/auth/oauth.server";
import { parseConfig } from "~/config.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import {
  createMember,
  findMemberByEmail,
  findMemberByOAuth,
  getMemberProfile,
  newMemberAddressKey,
} from "~/models/users.server";
import { addressKeyOf } from "~/utils/signing.server";
import { securityHeaders } from "../../server/security-headers";

let n = 0;
const newName = () => `Brave Heron ${(n += 1)}`;
const sub = () => `sub-${crypto.randomUUID()}`;
const email = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.org`;

function passwordMember(address: string, { verified }: { verified: boolean }) {
  const created = createMember({
    email: address,
    phone: null,
    passwordHash: "$argon2id$not-a-real-hash",
    username: newName(),
    emailVerified: verified,
  });
  if (!created.ok) throw new Error(created.taken);
  return created.id;
}

const google = (identity: Partial<OAuthIdentity>): OAuthIdentity => ({
  provider: "google",
  providerAccountId: sub(),
  email: null,
  emailVerified: false,
  ...identity,
});

describe("which providers answer", () => {
  it("only configured ones, and only ours", () => {
    expect(configuredProvider("google")).toBe("google");
    expect(configuredProvider("facebook")).toBeNull();
    expect(configuredProvider("twitter")).toBeNull();
    expect(configuredProvider(undefined)).toBeNull();
  });
});

describe("the user-info answer", () => {
  it("reads Google's OpenID fields and Facebook's id, the address lower-cased", () => {
    expect(identityFrom("google", { sub: "123", email: " Kid@Example.ORG ", email_verified: true })).toEqual({
      provider: "google",
      providerAccountId: "123",
      email: "kid@example.org",
      emailVerified: true,
    });
    expect(identityFrom("facebook", { id: 987, email: "kid@example.org", name: "Kid" })).toEqual({
      provider: "facebook",
      providerAccountId: "987",
      email: "kid@example.org",
      emailVerified: false,
    });
  });

  it("counts an address as confirmed only when the provider says so, and drops one that is not an address", () => {
    expect(identityFrom("google", { sub: "1", email: "a@b.org", email_verified: false }).emailVerified).toBe(false);
    expect(identityFrom("google", { sub: "1", email: "a@b.org", verified_email: true }).emailVerified).toBe(true);
    expect(identityFrom("google", { sub: "1", email: "not an address", email_verified: true })).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it("refuses an answer without an account id", () => {
    expect(() => identityFrom("google", { email: "a@b.org" })).toThrow(UserInfoError);
    expect(() => identityFrom("google", null)).toThrow(UserInfoError);
    expect(() => identityFrom("google", { sub: "" })).toThrow(UserInfoError);
  });
});

describe("the messages of a failed sign-in", () => {
  it("are the spec's: account settings for a refusal, the provider's text, or the general failure", async () => {
    const check = "Please check your Google account settings and try again.";
    expect(await oauthFailureMessage("google", new OAuth2RequestError("invalid_client", null, null, null))).toBe(check);
    expect(await oauthFailureMessage("google", new OAuth2RequestError("access_denied", "No", null, "s"))).toBe(check);
    expect(
      await oauthFailureMessage("facebook", new UnexpectedErrorResponseBodyError(401, { error: { message: "x" } })),
    ).toBe("Please check your Facebook account settings and try again.");
    expect(await oauthFailureMessage("google", new OAuth2RequestError("server_error", "Busy, sorry", null, null))).toBe(
      "Busy, sorry",
    );
    expect(await oauthFailureMessage("google", new OAuth2RequestError("invalid_grant", null, null, null))).toBe(
      "Failed to sign in with the chosen provider. Please try again.",
    );
    expect(await oauthFailureMessage("google", new RangeError("State in URL doesn't match state in cookie."))).toBe(
      OAUTH_MESSAGES.failed,
    );
    expect(OAUTH_MESSAGES.unavailable).toBe("Authentication service temporarily unavailable. Please try again later.");
  });
});

describe("the member an identity signs in as", () => {
  it("a new member made by a provider counts toward the address group they signed up from for their first days", () => {
    const id = memberForIdentity(google({ email: email("from-home"), emailVerified: true }), newName, "2001:db8:9::5");
    expect(newMemberAddressKey(id, Date.now())).toBe(addressKeyOf("2001:db8:9:0:ffff::1"));
  });

  it("a new identity makes a member without a password; the same identity finds them again", () => {
    const address = email("new");
    const identity = google({ email: address, emailVerified: true });
    const id = memberForIdentity(identity, newName);
    expect(memberForIdentity(identity, newName)).toBe(id);
    expect(findMemberByOAuth("google", identity.providerAccountId)).toBe(id);
    const login = findMemberByEmail(address)!;
    expect(login).toMatchObject({ id, passwordHash: null });
    expect(login.emailVerifiedAt).not.toBeNull();
    expect(getMemberProfile(id)).toMatchObject({ hasPassword: false, username: expect.stringMatching(/^Brave Heron/) });
  });

  it("a confirmed address joins the member who has it", () => {
    const address = email("link");
    const existing = passwordMember(address, { verified: true });
    const identity = google({ email: address, emailVerified: true });
    expect(memberForIdentity(identity, newName)).toBe(existing);
    expect(findMemberByOAuth("google", identity.providerAccountId)).toBe(existing);
  });

  it("an unconfirmed address does not: a new member, without the address", () => {
    const address = email("unverified");
    const existing = passwordMember(address, { verified: true });
    const id = memberForIdentity(google({ email: address, emailVerified: false }), newName);
    expect(id).not.toBe(existing);
    expect(getMemberProfile(id)).toMatchObject({ email: null });
    expect(findMemberByEmail(address)!.id).toBe(existing);
  });

  it("a member whose address was never confirmed is joined, but a password set before stays unusable", () => {
    const address = email("squatted");
    const existing = passwordMember(address, { verified: false });
    expect(memberForIdentity(google({ email: address, emailVerified: true }), newName)).toBe(existing);
    expect(findMemberByEmail(address)!.emailVerifiedAt).toBeNull();

    // Without a password there is nothing to guard: the provider confirms the address.
    const other = email("no-password");
    const first = memberForIdentity(
      { provider: "facebook", providerAccountId: sub(), email: other, emailVerified: false },
      newName,
    );
    expect(findMemberByEmail(other)!.emailVerifiedAt).toBeNull();
    expect(memberForIdentity(google({ email: other, emailVerified: true }), newName)).toBe(first);
    expect(findMemberByEmail(other)!.emailVerifiedAt).not.toBeNull();
  });

  it("an identity without an address makes a member without one", () => {
    const id = memberForIdentity(google({}), newName);
    expect(getMemberProfile(id)).toMatchObject({ email: null, hasPassword: false });
  });
});

describe("the sign-in round trip", () => {
  const site = "http://localhost:3000";

  async function started() {
    const response = await startOAuth("google", new Request(`${site}/auth/google`, { method: "POST" }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    const cookie = response.headers.get("Set-Cookie")!;
    return { location, cookie: cookie.split(";")[0]!, setCookie: cookie };
  }

  it("starts with a redirect to the provider: state, PKCE, scopes and a cookie kept to the provider's paths", async () => {
    const { location, setCookie } = await started();
    expect(location.origin + location.pathname).toBe("http://127.0.0.1:9/authorize");
    expect(location.searchParams.get("client_id")).toBe("test-google");
    expect(location.searchParams.get("redirect_uri")).toBe(`${site}/auth/google/callback`);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(setCookie).toMatch(/^oauth-google:[\w-]+=/);
    expect(setCookie).toMatch(/Path=\/auth\/google/);
    expect(setCookie).toMatch(/HttpOnly/);
  });

  it("ends in a message, never a throw: no state, a forged state, no code, a refusal, a provider that is down", async () => {
    const { location, cookie } = await started();
    const state = location.searchParams.get("state")!;
    const callback = (query: string, withCookie = true) =>
      finishOAuth(
        "google",
        new Request(`${site}/auth/google/callback?${query}`, { headers: withCookie ? { Cookie: cookie } : {} }),
      );
    const failed = { ok: false, message: OAUTH_MESSAGES.failed };

    expect(await callback("code=abc")).toEqual(failed);
    expect(await callback(`code=abc&state=${state}`, false)).toEqual(failed);
    expect(await callback(`code=abc&state=${state}x`)).toEqual(failed);
    expect(await callback(`state=${state}`)).toEqual(failed);
    expect(await callback(`state=${state}&error=access_denied`)).toEqual({
      ok: false,
      message: "Please check your Google account settings and try again.",
    });
    expect(await callback(`state=${state}&error=server_error&error_description=Try+later`)).toEqual({
      ok: false,
      message: "Try later",
    });

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await callback(`code=abc&state=${state}`)).toEqual(failed);
      expect(warn).toHaveBeenCalledWith("OAuth provider error (Google):", expect.stringContaining("Failed to send"));
    } finally {
      warn.mockRestore();
    }
  });

  it("clears this provider's state cookies on the way back", () => {
    const request = new Request(`${site}/auth/google/callback`, {
      headers: { Cookie: "oauth-google:a=1; __session=s; oauth-google:b=2; oauth-facebook:c=3" },
    });
    expect(clearStateCookies("google", request)).toEqual([
      "oauth-google:a=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax",
      "oauth-google:b=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax",
    ]);
  });
});

describe("the start's rate limit", () => {
  it("allows 120 starts per address in 10 minutes", () => {
    for (let i = 0; i < 120; i++) expect(AUTH_LIMITS.oauthStart({ address: "203.0.113.9" }).ok).toBe(true);
    expect(AUTH_LIMITS.oauthStart({ address: "203.0.113.9" })).toMatchObject({
      ok: false,
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    expect(AUTH_LIMITS.oauthStart({ address: "203.0.113.10" }).ok).toBe(true);
  });
});

describe("the content security policy", () => {
  /** Each provider named by its client id; the secret the configuration asks for beside it is filled in. */
  function formAction(named: Record<string, string>) {
    const env = { ...named };
    for (const provider of ["GOOGLE", "FACEBOOK"]) {
      if (env[`${provider}_CLIENT_ID`]) env[`${provider}_CLIENT_SECRET`] = "secret";
    }
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
    securityHeaders({ dev: false, config: parseConfig(env) }).run({} as never, res as never, () => {});
    return /form-action ([^;]+)/.exec(headers["Content-Security-Policy"]!)![1];
  }

  it("lets the sign-in forms' redirect reach each configured provider, and nothing else", () => {
    expect(formAction({})).toBe("'self'");
    expect(formAction({ GOOGLE_CLIENT_ID: "g", FACEBOOK_CLIENT_ID: "f" })).toBe(
      "'self' https://accounts.google.com https://www.facebook.com",
    );
    expect(
      formAction({
        GOOGLE_CLIENT_ID: "g",
        GOOGLE_AUTHORIZE_URL: "http://127.0.0.1:3301/authorize",
        FACEBOOK_CLIENT_ID: "f",
        FACEBOOK_AUTHORIZE_URL: "http://127.0.0.1:3301/authorize",
      }),
    ).toBe("'self' http://127.0.0.1:3301");
  });
});
