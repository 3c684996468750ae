import { data, redirect } from "@remix-run/node";
import type { SignedInTeacher } from "~/auth/school-session.server";
import { sendMail } from "~/email/mailer.server";
import { digestConfirmMail, signInAddressConfirmMail } from "~/email/templates.server";
import { formError } from "~/forms/form-parse";
import { parseDigestForm } from "~/forms/digest.server";
import { DIGEST_LIMITS } from "~/limits/digest-limits.server";
import type { AuditActor } from "~/models/audit.server";
import {
  confirmDigest,
  digestSettingsOf,
  setDigestPending,
  setDigestWanted,
  stopDigest,
  type DigestSettings,
} from "~/models/digest.server";
import { withAudit } from "~/school/audit.server";
import { confirmUrl, teacherOfConfirmToken, teacherOfUnsubscribeToken } from "~/school/digest-tokens.server";
import { now } from "~/utils/clock.server";
import { DIGEST_HEADERS, DIGEST_MESSAGES as M, DIGEST_PAGE } from "~/utils/digest-messages";
import { flashHeaders } from "~/utils/flash.server";
import { tooManyRequests } from "~/utils/http.server";

/*
 * The weekly digest's pages (docs/product.md#weekly-digest): the teacher's own form, and the two links of its mails,
 * opened without signing in. Every answer here is not to be cached or indexed.
 */

export type DigestState = "off" | "pending" | "on" | "pending-sign-in" | "sign-in";

/** Where the teacher's address stands: none, waiting for its link, or confirmed; for the digest or sign-in alone. */
function stateOf(settings: DigestSettings | undefined): DigestState {
  if (!settings?.digestEmail) return "off";
  if (!settings.digestConfirmedAt) return settings.digestWanted ? "pending" : "pending-sign-in";
  return settings.digestWanted ? "on" : "sign-in";
}

/** What the teacher's form shows: the state, the address (or the one an admin gave, as a suggestion). */
export function digestPageData(teacher: SignedInTeacher) {
  const settings = digestSettingsOf(teacher.teacherId);
  return {
    teacher: { name: teacher.name, schoolName: teacher.schoolName },
    state: stateOf(settings),
    email: settings?.digestEmail ?? settings?.email ?? "",
  };
}

const refused = (result: ReturnType<typeof formError>, status: number) =>
  data({ result }, { status, headers: DIGEST_HEADERS });

/** The change log's entries of a teacher's own address (docs/product.md#weekly-digest). */
type TeacherOwnAction =
  "digest.subscribed" | "digest.unsubscribed" | "sign-in-address.confirmed" | "sign-in-address.forgotten";

const teacherActor = (teacher: { teacherId: string; name: string }): AuditActor => ({
  kind: "teacher",
  id: teacher.teacherId,
  name: teacher.name,
});

/**
 * The form: an address not yet confirmed gets a mail with a link (nothing is written when the mail cannot be sent;
 * the address is kept unconfirmed once it is), for the digest too when the box is ticked, else for sign-in links
 * alone. The box alone turns the digest on or off at a confirmed address; an empty address forgets it. Back on the
 * page with a message.
 */
export async function saveDigestSettings(request: Request, teacher: SignedInTeacher, form: URLSearchParams) {
  const parsed = parseDigestForm(form);
  if (!parsed.ok) return refused(parsed.result, 400);
  const settings = digestSettingsOf(teacher.teacherId);
  if (!settings) throw redirect("/teacher-login", { headers: DIGEST_HEADERS });
  const back = async (title: string, kind: "success" | "error" = "success") =>
    redirect(DIGEST_PAGE, { headers: await flashHeaders(request, { kind, title }, DIGEST_HEADERS) });
  const { digest: wanted, email } = parsed.value;
  const digestWas = settings.digestEmail !== null && settings.digestWanted;
  const logged = (action: TeacherOwnAction) => (changed: boolean) =>
    changed ? { actor: teacherActor(teacher), action, schoolId: settings.schoolId, subject: null } : null;

  if (!email) {
    if (!settings.digestEmail) return back(M.unchanged);
    const signInOnly = settings.digestConfirmedAt !== null && !settings.digestWanted;
    withAudit(
      () => stopDigest(teacher.teacherId),
      (stopped) =>
        logged(signInOnly ? "sign-in-address.forgotten" : "digest.unsubscribed")(stopped && (digestWas || signInOnly)),
    );
    return back(M.forgotten);
  }

  if (settings.digestEmail === email && settings.digestWanted !== wanted) {
    // The same address, the box changed: nothing to mail (a link already sent still confirms it).
    if (!settings.digestConfirmedAt) {
      setDigestWanted(teacher.teacherId, wanted);
      return back(wanted ? M.sent(email) : M.sentSignIn(email));
    }
    withAudit(
      () => setDigestWanted(teacher.teacherId, wanted),
      logged(wanted ? "digest.subscribed" : "digest.unsubscribed"),
    );
    return back(wanted ? M.started : M.stopped);
  }
  if (settings.digestEmail === email && settings.digestConfirmedAt) return back(M.unchanged);

  const limited = DIGEST_LIMITS.confirmMail(teacher.teacherId);
  if (!limited.ok)
    return data({ result: parsed.refuse({ form: limited.message }) }, tooManyRequests(limited, DIGEST_HEADERS));
  const link = confirmUrl(teacher.teacherId, email, now());
  try {
    const mail = wanted ? digestConfirmMail : signInAddressConfirmMail;
    await sendMail(mail(email, teacher.name, link));
  } catch (error) {
    console.error("Weekly digest: the confirmation mail failed:", error instanceof Error ? error.message : error);
    return refused(parsed.refuse({ form: M.mailFailed }), 503);
  }
  withAudit(
    () => setDigestPending(teacher.teacherId, email, wanted),
    (changed) => logged("digest.unsubscribed")(changed && digestWas && !wanted),
  );
  return back(wanted ? M.sent(email) : M.sentSignIn(email));
}

/* The links in the mails: the same 404 for anything that is no working link, counted against the address. */

const gone = () => data(M.linkGone, { status: 404, headers: DIGEST_HEADERS });

function checkedLink<T>(address: string | null, read: () => T | null): T {
  const limited = DIGEST_LIMITS.link(address);
  if (!limited.ok) throw data(limited.message, tooManyRequests(limited, DIGEST_HEADERS));
  const found = read();
  if (found === null) {
    limited.unknown();
    throw gone();
  }
  return found;
}

/** The address a confirmation link must have been made for: the teacher's digest address now. */
const digestEmailOf = (teacherId: string) => digestSettingsOf(teacherId)?.digestEmail ?? null;

/** GET of a confirmation link: the address it starts the digest for, or its 404. Writes nothing. */
export function confirmLinkData(token: string, address: string | null) {
  const teacherId = checkedLink(address, () => teacherOfConfirmToken(token, now(), digestEmailOf));
  const settings = digestSettingsOf(teacherId);
  return { token, email: settings?.digestEmail ?? "", digest: settings?.digestWanted ?? true, done: false };
}

/**
 * POST of a confirmation link: confirms the address, which starts the digest unless the teacher keeps it for sign-in
 * links alone; either is recorded in the change log, in one transaction (a link pressed twice says the
 * same, and records nothing more).
 */
export function confirmLink(token: string, address: string | null) {
  const at = now();
  const teacherId = checkedLink(address, () => teacherOfConfirmToken(token, at, digestEmailOf));
  const settings = digestSettingsOf(teacherId)!;
  withAudit(
    () => confirmDigest(teacherId, settings.digestEmail ?? "", at),
    (confirmed) =>
      confirmed
        ? {
            actor: teacherActor(settings),
            action: settings.digestWanted ? "digest.subscribed" : "sign-in-address.confirmed",
            schoolId: settings.schoolId,
            subject: null,
          }
        : null,
  );
  return { token, email: settings.digestEmail ?? "", digest: settings.digestWanted, done: true };
}

/** GET of an unsubscribe link: the page with its one button. Writes nothing (mail scanners open links). */
export function unsubscribeLinkData(token: string, address: string | null) {
  checkedLink(address, () => teacherOfUnsubscribe(token));
  return { token, done: false };
}

/** The teacher an unsubscribe link names, while they are still there. */
function teacherOfUnsubscribe(token: string) {
  const teacherId = teacherOfUnsubscribeToken(token);
  return teacherId ? (digestSettingsOf(teacherId) ?? null) : null;
}

/**
 * POST of an unsubscribe link, from its page or a mail program's one-click (RFC 8058): no more digests. A teacher
 * already unsubscribed is told the same; a teacher no longer there is the link's 404.
 */
export function unsubscribeLink(token: string, address: string | null) {
  const settings = checkedLink(address, () => teacherOfUnsubscribe(token));
  withAudit(
    () => stopDigest(settings.teacherId),
    (stopped) =>
      stopped
        ? { actor: teacherActor(settings), action: "digest.unsubscribed", schoolId: settings.schoolId, subject: null }
        : null,
  );
  return { token, done: true };
}
