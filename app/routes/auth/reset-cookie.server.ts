import { signedCookie } from "~/utils/signing.server";

/**
 * The reset link's token, moved from the address bar into a short-lived cookie so the set-new-password page's
 * address holds no secret (history, screenshots, the Referer header). Used up when the new password is saved.
 * Its path is "/", not "/auth": with JavaScript, Remix posts the form to and reloads the page's data from
 * /auth.data, a path a cookie scoped to /auth is not sent to.
 */
export const resetCookie = signedCookie("__reset", 60 * 60);
