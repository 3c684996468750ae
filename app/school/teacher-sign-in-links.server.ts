import { config } from "~/config.server";
import type { TeacherSignIn } from "~/models/students.server";
import { randomId, sign, verifySignature } from "~/utils/signing.server";

/*
 * The one-time sign-in link a teacher is mailed when /teacher-login refuses their code at a new place
 * (docs/product.md#guessing-login-codes, docs/decisions/0070-logins-that-no-guesser-can-close.md):
 * `{teacher}.{expiry}.{nonce}.{signature}`, signed with the session secret over the teacher's current code and the
 * time they last proved their address, so a forged link opens nothing and a new code ends the old links. It works
 * for 20 minutes and once: using it moves that time on (`spendTeacherSignIn`), in the database, so a used link stays
 * used after a restart and on every instance, and the teacher's other links sent before it end with it.
 */

export const SIGN_IN_LINK_MS = 20 * 60_000;
const TOKEN_MAX = 200;
const PART = /^[A-Za-z0-9_-]{1,64}$/;

/** What a link is signed over: it opens only while these are unchanged. */
export type SignInBinding = Pick<TeacherSignIn, "id" | "loginCode" | "confirmedAt">;

const signed = (expires: string, nonce: string, teacher: SignInBinding) =>
  `teacher-sign-in:${teacher.id}:${expires}:${nonce}:${teacher.loginCode}:${teacher.confirmedAt ?? ""}`;

export function signInToken(teacher: SignInBinding, at: number): string {
  const expires = (at + SIGN_IN_LINK_MS).toString(36);
  const nonce = randomId(12);
  return `${teacher.id}.${expires}.${nonce}.${sign(signed(expires, nonce, teacher))}`;
}

export const signInUrl = (teacher: SignInBinding, at: number) =>
  `${config.siteUrl}/teacher-login/link/${signInToken(teacher, at)}`;

/** A link that opens: its teacher, and the confirmation time it was signed over (the one its use moves on). */
export type SignInLink = { teacherId: string; confirmedAt: number };

/**
 * The link a token is, checked against the teacher now (`teacherOf`), or null when it is forged, expired, made
 * before a new code, or already used (the teacher's confirmation time moved on since it was made).
 */
export function signInLinkOf(
  token: string,
  at: number,
  teacherOf: (teacherId: string) => SignInBinding | undefined,
): SignInLink | null {
  if (token.length > TOKEN_MAX) return null;
  const [teacherId, expires, nonce, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !teacherId || !expires || !nonce || !signature) return null;
  if (!PART.test(teacherId) || !PART.test(nonce) || !/^[0-9a-z]{1,12}$/.test(expires)) return null;
  if (parseInt(expires, 36) < at) return null;
  const teacher = teacherOf(teacherId);
  if (!teacher || teacher.confirmedAt === null) return null;
  if (!verifySignature(signed(expires, nonce, teacher), signature)) return null;
  return { teacherId, confirmedAt: teacher.confirmedAt };
}
