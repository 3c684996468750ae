import type { Authenticator } from "remix-auth";
import type * as OAuth2 from "remix-auth-oauth2";
import { config, type OAuthProviderConfig } from "~/config.server";
import {
  createMember,
  findMemberByEmail,
  findMemberByOAuth,
  linkOAuth,
  markEmailVerified,
  type OAuthProvider,
} from "~/models/users.server";

/*
 * Sign-in with Google and Facebook (docs/product.md#google-and-facebook): one remix-auth OAuth2 strategy per
 * configured provider. Each keeps its state and PKCE verifier in a short-lived cookie of its own (remix-auth v4
 * has no session storage); the verify step reads the provider's user-info endpoint and returns who this is.
 */

export type { OAuthProvider };

/** Who the provider says signed in. `emailVerified` only when the provider says the address is confirmed. */
export type OAuthIdentity = {
  provider: OAuthProvider;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
};

const PROVIDERS: Record<OAuthProvider, { name: string; scopes: string[] }> = {
  google: { name: "Google", scopes: ["openid", "email", "profile"] },
  facebook: { name: "Facebook", scopes: ["email", "public_profile"] },
};

/** The spec's messages (docs/product.md#google-and-facebook). */
export const OAUTH_MESSAGES = {
  checkSettings: (providerName: string) => `Please check your ${providerName} account settings and try again.`,
  unavailable: "Authentication service temporarily unavailable. Please try again later.",
  failed: "Failed to sign in with the chosen provider. Please try again.",
} as const;

/** Errors that mean the provider refused this app or this person: the account settings message. */
const REFUSALS = new Set(["invalid_client", "unauthorized_client", "access_denied"]);

/** A provider's error text is shown as it is, but never at any length. */
const MAX_DESCRIPTION = 300;

/** How long a sign-in may take at the provider before its state cookie lapses. */
const STATE_COOKIE_SECONDS = 10 * 60;

/** How long the user-info endpoint gets to answer. */
const USERINFO_TIMEOUT_MS = 10_000;

export function providerName(provider: OAuthProvider): string {
  return PROVIDERS[provider].name;
}

/** The provider a path names, when it is one of ours and configured; otherwise null (the route answers 404). */
export function configuredProvider(param: string | undefined): OAuthProvider | null {
  if (param !== "google" && param !== "facebook") return null;
  return config.oauth[param] ? param : null;
}

/** The user-info endpoint answered with something other than a person. */
export class UserInfoError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "UserInfoError";
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The identity in a user-info answer: OpenID Connect's `sub`, `email` and `email_verified` (Google), or the
 * Graph API's `id` and `email` (Facebook, which does not say whether an address is confirmed, so its addresses
 * count as unconfirmed unless the answer says otherwise).
 */
export function identityFrom(provider: OAuthProvider, body: unknown): OAuthIdentity {
  if (typeof body !== "object" || body === null) throw new UserInfoError("user info is not an object");
  const info = body as Record<string, unknown>;
  const rawId = info.sub ?? info.id;
  const id = typeof rawId === "number" ? String(rawId) : typeof rawId === "string" ? rawId.trim() : "";
  if (!id || id.length > 255) throw new UserInfoError("user info has no account id");
  const rawEmail = typeof info.email === "string" ? info.email.trim().toLowerCase() : "";
  const email = rawEmail.length <= 254 && EMAIL.test(rawEmail) ? rawEmail : null;
  const verified = info.email_verified === true || info.email_verified === "true" || info.verified_email === true;
  return { provider, providerAccountId: id, email, emailVerified: email !== null && verified };
}

async function fetchUserInfo(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new UserInfoError(`user info answered ${response.status}`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new UserInfoError("user info is not JSON", response.status);
  }
}

const cookiePrefix = (provider: OAuthProvider) => `oauth-${provider}`;
const cookiePath = (provider: OAuthProvider) => `/auth/${provider}`;

function strategyFor(
  { OAuth2Strategy }: typeof OAuth2,
  provider: OAuthProvider,
  settings: OAuthProviderConfig,
): OAuth2.OAuth2Strategy<OAuthIdentity> {
  return new OAuth2Strategy<OAuthIdentity>(
    {
      // The strategy names each sign-in's cookie `${name}:${uuid}`; the path keeps it to this provider's two routes.
      cookie: {
        name: cookiePrefix(provider),
        path: cookiePath(provider),
        httpOnly: true,
        sameSite: "Lax",
        ...(config.secureCookies ? { secure: true as const } : {}),
        maxAge: STATE_COOKIE_SECONDS,
      },
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authorizationEndpoint: settings.authorizeUrl,
      tokenEndpoint: settings.tokenUrl,
      redirectURI: `${config.siteUrl}/auth/${provider}/callback`,
      scopes: PROVIDERS[provider].scopes,
    },
    async ({ tokens }) => identityFrom(provider, await fetchUserInfo(settings.userInfoUrl, tokens.accessToken())),
  );
}

/*
 * remix-auth and remix-auth-oauth2 (with arctic and its providers) load with the first sign-in, not when the server
 * starts: most requests never need them. The authenticator and its strategies are made then, once.
 */
let oauth2: Promise<typeof OAuth2> | undefined;
const loadOAuth2 = () => (oauth2 ??= import("remix-auth-oauth2"));

let authenticatorLoaded: Promise<Authenticator<OAuthIdentity>> | undefined;
const loadAuthenticator = () =>
  (authenticatorLoaded ??= Promise.all([import("remix-auth"), loadOAuth2()]).then(([{ Authenticator }, lib]) => {
    const authenticator = new Authenticator<OAuthIdentity>();
    for (const provider of ["google", "facebook"] as const) {
      const settings = config.oauth[provider];
      if (settings) authenticator.use(strategyFor(lib, provider, settings), provider);
    }
    return authenticator;
  }));

/** Starts a sign-in: the redirect to the provider, with the strategy's state cookie. */
export async function startOAuth(provider: OAuthProvider, request: Request): Promise<Response> {
  // A clean request: the strategy starts a sign-in only when the address carries no `state`.
  const start = new Request(new URL(cookiePath(provider), request.url), {
    headers: { Cookie: request.headers.get("Cookie") ?? "" },
  });
  const authenticator = await loadAuthenticator();
  try {
    await authenticator.authenticate(provider, start);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`the ${provider} strategy did not redirect`);
}

export type OAuthOutcome = { ok: true; identity: OAuthIdentity } | { ok: false; message: string };

/**
 * The provider's answer at the callback: the identity, or the message to show. Nothing here throws: a forged or
 * stale state, a missing code, a refusal, a provider that is down or answers nonsense all end as a message.
 */
export async function finishOAuth(provider: OAuthProvider, request: Request): Promise<OAuthOutcome> {
  const url = new URL(request.url);
  // Without a state the strategy would start another sign-in; at the callback that is a broken or forged link.
  if (!url.searchParams.get("state")) return { ok: false, message: OAUTH_MESSAGES.failed };
  const authenticator = await loadAuthenticator();
  try {
    return { ok: true, identity: await authenticator.authenticate(provider, request) };
  } catch (error) {
    // The state and code checks (RangeError, ReferenceError) and an error the provider sent back in the address
    // are the visitor's business; anything else (the token or user-info endpoint failing) is worth a log line.
    const expected = error instanceof RangeError || error instanceof ReferenceError || url.searchParams.has("error");
    if (!expected)
      console.warn(`OAuth provider error (${providerName(provider)}):`, describe(await loadOAuth2(), error));
    return { ok: false, message: await oauthFailureMessage(provider, error) };
  }
}

function describe({ OAuth2RequestError }: typeof OAuth2, error: unknown): string {
  if (error instanceof OAuth2RequestError) return `${error.code}${error.description ? ` (${error.description})` : ""}`;
  if (error instanceof Error) return `${error.name}: ${error.message}${error.cause ? ` (${String(error.cause)})` : ""}`;
  return String(error);
}

/** The message for a failed sign-in (the spec's OAuth messages, docs/product.md#google-and-facebook). */
export async function oauthFailureMessage(provider: OAuthProvider, error: unknown): Promise<string> {
  const { OAuth2RequestError, UnexpectedErrorResponseBodyError, UnexpectedResponseError } = await loadOAuth2();
  if (error instanceof OAuth2RequestError) {
    if (REFUSALS.has(error.code)) return OAUTH_MESSAGES.checkSettings(providerName(provider));
    const description = error.description?.trim();
    return description ? description.slice(0, MAX_DESCRIPTION) : OAUTH_MESSAGES.failed;
  }
  // A token endpoint that refuses the app's credentials without a standard error body (Facebook's own shape).
  if (
    (error instanceof UnexpectedErrorResponseBodyError || error instanceof UnexpectedResponseError) &&
    error.status === 401
  )
    return OAUTH_MESSAGES.checkSettings(providerName(provider));
  return OAUTH_MESSAGES.failed;
}

/**
 * The member an identity signs in as (docs/product.md#google-and-facebook): the member it is linked to; else the
 * member with the same address when the provider says the address is confirmed (the identity is linked to them);
 * else a new member, named `newName()`, with no password, and the address only when no other member has it.
 * Database failures are thrown.
 */
export function memberForIdentity(
  identity: OAuthIdentity,
  newName: () => string,
  signupAddress: string | null = null,
): string {
  const { provider, providerAccountId } = identity;
  const linked = findMemberByOAuth(provider, providerAccountId);
  if (linked) return linked;

  const sameEmail = identity.email ? findMemberByEmail(identity.email) : undefined;
  if (sameEmail && identity.emailVerified) {
    linkOAuth(provider, providerAccountId, sameEmail.id);
    // The provider has proven the address. A password set before the address was confirmed may be someone
    // else's (anyone can sign up with any address), so such an address stays unconfirmed, and that password
    // unusable, until the owner confirms it by mail or resets the password.
    if (sameEmail.passwordHash === null) markEmailVerified(sameEmail.id);
    return findMemberByOAuth(provider, providerAccountId) ?? sameEmail.id;
  }

  let email = sameEmail ? null : identity.email;
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = createMember({
      email,
      phone: null,
      passwordHash: null,
      username: newName(),
      emailVerified: email !== null && identity.emailVerified,
      signupAddress,
    });
    if (created.ok) {
      linkOAuth(provider, providerAccountId, created.id);
      // Two callbacks for one new identity at once: the first link wins, and both sign in as that member.
      return findMemberByOAuth(provider, providerAccountId) ?? created.id;
    }
    // Taken since it was read: try again without the address, or with another name.
    if (created.taken === "email") email = null;
  }
  throw new Error(`could not create a member for a new ${provider} sign-in`);
}

/** Set-Cookie values that delete this provider's state cookies once a sign-in has come back, well or not. */
export function clearStateCookies(provider: OAuthProvider, request: Request): string[] {
  const prefix = cookiePrefix(provider);
  const secure = config.secureCookies ? "; Secure" : "";
  return (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name.startsWith(prefix))
    .map((name) => `${name}=; Path=${cookiePath(provider)}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
