import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";

/**
 * The reset link's token, moved from the address bar into a short-lived cookie so the set-new-password page's
 * address holds no secret (history, screenshots, the Referer header). Used up when the new password is saved.
 * Its path is "/", not "/auth": with JavaScript, Remix posts the form to and reloads the page's data from
 * /auth.data, a path a cookie scoped to /auth is not sent to.
 */
export const resetCookie = createCookie("__reset", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.secureCookies,
  secrets: [config.sessionSecret],
  maxAge: 60 * 60,
});
