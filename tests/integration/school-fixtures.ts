import { hashPassword } from "~/accounts/password.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import type { StudentOperation } from "~/game/types";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { insertStudent } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cookieSet } from "./route-call";

/* What the school area's integration tests set up: a school with a teacher, a class and a pupil, and sessions. */

export type SchoolFixture = { schoolId: string; teacherId: string; classId: string; studentId: string };

/** `School {tag}`, `Teacher {tag}`, `Class {tag}` and `Pupil {tag}` (easy, the given operations, no tables). */
export function makeSchool(tag: string, operations: StudentOperation[] = ["addition"]): SchoolFixture {
  const schoolId = insertSchool(`School ${tag}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Teacher ${tag}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Class ${tag}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const studentId = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: `Pupil ${tag}`,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: operations,
      difficulty: "easy",
    }),
  ).value;
  return { schoolId, teacherId, classId, studentId };
}

/** A member (or admin) named `{tag} {role}` with a session; its cookie and user id. */
export async function memberSession(
  role: "member" | "admin",
  tag: string,
): Promise<{ cookie: string; userId: string }> {
  const created = createMember({
    email: `${role}@${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`,
    phone: null,
    passwordHash: await hashPassword("a long enough password"),
    username: `${tag} ${role}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error("member not created");
  const id = `${tag}-${role}-session`;
  insertMemberSession({ id, userId: created.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return { cookie: (await sessionCookie.serialize(id)).split(";")[0]!, userId: created.id };
}

/** The `__school` cookie of a teacher's or pupil's new session. */
export async function schoolCookie(owner: { teacherId: string } | { studentId: string }): Promise<string> {
  const response = await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" });
  return cookieSet(response, "__school");
}
