import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import {
  OAUTH_MESSAGES,
  clearStateCookies,
  configuredProvider,
  finishOAuth,
  memberForIdentity,
  providerName,
  type OAuthProvider,
} from "~/auth/oauth.server";
import { signInAndRedirect } from "~/auth/sign-in.server";
import { requirePrimary } from "~/db/litefs.server";
import { AUTH_MESSAGES } from "~/utils/auth-messages";
import { flashHeaders } from "~/utils/flash.server";
import { freshPseudonym } from "./auth.server";

/*
 * /auth/google/callback and /auth/facebook/callback: where the provider sends the browser back. The member is
 * found, linked or made (docs/product.md#google-and-facebook) and signed in; any failure goes back to /auth with
 * the spec's message, never to an error page.
 */

async function backToSignIn(request: Request, provider: OAuthProvider, message: string) {
  const headers = await flashHeaders(request, { kind: "error", title: message });
  for (const cookie of clearStateCookies(provider, request)) headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", "no-store");
  return redirect("/auth", { headers });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = configuredProvider(params.provider);
  if (!provider) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  // The provider's code is spent once, by the machine that can write the member and their session.
  requirePrimary();

  const outcome = await finishOAuth(provider, request);
  if (!outcome.ok) return backToSignIn(request, provider, outcome.message);

  let response: Response;
  try {
    const userId = memberForIdentity(outcome.identity, freshPseudonym, context.clientAddress ?? null);
    response = await signInAndRedirect(request, userId, {
      flash: { kind: "success", title: AUTH_MESSAGES.welcomeBack },
    });
  } catch (error) {
    console.error(`OAuth sign-in with ${providerName(provider)}: the account could not be read or written`, error);
    return backToSignIn(request, provider, OAUTH_MESSAGES.unavailable);
  }
  for (const cookie of clearStateCookies(provider, request)) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
