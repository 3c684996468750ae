import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pathToFileURL } from "node:url";
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";

/*
 * The end-to-end suite's Google and Facebook: a real OAuth2 server (oauth2-mock-server) on E2E_PORT + 1, started by
 * playwright.config.ts. The app's strategies go through it exactly as through a provider: the authorize redirect
 * with state and PKCE, the code exchanged at /token, the person read from /userinfo.
 *
 * Who is "signed in at the provider" is a cookie on the provider's own origin, as at a real provider: a test sets
 * it in its browser (`providerUserCookie`), so tests running in parallel never see each other's people. The cookie
 * can also make the provider refuse at the authorize step, at the token endpoint or at the user-info endpoint.
 */

/** The person a test signs in as, and how the provider should misbehave, if at all. */
export type ProviderUser = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  /** The authorize step sends the browser back with this error instead of a code. */
  authorizeError?: { error: string; error_description?: string };
  /** The token endpoint answers with this status and error body. */
  tokenError?: { status: number; error: string; error_description?: string };
  /** The user-info endpoint answers with this status and no person. */
  userinfoStatus?: number;
};

export const PROVIDER_USER_COOKIE = "provider_user";

/** The cookie (for Playwright's `context.addCookies`) that signs `user` in at the provider on `providerUrl`. */
export function providerUserCookie(providerUrl: string, user: ProviderUser) {
  const value = Buffer.from(JSON.stringify(user)).toString("base64url");
  return { name: PROVIDER_USER_COOKIE, value, url: providerUrl, sameSite: "Lax" as const };
}

function userOf(req: IncomingMessage): ProviderUser | undefined {
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === PROVIDER_USER_COOKIE && value) {
      try {
        return JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as ProviderUser;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

async function main() {
  const port = Number(process.env.OAUTH_MOCK_PORT ?? 3301);
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map<string, ProviderUser>();
  const byAccessToken = new Map<string, ProviderUser>();

  server.service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const user = userOf(req);
    const code = redirect.url.searchParams.get("code");
    if (!user || !code) return;
    if (user.authorizeError) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", user.authorizeError.error);
      if (user.authorizeError.error_description)
        redirect.url.searchParams.set("error_description", user.authorizeError.error_description);
      return;
    }
    byCode.set(code, user);
  });

  server.service.on("beforeResponse", (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const code = req.body.code;
    const user = code ? byCode.get(code) : undefined;
    if (code) byCode.delete(code);
    if (!user) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Unknown or used code" };
    } else if (user.tokenError) {
      const { status, ...body } = user.tokenError;
      response.statusCode = status;
      response.body = body;
    } else if (response.body !== "") {
      // The mock signs an access token from its claims and the second it is made, so two sign-ins in the same second
      // (the two projects run the same tests side by side) got the same token, and one read the other's person.
      const token = randomUUID();
      response.body.access_token = token;
      byAccessToken.set(token, user);
    }
  });

  server.service.on("beforeUserinfo", (response: MutableResponse, req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const user = token ? byAccessToken.get(token) : undefined;
    if (!user) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
    } else if (user.userinfoStatus) {
      response.statusCode = user.userinfoStatus;
      response.body = { error: "server_error" };
    } else {
      // Google's OpenID Connect fields, and Facebook's `id`: one answer serves both strategies.
      response.body = { sub: user.sub, id: user.sub, email: user.email, email_verified: user.email_verified };
    }
  });

  await server.start(port, "127.0.0.1");
  console.log(`OAuth2 mock provider listening on http://127.0.0.1:${port}`);
  const stop = () => void server.stop().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

// Started as a script (by playwright.config.ts); the tests import only the cookie helper above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
