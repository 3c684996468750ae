/**
 * The hosts and pupils of bench/live-game.bench.ts: `node --import tsx bench/lib/live-game-seed.ts <hosts>`, with the
 * bench server's environment (its database and session secret). One school; `hosts` teachers, each with a class and a
 * signed-in school session (a host opens a game for their class); the first class has 30 pupils (the joining
 * measurement), the others none (their games are joined by guests). Prints
 * `{ "hosts": [{ "cookie", "classId", "pupils": [{ "id", "name", "loginCode", "cookie" }] }] }` (each pupil signed in) as JSON.
 */
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";

const CLASS_SIZE = 30;
const hosts = Number(process.argv[2] ?? 1);
const schoolId = insertSchool("Bench Live School");
type Pupil = { id: string; name: string; loginCode: string; cookie: string };
const out: { cookie: string; classId: string; pupils: Pupil[] }[] = [];

function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__school="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no school session cookie");
  return cookie;
}

for (let h = 0; h < hosts; h++) {
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Bench Teacher ${h + 1}`, email: null, schoolId, loginCode }),
  );
  const classId = insertClass({
    name: `Bench Class ${h + 1}`,
    schoolId,
    teacherId: teacher.value,
    loginKey: newClassLoginKey(),
  });
  const pupils: Pupil[] = [];
  for (let i = 0; i < (h === 0 ? CLASS_SIZE : 0); i++) {
    const name = `Pupil ${String(i + 1).padStart(2, "0")}`;
    const { value: id, code: loginCode } = withFreshLoginCode((code) =>
      insertStudent({
        name,
        classId,
        loginCode: code,
        timesTables: [],
        allowedOperations: ["addition", "subtraction", "multiplication"],
        difficulty: "medium",
      }),
    );
    // Signed in as at the start of a lesson: a pupil joins with one tap.
    const signedIn = await schoolSignInAndRedirect(new Request("http://localhost/"), { studentId: id }, { to: "/" });
    pupils.push({ id, name, loginCode, cookie: sessionCookieOf(signedIn) });
  }
  const response = await schoolSignInAndRedirect(
    new Request("http://localhost/"),
    { teacherId: teacher.value },
    { to: "/" },
  );
  out.push({ cookie: sessionCookieOf(response), classId, pupils });
}
console.log(JSON.stringify({ hosts: out }));
