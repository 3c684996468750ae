import { redirect } from "@remix-run/node";
import {
  deleteSession,
  insertSchoolSession,
  schoolOwnerOfSession,
  type SchoolSessionOwner,
  type StudentOfSession,
  type TeacherOfSession,
} from "~/models/sessions.server";
import { now } from "~/utils/clock.server";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { randomId, signedCookie } from "~/utils/signing.server";
import type { WithHeaders } from "~/utils/request.server";

/*
 * Teacher and student sessions (docs/product.md#school-sessions). A row of the one sessions table, named by its
 * own cookie, so a member signed in on a family computer stays signed in while a child logs in to their class,
 * and a school login never carries a member's rights. One school login per browser: a new one ends the last.
 * A school day long, because school computers are shared and children forget to log out.
 */

export const SCHOOL_SESSION_HOURS = 12;
export const SCHOOL_SESSION_MS = SCHOOL_SESSION_HOURS * 60 * 60 * 1000;

export const TEACHER_LOGIN_PATH = "/teacher-login";
export const STUDENT_LOGIN_PATH = "/student-login";

const schoolCookie = signedCookie("__school", SCHOOL_SESSION_MS / 1000);

export type SignedInTeacher = { kind: "teacher"; sessionId: string } & TeacherOfSession;
export type SignedInStudent = { kind: "student"; sessionId: string } & StudentOfSession;
export type SchoolUser = SignedInTeacher | SignedInStudent;

async function schoolSessionIdFrom(request: WithHeaders): Promise<string | null> {
  const value: unknown = await schoolCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The teacher or student signed in on this browser, if any. */
export async function getSchoolUser(request: WithHeaders): Promise<SchoolUser | null> {
  const sessionId = await schoolSessionIdFrom(request);
  if (!sessionId) return null;
  const owner = schoolOwnerOfSession(sessionId, now());
  return owner ? { ...owner, sessionId } : null;
}

const toLogin = (path: string) => redirect(path, { headers: { "Cache-Control": "no-store" } });

/** The signed-in teacher, or a redirect to the teacher login (a student session is no teacher's). */
export async function requireTeacher(request: Request): Promise<SignedInTeacher> {
  const user = await getSchoolUser(request);
  if (user?.kind !== "teacher") throw toLogin(TEACHER_LOGIN_PATH);
  return user;
}

/** The signed-in student, or a redirect to the student login (a teacher session is no student's). */
export async function requireStudent(request: Request): Promise<SignedInStudent> {
  const user = await getSchoolUser(request);
  if (user?.kind !== "student") throw toLogin(STUDENT_LOGIN_PATH);
  return user;
}

/** Starts a teacher's or student's session on this browser (ending the one it had) and leads to `to`. */
export async function schoolSignInAndRedirect(
  request: Request,
  owner: SchoolSessionOwner,
  { to, flash }: { to: string; flash?: Flash },
): Promise<Response> {
  const previous = await schoolSessionIdFrom(request);
  if (previous) deleteSession(previous);
  const id = randomId(24);
  const userAgent = request.headers.get("User-Agent")?.slice(0, 300) ?? null;
  insertSchoolSession({ id, userAgent, expiresAt: now() + SCHOOL_SESSION_MS, ...owner });
  const headers = flash ? await flashHeaders(request, flash) : new Headers();
  headers.append("Set-Cookie", await schoolCookie.serialize(id));
  headers.set("Cache-Control", "no-store");
  return redirect(to, { headers });
}

/** Ends this browser's school session (the row and the cookie) and leads to `to`. */
export async function schoolSignOutAndRedirect(request: Request, to: string): Promise<Response> {
  const sessionId = await schoolSessionIdFrom(request);
  if (sessionId) deleteSession(sessionId);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await schoolCookie.serialize("", { maxAge: 0 }));
  return redirect(to, { headers });
}
