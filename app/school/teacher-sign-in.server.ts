import { data } from "@remix-run/node";
import { sendMail } from "~/email/mailer.server";
import { teacherSignInMail } from "~/email/templates.server";
import { DIGEST_LIMITS } from "~/limits/digest-limits.server";
import { SCHOOL_LOGIN_LIMITS } from "~/limits/school-login-limits.server";
import { spendTeacherSignIn, teacherSignInOf } from "~/models/students.server";
import { now } from "~/utils/clock.server";
import { DIGEST_HEADERS, DIGEST_MESSAGES } from "~/utils/digest-messages";
import { tooManyRequests } from "~/utils/http.server";
import { signInLinkOf, signInUrl, type SignInLink } from "./teacher-sign-in-links.server";

/*
 * A teacher's one-time sign-in link (docs/product.md#guessing-login-codes,
 * docs/decisions/0070-logins-that-no-guesser-can-close.md): when /teacher-login refuses a right code at a new place,
 * the link goes to the address the teacher confirmed for the weekly e-mail, at most 3 an hour. Opening it needs no
 * code: the mailbox is the proof. Its GET writes nothing (mail scanners open links); its POST signs in, once.
 */

/** Mails the teacher a sign-in link, when they confirmed an address and have not had 3 this hour. Never throws. */
export function mailSignInLink(teacherId: string): void {
  const failed = (error: unknown) => console.error("teacher sign-in link: the mail could not be sent", error);
  try {
    const teacher = teacherSignInOf({ id: teacherId });
    if (!teacher?.email || !SCHOOL_LOGIN_LIMITS.signInLinkMail(teacherId)) return;
    const link = signInUrl(teacher, now());
    sendMail(teacherSignInMail(teacher.email, teacher.name, link)).catch(failed);
  } catch (error) {
    // Called after the answer was sent (setImmediate): a failure here must not take the process down.
    failed(error);
  }
}

const teacherOf = (teacherId: string) => teacherSignInOf({ id: teacherId });

/**
 * The link a token is, or the page's answer: 404 for a link that opens nothing (forged, old, used, or made before a
 * new code), counted per address as the digest's links are; 429 while that address waits, checking nothing.
 */
function checkedLink(token: string, address: string | null): SignInLink {
  const limited = DIGEST_LIMITS.link(address);
  if (!limited.ok) throw data(limited.message, tooManyRequests(limited, DIGEST_HEADERS));
  const link = signInLinkOf(token, now(), teacherOf);
  if (link === null) {
    limited.unknown();
    throw data(DIGEST_MESSAGES.linkGone, { status: 404, headers: DIGEST_HEADERS });
  }
  return link;
}

/** GET: whose link it is, or its 404. Writes nothing. */
export function signInLinkPage(token: string, address: string | null) {
  const link = checkedLink(token, address);
  return { name: teacherSignInOf({ id: link.teacherId })?.name ?? "" };
}

/** POST: the teacher to sign in, the link spent; its 404 when used (by another press a moment before, too). */
export function signInWithLink(token: string, address: string | null): { id: string; name: string } {
  const link = checkedLink(token, address);
  const teacher = teacherSignInOf({ id: link.teacherId });
  if (!teacher || !spendTeacherSignIn(link.teacherId, link.confirmedAt, now()))
    throw data(DIGEST_MESSAGES.linkGone, { status: 404, headers: DIGEST_HEADERS });
  return { id: teacher.id, name: teacher.name };
}
