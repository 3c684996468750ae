import { createCookie } from "@remix-run/node";
import { config } from "~/config.server";

/**
 * The reset link's token, moved from the address bar into a short-lived cookie so the set-new-password page's
 * address holds no secret (history, screenshots, the Referer header). Used up when the new password is saved.
 */
export const resetCookie = createCookie("__reset", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth",
  secure: config.secureCookies,
  secrets: [config.sessionSecret],
  maxAge: 60 * 60,
});
