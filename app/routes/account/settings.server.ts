import type { SubmissionResult } from "@conform-to/react";
import { CALM_SETTING, type SettingsIntent, type SettingsReply } from "~/components/account/settings-forms";
import { data, redirect } from "@remix-run/node";
import { checkPublicName } from "~/accounts/public-name.server";
import { HashQueueFull, hashPassword, verifyPassword } from "~/accounts/password.server";
import { signOutAndRedirect } from "~/auth/sign-in.server";
import { sessionIdFrom, type SessionUser } from "~/auth/session.server";
import { formError, type Refuse } from "~/forms/form-parse";
import { parseChangePassword, parseDeleteAccount, parseDisplayName } from "~/forms/account.server";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import { deleteMemberSessions } from "~/models/sessions.server";
import {
  deleteMember,
  findMemberById,
  publicNameTaken,
  setPasswordHash,
  setPublicName,
  setSoloSettings,
} from "~/models/users.server";
import { ACCOUNT_MESSAGES as A } from "~/utils/account-messages";
import { AUTH_MESSAGES as M } from "~/utils/auth-messages";
import { flashHeaders } from "~/utils/flash.server";
import { tooManyRequests } from "~/utils/http.server";
import { SETTINGS_MESSAGES } from "~/utils/solo-settings";

/* What each settings form does (docs/product.md#members-menu-and-settings). Route-private. */

export type { SettingsIntent, SettingsReply };

const refused = (intent: SettingsIntent, result: SubmissionResult<string[]>, init: number | ResponseInit = 400) =>
  data<SettingsReply>({ intent, result }, typeof init === "number" ? { status: init } : init);

/** After a save: back to the settings page, or home when the form was the home page's settings dialog. */
const back = async (request: Request, flash: Parameters<typeof flashHeaders>[1], form?: URLSearchParams) =>
  redirect(form?.get("returnTo") === "/" ? "/" : "/settings", { headers: await flashHeaders(request, flash) });

export async function saveDisplayName(request: Request, user: SessionUser, form: URLSearchParams) {
  const parsed = parseDisplayName(form);
  if (!parsed.ok) return refused("name", parsed.result);
  const checked = checkPublicName(parsed.value.username);
  if (!checked.ok) return refused("name", parsed.refuse({ fields: { username: checked.message } }));
  if (publicNameTaken(checked.name, user.userId) || !setPublicName(user.userId, checked.name))
    return refused("name", parsed.refuse({ fields: { username: M.usernameTaken } }), 409);
  return back(request, { kind: "success", ...A.nameSaved }, form);
}

export async function saveGameSettings(request: Request, user: SessionUser, form: URLSearchParams) {
  // The page's form always sends its ticked operations: none ticked is a choice to refuse, not "the default".
  // What was sent goes back with the message, so the form shows the member's other choices, not the saved ones.
  if (!form.has("operations")) {
    const initialValue = {
      timeLimit: form.get("timeLimit") ?? "",
      difficulty: form.get("difficulty") ?? "",
      ...(form.has("calm") ? { calm: form.get("calm") ?? "" } : {}),
    };
    return refused("game", { status: "error", initialValue, error: { operations: [SETTINGS_MESSAGES.operations] } });
  }
  const parsed = parseSoloSettings(form);
  if (!parsed.ok) return refused("game", parsed.result);
  // `Play calmly` is a checkbox: ticked ("on") or not sent (docs/product.md#calm-play).
  const calm = form.getAll("calm");
  if (calm.length > 1 || (calm.length === 1 && calm[0] !== "on")) {
    const initialValue = Object.fromEntries(form);
    return refused("game", { status: "error", initialValue, error: { calm: [CALM_SETTING.invalid] } });
  }
  // Kept only when on, so a member who never ticked it keeps the settings they had.
  setSoloSettings(user.userId, calm.length === 1 ? { ...parsed.value, calm: true } : parsed.value);
  return back(request, { kind: "success", title: A.settingsSaved }, form);
}
export async function changePassword(
  request: Request,
  user: SessionUser,
  form: URLSearchParams,
  address: string | null,
) {
  const parsed = parseChangePassword(form);
  if (!parsed.ok) return refused("password", parsed.result);
  const limited = AUTH_LIMITS.signIn({ address, account: user.userId });
  if (!limited.ok) return refused("password", formError(limited.message), tooManyRequests(limited));
  const member = findMemberById(user.userId);
  if (!member) throw redirect("/auth");
  const wrong = (refuse: Refuse) =>
    refused("password", refuse({ fields: { currentPassword: A.currentPasswordWrong } }));
  try {
    // A member who signed up with Google or Facebook has no password yet and may set one.
    if (member.passwordHash && !(await verifyPassword(member.passwordHash, parsed.value.currentPassword ?? "")))
      return wrong(parsed.refuse);
    limited.rightPassword();
    setPasswordHash(user.userId, await hashPassword(parsed.value.password));
  } catch (error) {
    if (error instanceof HashQueueFull) return refused("password", formError(error.message), 503);
    throw error;
  }
  const keep = await sessionIdFrom(request);
  deleteMemberSessions(user.userId, keep ?? undefined);
  return back(request, { kind: "success", title: A.passwordChanged });
}

export async function signOutOthers(request: Request, user: SessionUser) {
  const keep = await sessionIdFrom(request);
  deleteMemberSessions(user.userId, keep ?? undefined);
  return back(request, { kind: "success", title: A.signedOutOthers });
}

export async function deleteAccount(request: Request, user: SessionUser, form: URLSearchParams) {
  const parsed = parseDeleteAccount(form);
  if (!parsed.ok) return refused("delete", parsed.result);
  deleteMember(user.userId);
  return signOutAndRedirect(request, "/", { kind: "success", title: A.accountDeleted });
}
