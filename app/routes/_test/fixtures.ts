import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { hashPassword } from "~/accounts/password.server";
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";
import { markFactsBackfillDone, recordRunFacts } from "~/models/fact-records.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent, type StudentSettingsRow } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cardKeyOf } from "~/school/card-keys.server";
import { periodOf } from "~/school-rules/competition";
import { withFreshShortKey } from "~/school/short-keys.server";
import { readJsonBody } from "~/utils/request.server";
import { requireTestRoutes } from "~/utils/test-routes.server";
import { addDays, daysBetween, ukDay } from "~/school-rules/uk-days";

/*
 * End-to-end suite only: what a test needs made before it starts, written straight into the database through the
 * app's own models, in the server's process (a test used to start a Node process for each, a second or two apiece).
 * tests/e2e/helpers/fixtures.ts calls it: a school (makeSchool), an admin (createAdmin), a member
 * (createConfirmedMember), finished games (addGames), stickers (addStickers), a class competition moved into the past (finishCompetition) and
 * a pupil's games held or released (setGamesReview).
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

/** Stickers for a pupil, earned `daysAgo` days ago (the sticker book, certificates, a class goal): facts as "*7,8". */
type StickersRequest = { kind: "stickers"; studentId: string; facts: string[]; daysAgo: number };

/** A class competition moved into the past, so that it has finished. */
type FinishCompetitionRequest = { kind: "finish-competition"; competitionId: string };
/** A pupil's own games set as the pace judgement holds them ("held") or an admin releases them ("released"). */
type ReviewRequest = { kind: "review"; className: string; pupilName: string; state: "held" | "released" };

export async function action({ request }: ActionFunctionArgs) {
  requireTestRoutes();
  const body = await readJsonBody(request);
  const wanted = (body.ok ? body.value : {}) as
    | SchoolRequest
    | AdminRequest
    | MemberRequest
    | GamesRequest
    | StickersRequest
    | FinishCompetitionRequest
    | ReviewRequest;
  switch (wanted.kind) {
    case "school":
      return Response.json(makeSchool(wanted));
    case "admin":
      return Response.json(await makeAdmin(wanted));
    case "member":
      return Response.json(await makeMember(wanted));
    case "games":
      return Response.json(addGames(wanted));
    case "stickers":
      return Response.json(addStickers(wanted));
    case "finish-competition":
      return Response.json(finishCompetition(wanted));
    case "review":
      return Response.json(setReview(wanted));
    default:
      return Response.json(
        { error: "kind must be school, admin, member, games, stickers, finish-competition or review" },
        { status: 400 },
      );
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
          extraGames: student.extraGames,
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
      // Records folded as a finish folds them, with no stored run behind them: the one-off backfill (for games from
      // before the records existed, docs/decisions/0051-fact-records-backfilled-by-housekeeping.md) must not make
      // them again from the runs alone when the server's first housekeeping comes a minute in.
      markFactsBackfillDone(now);
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

/** Stickers written as the finish writes them (one row a fact), without the days of play they stand for. */
function addStickers({ studentId, facts, daysAgo }: StickersRequest) {
  const at = Date.now() - daysAgo * 86_400_000;
  const insert = db.$client.prepare(
    `INSERT INTO fact_stickers (student_id, fact, earned_at) VALUES (?, ?, ?)
     ON CONFLICT (student_id, fact) WHERE student_id IS NOT NULL DO NOTHING`,
  );
  db.$client.transaction(() => {
    for (const fact of facts) insert.run(studentId, fact, at);
  })();
  return { added: facts.length };
}

/**
 * Moves a competition's days back so that its last day was yesterday (UK time), and the games its classes' pupils
 * played in it (and the stickers they earned in it) back by as many days, so they still count.
 */
function finishCompetition({ competitionId }: FinishCompetitionRequest) {
  const row = db.$client
    .prepare("SELECT starts_on AS startsOn, ends_on AS endsOn FROM competitions WHERE id = ?")
    .get(competitionId) as { startsOn: string; endsOn: string } | undefined;
  if (!row) throw new Response(`no competition ${competitionId}`, { status: 404 });
  const days = daysBetween(addDays(ukDay(Date.now()), -1), row.endsOn);
  const { from, until } = periodOf(row);
  db.$client.transaction(() => {
    // Its pupils' games, and for a secured-facts competition their stickers, move with it.
    const moved = [
      ["student_performance", "completed_at"],
      ["fact_stickers", "earned_at"],
    ] as const;
    for (const [table, at] of moved) {
      db.$client
        .prepare(
          `UPDATE ${table} SET ${at} = ${at} - ? WHERE ${at} >= ? AND ${at} < ?
             AND student_id IN (SELECT s.id FROM students s JOIN competition_classes cc ON cc.class_id = s.class_id
                                WHERE cc.competition_id = ?)`,
        )
        .run(days * 86_400_000, from, until, competitionId);
    }
    db.$client
      .prepare("UPDATE competitions SET starts_on = ?, ends_on = ? WHERE id = ?")
      .run(addDays(row.startsOn, -days), addDays(row.endsOn, -days), competitionId);
  })();
  return { movedDays: days };
}

/** Sets the review state of the pupil's own games, as the review queue would. */
function setReview({ className, pupilName, state }: ReviewRequest) {
  db.$client
    .prepare(
      `UPDATE game_runs SET review = ? WHERE mode = 'student' AND student_id IN
         (SELECT s.id FROM students s JOIN classes k ON k.id = s.class_id WHERE k.name = ? AND s.name = ?)`,
    )
    .run(state, className, pupilName);
  return { review: state };
}
