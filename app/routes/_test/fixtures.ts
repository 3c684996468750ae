import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { hashPassword } from "~/accounts/password.server";
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";
import { recordRunFacts } from "~/models/fact-records.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent, type StudentSettingsRow } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cardKeyOf } from "~/school/card-keys.server";
import { withFreshShortKey } from "~/school/short-keys.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/*
 * End-to-end suite only: what a test needs made before it starts, written straight into the database through the
 * app's own models, in the server's process (a test used to start a Node process for each, a second or two apiece).
 * tests/e2e/helpers/fixtures.ts calls it: a school (makeSchool), an admin (createAdmin), a member
 * (createConfirmedMember), finished games (addGames).
 */

type SchoolRequest = {
  kind: "school";
  tag: string;
  classes: { students: ({ name: string } & Partial<StudentSettingsRow>)[] }[];
  /** More teachers of the school, teaching no class yet: `Teacher {n} {tag}` from 2 on. */
  extraTeachers?: number;
  /** The address the teacher confirmed for the weekly e-mail, where a sign-in link may go. */
  teacherEmail?: string;
};
type AdminRequest = { kind: "admin"; email: string; password: string };
/** A member who signed up with this address and confirmed it (the sign-up's own steps are accounts-auth.spec.ts's). */
type MemberRequest = { kind: "member"; email: string; username: string; password: string };
type GamesRequest = {
  kind: "games";
  games: {
    studentId: string;
    accuracy: number;
    daysAgo: number;
    answers?: { problem: string; correctAnswer: number; isCorrect: boolean }[];
  }[];
};

export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const wanted = (body.ok ? body.value : {}) as SchoolRequest | AdminRequest | MemberRequest | GamesRequest;
  switch (wanted.kind) {
    case "school":
      return Response.json(makeSchool(wanted));
    case "admin":
      return Response.json(await makeAdmin(wanted));
    case "member":
      return Response.json(await makeMember(wanted));
    case "games":
      return Response.json(addGames(wanted));
    default:
      return Response.json({ error: "kind must be school, admin, member or games" }, { status: 400 });
  }
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}

/** A school named for the tag: its teacher, and each class with its pupils (addition, easy, unless given). */
function makeSchool({ tag, classes, extraTeachers = 0, teacherEmail }: SchoolRequest) {
  const schoolName = `School ${tag}`;
  const schoolId = insertSchool(schoolName);
  const teacherName = `Teacher ${tag}`;
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: teacherName, email: null, schoolId, loginCode }),
  );
  if (teacherEmail)
    db.$client
      .prepare("UPDATE teachers SET digest_email = ?, digest_confirmed_at = ? WHERE id = ?")
      .run(teacherEmail, Date.now(), teacher.value);
  const otherTeachers = Array.from({ length: extraTeachers }, (_, i) => {
    const name = `Teacher ${i + 2} ${tag}`;
    const other = withFreshLoginCode((loginCode) => insertTeacher({ name, email: null, schoolId, loginCode }));
    return { id: other.value, name, code: other.code };
  });
  const made = classes.map((wanted, index) => {
    const name = `Class ${index + 1} ${tag}`;
    const loginKey = newClassLoginKey();
    let shortKey = "";
    const id = withFreshShortKey((key) => {
      shortKey = key;
      return insertClass({ name, schoolId, teacherId: teacher.value, loginKey, shortKey });
    });
    const students = wanted.students.map((student) => {
      const pupil = withFreshLoginCode((loginCode) =>
        insertStudent({
          name: student.name,
          classId: id,
          loginCode,
          timesTables: student.timesTables ?? [],
          allowedOperations: student.allowedOperations ?? ["addition"],
          difficulty: student.difficulty ?? "easy",
        }),
      );
      // The key of the pupil's own card address, /c/{key} (docs/product.md#short-card-address).
      return { id: pupil.value, name: student.name, code: pupil.code, cardKey: cardKeyOf(pupil.value, pupil.code) };
    });
    return { id, name, loginKey, shortKey, students };
  });
  return {
    school: { id: schoolId, name: schoolName },
    teacher: { id: teacher.value, name: teacherName, code: teacher.code },
    otherTeachers,
    classes: made,
  };
}

/** An admin, as `npm run admin:create` makes one (tests/e2e/admin.spec.ts runs that script itself). */
async function makeAdmin({ email, password }: AdminRequest) {
  const created = createMember({
    email,
    phone: null,
    passwordHash: await hashPassword(password),
    username: `Admin ${crypto.randomBytes(6).toString("hex")}`,
    emailVerified: true,
    role: "admin",
  });
  if (!created.ok) throw new Response(`admin not created: ${created.taken}`, { status: 409 });
  return { id: created.id };
}

/** A member with a confirmed e-mail address and a password, signed in nowhere. */
async function makeMember({ email, username, password }: MemberRequest) {
  const created = createMember({
    email,
    phone: null,
    passwordHash: await hashPassword(password),
    username,
    emailVerified: true,
    role: "member",
  });
  if (!created.ok) throw new Response(`member not created: ${created.taken}`, { status: 409 });
  return { id: created.id };
}

/**
 * Finished games (10 questions each, `accuracy` percent right) for pupils, as if they had played; `answers`
 * ("7 × 8 = ?", right or not) are folded into the pupil's fact records as a finish would, so their heat map shows them.
 */
function addGames({ games }: GamesRequest) {
  const now = Date.now();
  for (const game of games) {
    db.insert(studentPerformance)
      .values({
        studentId: game.studentId,
        score: Math.round(game.accuracy / 10),
        totalQuestions: 10,
        timeTaken: 60,
        accuracy: game.accuracy,
        completedAt: now - game.daysAgo * 86_400_000,
      })
      .run();
    if (game.answers) {
      const startedAt = now - game.daysAgo * 86_400_000 - 60_000;
      const answers = game.answers.map((answer, i) => ({ ...answer, timeStamp: startedAt + 2_000 * (i + 1) }));
      recordRunFacts(
        { kind: "student", studentId: game.studentId },
        { startedAt, finishedAt: startedAt + 60_000, answers },
      );
    }
  }
  return { added: games.length };
}
