import { redirect } from "@remix-run/node";
import { httpError } from "~/utils/http.server";
import { getSessionUser, type SessionUser } from "./session.server";

/*
 * Role checks on the server (docs/product.md#users-and-roles, docs/decisions/0017-admin-accounts.md): an admin is
 * a signed-in member whose role is admin. Every admin loader and action calls requireAdmin first.
 */

/** Where an admin signs in: the admin page itself shows the login form to a browser with no session. */
export const ADMIN_LOGIN_PATH = "/admin";

export const NOT_AN_ADMIN = "This page is for school administrators. Your account does not have admin access.";

/**
 * The signed-in admin behind this request, or null when no one is signed in. A signed-in member who is not an
 * admin gets a plain 403 page (thrown). For the admin page's own loader, which shows the login form for null.
 */
export async function adminOrSignedOut(request: Request): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  if (!user) return null;
  if (user.role !== "admin") throw httpError(403, NOT_AN_ADMIN);
  return user;
}

/**
 * The signed-in admin behind this request. No one signed in: a redirect to the admin login page. Signed in but
 * not an admin: a plain 403 page. Thrown as responses, so a loader or action can simply await it.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const admin = await adminOrSignedOut(request);
  if (!admin) throw redirect(ADMIN_LOGIN_PATH, { headers: { "Cache-Control": "no-store" } });
  return admin;
}
