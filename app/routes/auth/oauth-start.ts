import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { configuredProvider, startOAuth } from "~/auth/oauth.server";
import { getSessionUser } from "~/auth/session.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import { flashHeaders } from "~/utils/flash.server";

/*
 * /auth/google and /auth/facebook: the "Continue with …" buttons on /auth post here, and the browser goes on to
 * the provider (docs/product.md#google-and-facebook). A POST, so no link or image elsewhere can start a sign-in.
 */

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = configuredProvider(params.provider);
  if (!provider) throw notFound();
  if (await getSessionUser(request)) return redirect("/");
  const limited = AUTH_LIMITS.oauthStart({ address: context.clientAddress ?? null });
  if (!limited.ok) {
    const headers = await flashHeaders(request, { kind: "error", title: limited.message });
    headers.set("Retry-After", String(limited.retryAfterSeconds));
    return redirect("/auth", { headers });
  }
  return startOAuth(provider, request);
}

/** Opened as a page (a bookmark, a reload): back to the sign-in page, whose buttons start a sign-in. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!configuredProvider(params.provider)) throw notFound();
  return redirect("/auth");
}
