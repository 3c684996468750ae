/**
 * Makes a school for one end-to-end test, straight into the suite's database through the app's own models (as an
 * admin would through /admin, only faster): `node --import tsx tests/e2e/helpers/school-fixture.ts '<json>'`.
 * Prints the school as JSON. Used by ./school.ts.
 */
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent, type StudentSettingsRow } from "~/models/students.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { withFreshShortKey } from "~/school/short-keys.server";

type Request = {
  tag: string;
  classes: { students: ({ name: string } & Partial<StudentSettingsRow>)[] }[];
  /** More teachers of the school, teaching no class yet: `Teacher {n} {tag}` from 2 on. */
  extraTeachers?: number;
};

const request = JSON.parse(process.argv[2] ?? "{}") as Request;
const schoolName = `School ${request.tag}`;
const schoolId = insertSchool(schoolName);
const teacherName = `Teacher ${request.tag}`;
const teacher = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: teacherName, email: null, schoolId, loginCode }),
);
const otherTeachers = Array.from({ length: request.extraTeachers ?? 0 }, (_, i) => {
  const name = `Teacher ${i + 2} ${request.tag}`;
  const made = withFreshLoginCode((loginCode) => insertTeacher({ name, email: null, schoolId, loginCode }));
  return { id: made.value, name, code: made.code };
});
const classes = request.classes.map((wanted, index) => {
  const name = `Class ${index + 1} ${request.tag}`;
  const loginKey = newClassLoginKey();
  let shortKey = "";
  const id = withFreshShortKey((key) => {
    shortKey = key;
    return insertClass({ name, schoolId, teacherId: teacher.value, loginKey, shortKey });
  });
  const students = wanted.students.map((student) => {
    const made = withFreshLoginCode((loginCode) =>
      insertStudent({
        name: student.name,
        classId: id,
        loginCode,
        timesTables: student.timesTables ?? [],
        allowedOperations: student.allowedOperations ?? ["addition"],
        difficulty: student.difficulty ?? "easy",
      }),
    );
    return { id: made.value, name: student.name, code: made.code };
  });
  return { id, name, loginKey, shortKey, students };
});

console.log(
  JSON.stringify({
    school: { id: schoolId, name: schoolName },
    teacher: { id: teacher.value, name: teacherName, code: teacher.code },
    otherTeachers,
    classes,
  }),
);
