import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { peekToken } from "~/auth/tokens.server";
import { resetExpired } from "./auth.server";
import { resetCookie } from "./reset-cookie.server";

/**
 * Where a reset e-mail's link lands: a live token moves into a short-lived cookie and the browser goes on to
 * /auth in set-new-password mode, with a clean address. Nothing is written here (any replica can answer), and
 * the token is used only when the new password is saved, so a mail scanner opening the link spends nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!peekToken("password_reset", token)) return resetExpired(request);
  return redirect("/auth?mode=reset", {
    headers: { "Set-Cookie": await resetCookie.serialize(token), "Referrer-Policy": "no-referrer" },
  });
}
