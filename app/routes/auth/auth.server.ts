import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { HashQueueFull, hashPassword, verifyAgainstDecoy, verifyPassword } from "~/accounts/password.server";
import { checkPublicName, pseudonymCandidates } from "~/accounts/public-name.server";
import { issueToken, redeemToken } from "~/auth/tokens.server";
import { claimVisitorScores, signInAndRedirect } from "~/auth/sign-in.server";
import { config } from "~/config.server";
import { sendMail } from "~/email/mailer.server";
import { resetPasswordMail, verifyEmailMail } from "~/email/templates.server";
import { formError } from "~/forms/form-parse";
import { parseForgotPassword, parseNewPassword, parseSignIn, parseSignUp } from "~/forms/auth.server";
import { AUTH_LIMITS } from "~/limits/auth-limits.server";
import type { LimitVerdict } from "~/limits/rate-limit.server";
import { deleteMemberSessions } from "~/models/sessions.server";
import {
  createMember,
  findMemberByEmail,
  findMemberByPhone,
  markEmailVerified,
  publicNameTaken,
  setPasswordHash,
} from "~/models/users.server";
import { AUTH_MESSAGES as M, type AuthMode } from "~/utils/auth-messages";
import { flashHeaders } from "~/utils/flash.server";
import { tooManyRequests } from "~/utils/http.server";
import { resetCookie } from "./reset-cookie.server";

/* What /auth does with each form (docs/product.md#sign-in-and-sign-up). Route-private: auth.tsx calls these. */

/** What the page shows after a refusal: the mode to show, the form's reply, and a notice above it. */
export type AuthReply = { mode: AuthMode; result?: SubmissionResult<string[]>; notice?: string; email?: string };

const refused = (reply: AuthReply, status = 400) => data(reply, { status });

function limitedReply(mode: AuthMode, verdict: Extract<LimitVerdict, { ok: false }>) {
  return data<AuthReply>({ mode, result: formError(verdict.message) }, tooManyRequests(verdict));
}

/** Link in an e-mail: absolute, on the site's own address. */
const linkTo = (path: string, token: string) => `${config.siteUrl}${path}?token=${encodeURIComponent(token)}`;

async function mailQuietly(mail: Parameters<typeof sendMail>[0]): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    console.error(`Could not send "${mail.subject}":`, error instanceof Error ? error.message : error);
  }
}

async function sendVerification(userId: string, email: string) {
  await mailQuietly(verifyEmailMail(email, linkTo("/auth/verify", issueToken("email_verification", userId))));
}

/** A pseudonym no member has yet: the name a new member starts with unless they choose one. */
export function freshPseudonym(): string {
  const candidates = pseudonymCandidates({ plain: 10, numbered: 20 });
  return candidates.find((name) => !publicNameTaken(name)) ?? candidates[candidates.length - 1]!;
}

function busy(mode: AuthMode, error: unknown) {
  if (error instanceof HashQueueFull)
    return data<AuthReply>({ mode, result: formError(error.message) }, { status: 503 });
  throw error;
}

export async function signIn(request: Request, form: URLSearchParams, address: string | null) {
  const parsed = parseSignIn(form);
  if (!parsed.ok) return refused({ mode: "signin", result: parsed.result });
  const creds = parsed.value;
  const account = creds.by === "email" ? creds.email : creds.phone;
  const limited = AUTH_LIMITS.signIn({ address, account });
  if (!limited.ok) return limitedReply("signin", limited);

  const member = creds.by === "email" ? findMemberByEmail(creds.email) : findMemberByPhone(creds.phone);
  let matches: boolean;
  try {
    matches = member?.passwordHash
      ? await verifyPassword(member.passwordHash, creds.password)
      : await verifyAgainstDecoy(creds.password);
  } catch (error) {
    return busy("signin", error);
  }
  if (!member || !matches) return refused({ mode: "signin", result: parsed.refuse({ form: M.wrongCredentials }) }, 401);
  limited.rightPassword();

  if (creds.by === "email" && member.emailVerifiedAt === null) {
    if (AUTH_LIMITS.mail({ address, account }).ok) await sendVerification(member.id, creds.email);
    return refused({ mode: "signin", result: parsed.refuse({ form: M.emailNotConfirmed }) }, 403);
  }
  return signInAndRedirect(request, member.id, { flash: { kind: "success", title: M.welcomeBack } });
}

export async function signUp(request: Request, form: URLSearchParams, address: string | null) {
  const parsed = parseSignUp(form);
  if (!parsed.ok) return refused({ mode: "signup", result: parsed.result });
  const limited = AUTH_LIMITS.signUp({ address });
  if (!limited.ok) return limitedReply("signup", limited);
  const { username, credentials: creds } = parsed.value;

  const name = checkPublicName(username);
  if (!name.ok) return refused({ mode: "signup", result: parsed.refuse({ fields: { username: name.message } }) });
  if (publicNameTaken(name.name))
    return refused({ mode: "signup", result: parsed.refuse({ fields: { username: M.usernameTaken } }) });

  // The brief's answer to a registered address: say so and offer sign-in with the address filled in.
  if (creds.by === "email" && findMemberByEmail(creds.email))
    return refused({ mode: "signin", notice: M.alreadyRegistered, email: creds.email }, 409);
  if (creds.by === "phone" && findMemberByPhone(creds.phone))
    return refused({ mode: "signup", result: parsed.refuse({ fields: { phone: M.phoneRegistered } }) }, 409);

  let passwordHash: string;
  try {
    passwordHash = await hashPassword(creds.password);
  } catch (error) {
    return busy("signup", error);
  }
  const created = createMember({
    email: creds.by === "email" ? creds.email : null,
    phone: creds.by === "phone" ? creds.phone : null,
    passwordHash,
    username: name.name,
    emailVerified: false,
    signupAddress: address,
  });
  if (!created.ok) {
    // Someone took it between the check and the write.
    if (created.taken === "email" && creds.by === "email")
      return refused({ mode: "signin", notice: M.alreadyRegistered, email: creds.email }, 409);
    const field = created.taken === "phone" ? "phone" : "username";
    const message = created.taken === "phone" ? M.phoneRegistered : M.usernameTaken;
    return refused({ mode: "signup", result: parsed.refuse({ fields: { [field]: message } }) }, 409);
  }

  // A phone is only an identifier (no SMS to confirm it), so a phone sign-up is signed in at once.
  if (creds.by === "phone")
    return signInAndRedirect(request, created.id, { flash: { kind: "success", title: M.phoneAccountCreated } });
  AUTH_LIMITS.mail({ address, account: creds.email });
  await sendVerification(created.id, creds.email);
  // The address may be confirmed on another device: this browser's scores move now, at sign-up.
  const headers = await flashHeaders(request, { kind: "success", title: M.accountCreated });
  await claimVisitorScores(request, created.id, headers);
  return redirect("/auth", { headers });
}

export async function forgotPassword(request: Request, form: URLSearchParams, address: string | null) {
  const parsed = parseForgotPassword(form);
  if (!parsed.ok) return refused({ mode: "forgot", result: parsed.result });
  const { email } = parsed.value;
  const limited = AUTH_LIMITS.mail({ address, account: email });
  if (!limited.ok) return limitedReply("forgot", limited);
  // The same answer whether or not the address has an account, so the form tells no one who is registered.
  const member = findMemberByEmail(email);
  if (member)
    await mailQuietly(resetPasswordMail(email, linkTo("/auth/reset", issueToken("password_reset", member.id))));
  return redirect("/auth", { headers: await flashHeaders(request, { kind: "success", title: M.resetSent }) });
}

/** Back to sign-in with the brief's message, the reset marker cleared. */
export async function resetExpired(request: Request) {
  const headers = await flashHeaders(request, { kind: "error", title: M.resetExpired });
  headers.append("Set-Cookie", await resetCookie.serialize("", { maxAge: 0 }));
  return redirect("/auth", { headers });
}

export async function setNewPassword(request: Request, form: URLSearchParams) {
  const token: unknown = await resetCookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string") return resetExpired(request);
  const parsed = parseNewPassword(form);
  if (!parsed.ok) return refused({ mode: "reset", result: parsed.result });
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(parsed.value.password);
  } catch (error) {
    return busy("reset", error);
  }
  const userId = redeemToken("password_reset", token);
  if (!userId) return resetExpired(request);
  setPasswordHash(userId, passwordHash);
  // The link came by e-mail, so the address is proven; every other session ends with the old password.
  markEmailVerified(userId);
  deleteMemberSessions(userId);
  const response = await signInAndRedirect(request, userId, {
    flash: { kind: "success", title: M.passwordUpdated },
  });
  response.headers.append("Set-Cookie", await resetCookie.serialize("", { maxAge: 0 }));
  return response;
}
