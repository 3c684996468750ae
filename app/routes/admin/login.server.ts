import { data, redirect } from "@remix-run/node";
import { HashQueueFull, verifyAgainstDecoy, verifyPassword } from "~/accounts/password.server";
import { adminOrSignedOut } from "~/auth/roles.server";
import { signInAndRedirect } from "~/auth/sign-in.server";
import { parseAdminLogin } from "~/forms/admin.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import { findLoginWithRole } from "~/models/admins.server";
import { ADMIN_MESSAGES as M, oneLine } from "~/utils/admin-messages";
import { tooManyRequests } from "~/utils/http.server";
import { refused, type AdminReply } from "./panel.server";

/**
 * The admin login (docs/product.md#admin): the username is the admin's e-mail address. Counted by the sign-in
 * limiter like every sign-in; an unknown address is checked against a decoy so it takes as long as a wrong
 * password; a member who is not an admin gets the same answer as a wrong password.
 */
export async function adminLogin(request: Request, form: URLSearchParams, address: string | null) {
  // Already an admin: the panel. Signed in as a member without the role: the plain 403 (thrown).
  if (await adminOrSignedOut(request)) return redirect("/admin");
  const parsed = parseAdminLogin(form);
  if (!parsed.ok) return refused("login", parsed.result);
  const { username, password } = parsed.value;
  const limited = AUTH_LIMITS.signIn({ address, account: username });
  if (!limited.ok)
    return data<AdminReply>(
      { intent: "login", result: parsed.refuse({ form: limited.message }) },
      tooManyRequests(limited),
    );

  const account = findLoginWithRole(username);
  let matches: boolean;
  try {
    matches = account?.passwordHash
      ? await verifyPassword(account.passwordHash, password)
      : await verifyAgainstDecoy(password);
  } catch (error) {
    if (error instanceof HashQueueFull) return refused("login", parsed.refuse({ form: oneLine(M.loginError) }), 503);
    throw error;
  }
  if (!account || !matches || account.role !== "admin")
    // A member's right password here counts as a failure too: the limits must not tell the two apart.
    return refused("login", parsed.refuse({ form: oneLine(M.loginFailed) }), 401);
  limited.rightPassword();
  return signInAndRedirect(request, account.id, { to: "/admin", flash: { kind: "success", ...M.loginSuccess } });
}
