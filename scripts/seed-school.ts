/**
 * The demo school (`npm run db:seed`, via scripts/seed.ts): one school, its teacher, two classes and their pupils,
 * each pupil with three weeks of games, so every school screen opens filled. The games are real runs: answers
 * made for the server's own seeded problems, checked by the engine's verifyRun and saved through the same model
 * as a pupil's finished game (the run ledger and student_performance), exactly as if they had been played.
 *
 * Made once (fixed ids): a later run only reads the school back, so the codes printed stay the same.
 */
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { classes, schools, students, teachers } from "~/db/schema";
import {
  problemSequence,
  rngFromString,
  verifyRun,
  type RunSpec,
  type StudentDifficulty,
  type StudentOperation,
  type SubmittedAnswer,
} from "~/game";
import { saveFinishedRun } from "~/models/runs.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { withFreshShortKey } from "~/school/short-keys.server";

export const DEMO_SCHOOL_ID = "demo-school";
const DAY = 86_400_000;
/** Games go back this many days. */
const HISTORY_DAYS = 21;

type DemoPupil = {
  name: string;
  operations: StudentOperation[];
  timesTables: string[];
  difficulty: StudentDifficulty;
  /** Chance of a right answer three weeks ago, and now: some pupils improve, one slips. */
  from: number;
  to: number;
  games: number;
};

const DEMO_CLASSES: { name: string; pupils: DemoPupil[] }[] = [
  {
    name: "Year 3 Owls",
    pupils: [
      {
        name: "Amara Okafor",
        operations: ["addition", "subtraction"],
        timesTables: [],
        difficulty: "easy",
        from: 0.7,
        to: 0.95,
        games: 14,
      },
      {
        name: "Ben Carter",
        operations: ["addition"],
        timesTables: [],
        difficulty: "easy",
        from: 0.5,
        to: 0.75,
        games: 9,
      },
      {
        name: "Chloé Martin",
        operations: ["addition", "subtraction"],
        timesTables: [],
        difficulty: "medium",
        from: 0.85,
        to: 0.9,
        games: 16,
      },
      {
        name: "Dev Patel",
        operations: ["subtraction"],
        timesTables: [],
        difficulty: "easy",
        from: 0.75,
        to: 0.55,
        games: 7,
      },
    ],
  },
  {
    name: "Year 5 Foxes",
    pupils: [
      {
        name: "Ella O'Brien",
        operations: ["multiplication"],
        timesTables: ["3", "4", "8"],
        difficulty: "medium",
        from: 0.6,
        to: 0.9,
        games: 15,
      },
      {
        name: "Finn Murphy",
        operations: ["multiplication", "division"],
        timesTables: ["6", "7", "9"],
        difficulty: "hard",
        from: 0.55,
        to: 0.65,
        games: 11,
      },
      {
        name: "Grace Liu",
        operations: ["addition", "subtraction", "multiplication", "division"],
        timesTables: [],
        difficulty: "hard",
        from: 0.9,
        to: 0.97,
        games: 18,
      },
      {
        name: "Harry Smith",
        operations: ["division"],
        timesTables: ["2", "5", "10"],
        difficulty: "medium",
        from: 0.45,
        to: 0.6,
        games: 6,
      },
    ],
  },
];

export type DemoSchool = {
  created: boolean;
  school: string;
  teacher: { name: string; code: string };
  classes: { name: string; loginKey: string; pupils: { name: string; code: string }[] }[];
};

/** One demo game: answers 2 to 4 seconds apart for the run's own problems, right with chance `p`. */
function playedGame(spec: RunSpec, id: string, startedAt: number, p: number) {
  const rng = rngFromString(`demo-game:${id}`);
  const problemAt = problemSequence(spec, id);
  const answers: SubmittedAnswer[] = [];
  for (let i = 0, t = rng.int(2000, 4000); t <= 58_000; i++, t += rng.int(2000, 4000)) {
    const answer = problemAt(i).answer;
    answers.push({ i, value: String(rng.next() < p ? answer : answer + rng.int(1, 3)), t });
  }
  const finishedAt = startedAt + 60_000;
  const verdict = verifyRun({ spec, seed: id, answers, startedAt, finishedAt });
  if (!verdict.ok) throw new Error(`a demo game did not verify: ${verdict.message}`);
  return { verdict, finishedAt };
}

function addGames(studentId: string, pupil: DemoPupil, spec: RunSpec, now: number) {
  for (let g = 0; g < pupil.games; g++) {
    // Spread over the school days of the last three weeks, oldest first, in lesson time.
    const daysAgo = Math.round(HISTORY_DAYS - ((g + 0.5) * HISTORY_DAYS) / pupil.games);
    const startedAt = now - daysAgo * DAY - (2 + (g % 5)) * 3_600_000;
    const p = pupil.from + ((pupil.to - pupil.from) * g) / Math.max(1, pupil.games - 1);
    const id = `demo-run-${studentId}-${g}`;
    const { verdict, finishedAt } = playedGame(spec, id, startedAt, p);
    saveFinishedRun({
      id,
      mode: "student",
      gameType: "student",
      player: { kind: "student", studentId },
      summary: verdict.summary,
      records: verdict.records,
      startedAt,
      finishedAt,
      timeTaken: 60,
      timeLimit: 60,
    });
  }
}

function readBack(): DemoSchool {
  const school = db.select().from(schools).where(eq(schools.id, DEMO_SCHOOL_ID)).get()!;
  const teacher = db.select().from(teachers).where(eq(teachers.schoolId, DEMO_SCHOOL_ID)).get()!;
  const classRows = db.select().from(classes).where(eq(classes.schoolId, DEMO_SCHOOL_ID)).orderBy(classes.id).all();
  return {
    created: false,
    school: school.name,
    teacher: { name: teacher.name, code: teacher.loginCode },
    classes: classRows.map((row) => ({
      name: row.name,
      loginKey: row.loginKey,
      pupils: db
        .select({ name: students.name, code: students.loginCode })
        .from(students)
        .where(eq(students.classId, row.id))
        .orderBy(students.name)
        .all(),
    })),
  };
}

/** Makes the demo school when it is not there yet; answers with its logins either way. */
export function seedDemoSchool({ now = Date.now() }: { now?: number } = {}): DemoSchool {
  if (config.env === "production") throw new Error("The demo school is not for production.");
  const exists = db.select({ id: schools.id }).from(schools).where(eq(schools.id, DEMO_SCHOOL_ID)).get();
  if (exists) return readBack();
  db.transaction(() => {
    db.insert(schools).values({ id: DEMO_SCHOOL_ID, name: "Meadowbank Primary (demo)" }).run();
    const teacherId = "demo-teacher";
    withFreshLoginCode((loginCode) =>
      db
        .insert(teachers)
        .values({ id: teacherId, name: "Ms Rahman", email: null, schoolId: DEMO_SCHOOL_ID, loginCode })
        .run(),
    );
    DEMO_CLASSES.forEach((demoClass, c) => {
      const classId = `demo-class-${c + 1}`;
      withFreshShortKey((shortKey) =>
        db
          .insert(classes)
          .values({
            id: classId,
            name: demoClass.name,
            schoolId: DEMO_SCHOOL_ID,
            teacherId,
            loginKey: newClassLoginKey(),
            shortKey,
          })
          .run(),
      );
      demoClass.pupils.forEach((pupil, s) => {
        const studentId = `demo-pupil-${c + 1}-${s + 1}`;
        withFreshLoginCode((loginCode) =>
          db
            .insert(students)
            .values({
              id: studentId,
              name: pupil.name,
              classId,
              loginCode,
              timesTables: pupil.timesTables,
              allowedOperations: pupil.operations,
              difficulty: pupil.difficulty,
            })
            .run(),
        );
        const spec: RunSpec = {
          mode: "student",
          difficulty: pupil.difficulty,
          operations: pupil.operations,
          timesTables: pupil.timesTables,
        };
        addGames(studentId, pupil, spec, now);
      });
    });
  });
  return { ...readBack(), created: true };
}

/** The lines the seed prints: where to log in, and with what. */
export function demoSchoolLogins(demo: DemoSchool, siteUrl: string): string {
  const lines = [
    `${demo.created ? "Made the demo school" : "The demo school"} ${demo.school}:`,
    `  teacher ${demo.teacher.name}: code ${demo.teacher.code} (log in at ${siteUrl}/teacher-login)`,
  ];
  for (const demoClass of demo.classes) {
    lines.push(`  ${demoClass.name}: class login link ${siteUrl}/student-login/${demoClass.loginKey}`);
    for (const pupil of demoClass.pupils) lines.push(`    ${pupil.name}: code ${pupil.code}`);
  }
  return lines.join("\n");
}
