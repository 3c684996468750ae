import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { resetLimits } from "~/limits/rate-limit.server";
import * as admin from "~/routes/admin/admin";
import * as parentPage from "~/routes/parent/parent";
import * as parentCertificates from "~/routes/parent/parent-certificates";
import * as adminCards from "~/routes/admin/admin-cards";
import * as adminExport from "~/routes/admin/admin-export";
import * as adminExportFile from "~/routes/admin/admin-export-file";
import * as adminImport from "~/routes/admin/admin-import";
import * as adminCompetition from "~/routes/admin/admin-competition";
import * as adminCompetitionCertificate from "~/routes/admin/admin-competition-certificate";
import * as adminCompetitions from "~/routes/admin/admin-competitions";
import * as teacherCompetition from "~/routes/school/teacher-competition";
import * as teacherCompetitionCertificate from "~/routes/school/teacher-competition-certificate";
import * as teacherCompetitions from "~/routes/school/teacher-competitions";
import { insertCompetition } from "~/models/competitions.server";

import * as adminNewYear from "~/routes/admin/admin-new-year";
import * as gameCalm from "~/routes/game/calm";
import * as gameCalmPlay from "~/routes/game/calm-play";
import * as gameFinish from "~/routes/game/finish";
import * as gameMtc from "~/routes/game/mtc";
import * as gameMtcPlay from "~/routes/game/mtc-play";
import * as gamePage from "~/routes/game/game";
import * as gamePlay from "~/routes/game/play";
import * as gamePractice from "~/routes/game/practice";
import * as gameStart from "~/routes/game/start";
import * as gameTables from "~/routes/game/tables";
import * as gameMode from "~/routes/game/mode";
import * as studentMode from "~/routes/school/student-game-mode";
import * as dailyChallenge from "~/routes/daily/daily-challenge";
import * as studentGame from "~/routes/school/student-game";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentPlay from "~/routes/school/student-game-play";
import * as studentMtc from "~/routes/school/student-game-mtc";
import * as studentMtcPlay from "~/routes/school/student-game-mtc-play";
import * as studentPractice from "~/routes/school/student-game-practice";
import * as studentStart from "~/routes/school/student-game-start";
import * as studentProgress from "~/routes/school/student-progress";
import * as teacherCards from "~/routes/school/teacher-cards";
import * as teacherClassSettings from "~/routes/school/teacher-class-settings";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import * as teacherExport from "~/routes/school/teacher-export";
import * as teacherImport from "~/routes/school/teacher-import";
import * as teacherOverview from "~/routes/school/teacher-overview";
import * as teacherMtc from "~/routes/school/teacher-mtc";
import * as teacherParentLetters from "~/routes/school/teacher-parent-letters";
import * as teacherWork from "~/routes/school/teacher-work";
import { formRequest, outcome, type Outcome } from "./route-call";
import { entryProblems } from "./route-entries";
import { insertClass } from "~/models/schools.server";
import { newClassLoginKey } from "~/school/login-codes.server";
import { makeSchool, memberSession, schoolCookie, type SchoolFixture } from "./school-fixtures";
import * as cardAddressPage from "~/routes/school/card-address";
import * as teacherLoginLink from "~/routes/school/teacher-login-link";
import { cardKeyOf } from "~/school/card-keys.server";
import { signInToken } from "~/school/teacher-sign-in-links.server";
import { teacherSignInOf } from "~/models/students.server";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Every role against every school page and action (docs/product.md#users-and-roles): nobody, a member, an admin,
 * a teacher and a pupil of school A, and a teacher and a pupil of school B, always aimed at school A's class and
 * pupil. Only the owner (or an admin, on the admin panel) is served; everyone else is sent to their login, refused,
 * or told the thing does not exist, and nothing is written.
 */

const ROLES = ["nobody", "member", "admin", "teacherA", "teacherB", "studentA", "studentB"] as const;
type Role = (typeof ROLES)[number];
const cookies = {} as Record<Role, string>;

let A: SchoolFixture;
let B: SchoolFixture;

beforeAll(async () => {
  A = makeSchool("A");
  B = makeSchool("B");
  // Pupil A's teacher gave them both extra games, pupil B's none (docs/decisions/0083-extra-games-per-pupil.md).
  db.$client
    .prepare("UPDATE students SET extra_games = ? WHERE id = ?")
    .run(JSON.stringify({ bonds: ["10"], doubles: ["20"] }), A.studentId);
  cookies.nobody = "";
  cookies.member = (await memberSession("member", "Roles")).cookie;
  cookies.admin = (await memberSession("admin", "Roles")).cookie;
  cookies.teacherA = await schoolCookie({ teacherId: A.teacherId });
  cookies.teacherB = await schoolCookie({ teacherId: B.teacherId });
  cookies.studentA = await schoolCookie({ studentId: A.studentId });
  cookies.studentB = await schoolCookie({ studentId: B.studentId });
});

type Route = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

function get(route: Route, role: Role, url: string): Promise<Outcome> {
  const request = formRequest(url, { cookie: cookies[role] });
  return outcome(async () => route.loader!({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never));
}

function post(route: Route, role: Role, url: string, body: Record<string, string>): Promise<Outcome> {
  resetLimits();
  const request = formRequest(url, { cookie: cookies[role], body });
  return outcome(async () => route.action!({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never));
}

/** A roster import's form (multipart), posted as `role`. */
function postList(route: Route, role: Role, url: string, intent: string): Promise<Outcome> {
  resetLimits();
  const body = new FormData();
  body.set("intent", intent);
  body.set("text", "Imported Intruder");
  const headers = cookies[role] ? { Cookie: cookies[role] } : undefined;
  const request = new Request(url, { method: "POST", headers, body });
  return outcome(async () => route.action!({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never));
}

/** School A's pupil as stored: any write by someone not allowed would change this. */
const pupilA = () =>
  db.$client.prepare("SELECT name, login_code, allowed_operations FROM students WHERE id = ?").get(A.studentId);
const settingsA = () =>
  db.$client.prepare("SELECT extra_time, calm, difficulty FROM students WHERE id = ?").get(A.studentId);
const counts = () =>
  db.$client
    .prepare(
      `SELECT (SELECT count(*) FROM schools) AS schools, (SELECT count(*) FROM classes) AS classes,
              (SELECT count(*) FROM students) AS students, (SELECT count(*) FROM teachers) AS teachers,
              (SELECT count(*) FROM game_runs) AS runs,
              (SELECT group_concat(token_hash) FROM parent_links) AS parentLinks,
              (SELECT group_concat(id || target || due_day) FROM set_work) AS setWork`,
    )
    .get();

/** Who is turned away, and how: a redirect to a login page, a 403, a 404, or a 401 for the game's JSON. */
function expectTurnedAway(o: Outcome, how: "teacher-login" | "student-login" | 401 | 403 | 404) {
  if (typeof how === "number") expect(o.status).toBe(how);
  else expect(o.location).toBe(`/${how}`);
}

describe("the teacher's pages, aimed at school A's class", () => {
  const pages: [string, Route, string][] = [
    ["dashboard", teacherDashboard, "/teacher-dashboard"],
    ["overview", teacherOverview, "/teacher-dashboard/overview"],
    ["class settings", teacherClassSettings, "/teacher-dashboard/settings"],
    ["login cards", teacherCards, "/teacher-dashboard/cards"],
    ["results export", teacherExport, "/teacher-dashboard/export"],
    ["times tables check", teacherMtc, "/teacher-dashboard/mtc"],
    ["parent letters", teacherParentLetters, "/teacher-dashboard/parent-letters"],
    ["roster import", teacherImport, "/teacher-dashboard/import"],
    ["set work", teacherWork, "/teacher-dashboard/work"],
  ];
  for (const [name, route, path] of pages) {
    it.each(ROLES)(`${name}: %s`, async (role) => {
      const o = await get(route, role, `http://x${path}?class=${A.classId}`);
      if (role === "teacherA") expect(o.status).toBe(200);
      else if (role === "teacherB") expectTurnedAway(o, 404);
      else expectTurnedAway(o, "teacher-login");
    });
  }

  const actions: [string, Record<string, string>][] = [
    [
      "add-student",
      { intent: "add-student", classId: "", name: "Intruder", operations: "addition", difficulty: "easy" },
    ],
    [
      "edit-student",
      { intent: "edit-student", studentId: "", name: "Renamed", operations: "subtraction", difficulty: "hard" },
    ],
    ["regenerate-code", { intent: "regenerate-code", studentId: "" }],
    ["delete-student", { intent: "delete-student", studentId: "" }],
    ["give-parent-link", { intent: "give-parent-link", studentId: "" }],
    ["stop-parent-link", { intent: "stop-parent-link", studentId: "" }],
    ["give-class-parent-links", { intent: "give-class-parent-links", classId: "" }],
  ];
  for (const [name, fields] of actions) {
    it.each(ROLES.filter((role) => role !== "teacherA"))(`${name} by %s: refused, nothing written`, async (role) => {
      const body = { ...fields, ...(fields.classId === "" ? { classId: A.classId } : { studentId: A.studentId }) };
      const before = { pupil: pupilA(), counts: counts() };
      const o = await post(teacherDashboard, role, "http://x/teacher-dashboard", body);
      if (role === "teacherB") expectTurnedAway(o, 404);
      else expectTurnedAway(o, "teacher-login");
      expect({ pupil: pupilA(), counts: counts() }).toEqual(before);
    });
  }

  for (const intent of ["preview", "import"])
    it.each(ROLES.filter((role) => role !== "teacherA"))(
      `the roster import's ${intent} by %s: refused, nothing written`,
      async (role) => {
        const before = { pupil: pupilA(), counts: counts() };
        const o = await postList(teacherImport, role, `http://x/teacher-dashboard/import?class=${A.classId}`, intent);
        if (role === "teacherB") expectTurnedAway(o, 404);
        else expectTurnedAway(o, "teacher-login");
        expect({ pupil: pupilA(), counts: counts() }).toEqual(before);
      },
    );

  it.each(ROLES.filter((role) => role !== "teacherA"))(
    "class-settings by %s: refused, nothing written",
    async (role) => {
      const before = { pupil: pupilA(), settings: settingsA(), counts: counts() };
      const o = await post(teacherClassSettings, role, `http://x/teacher-dashboard/settings?class=${A.classId}`, {
        intent: "class-settings",
        classId: A.classId,
        operations: "division",
        extraTime: "2",
        calm: "on",
      });
      if (role === "teacherB") expectTurnedAway(o, 404);
      else expectTurnedAway(o, "teacher-login");
      expect({ pupil: pupilA(), settings: settingsA(), counts: counts() }).toEqual(before);
    },
  );

  it.each(ROLES.filter((role) => role !== "teacherA"))(
    "the class goal by %s: refused, nothing written",
    async (role) => {
      const goal = () =>
        db.$client.prepare("SELECT goal_count, goal_day, goal_set_at FROM classes WHERE id = ?").get(A.classId);
      const before = { goal: goal(), counts: counts() };
      const o = await post(teacherClassSettings, role, `http://x/teacher-dashboard/settings?class=${A.classId}`, {
        intent: "class-goal",
        classId: A.classId,
        goalCount: "100",
        goalDay: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      });
      if (role === "teacherB") expectTurnedAway(o, 404);
      else expectTurnedAway(o, "teacher-login");
      expect({ goal: goal(), counts: counts() }).toEqual(before);
    },
  );

  for (const intent of ["set-work", "change-work", "remove-work"])
    it.each(ROLES.filter((role) => role !== "teacherA"))(
      `set work's ${intent} by %s: refused, nothing written`,
      async (role) => {
        // School A's teacher sets a piece of work; nobody else may set, change or remove it.
        const own = await post(teacherWork, "teacherA", `http://x/teacher-dashboard/work?class=${A.classId}`, {
          intent: "set-work",
          targetKind: "games",
          target: "3",
          gameKind: "any",
          due: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        });
        expect(own.status).toBe(302);
        const workId = (
          db.$client.prepare("SELECT id FROM set_work WHERE class_id = ? ORDER BY set_at DESC").get(A.classId) as {
            id: string;
          }
        ).id;
        const before = counts();
        const o = await post(teacherWork, role, `http://x/teacher-dashboard/work?class=${A.classId}`, {
          intent,
          workId,
          targetKind: "games",
          target: "9",
          gameKind: "any",
          due: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        });
        if (role === "teacherB") expectTurnedAway(o, 404);
        else expectTurnedAway(o, "teacher-login");
        expect(counts()).toEqual(before);
        db.$client.prepare("DELETE FROM set_work").run();
      },
    );

  it("school A's own teacher is served by the same action", async () => {
    const o = await post(teacherDashboard, "teacherA", "http://x/teacher-dashboard", {
      intent: "edit-student",
      studentId: A.studentId,
      name: "Pupil A",
      operations: "addition",
      difficulty: "easy",
    });
    expect(o.status).toBe(302);
    expect(o.location).toBe(`/teacher-dashboard?class=${A.classId}`);
  });
});

describe("the parent page: a link opens its one pupil for anyone who has it, and nothing else", () => {
  let token = "";
  beforeAll(async () => {
    // School A's teacher gives their pupil a link (and school B's pupil has one too).
    for (const [role, school] of [
      ["teacherA", A],
      ["teacherB", B],
    ] as const) {
      const o = await post(teacherDashboard, role, "http://x/teacher-dashboard", {
        intent: "give-parent-link",
        studentId: school.studentId,
      });
      expect(o.status).toBe(302);
    }
    const letters = await get(
      teacherParentLetters,
      "teacherA",
      `http://x/teacher-dashboard/parent-letters?class=${A.classId}`,
    );
    token = (letters.data as { letters: { link: string }[] }).letters[0]!.link.split("/parent/")[1]!;
  });

  const open = (role: Role, t: string) => {
    resetLimits();
    const request = formRequest(`http://x/parent/${t}`, { cookie: cookies[role] });
    return outcome(async () =>
      parentPage.loader({ request, params: { token: t }, context: { clientAddress: "192.0.2.1" } } as never),
    );
  };

  it.each(ROLES)("school A's pupil's link, opened by %s: that pupil only", async (role) => {
    const o = await open(role, token);
    expect(o.status).toBe(200);
    const page = JSON.stringify(o.data);
    expect(page).toContain('"firstName":"Pupil"');
    expect(page).toContain("Class A");
    expect(page).not.toContain("Class B");
  });

  it.each(ROLES)("a link that is no one's, opened by %s: 404", async (role) => {
    expect((await open(role, "Z".repeat(43))).status).toBe(404);
  });

  // Its certificates page (docs/product.md#sticker-book): the same gate, the same pupil, first name only.
  const certificates = (role: Role, t: string) => {
    resetLimits();
    const request = formRequest(`http://x/parent/${t}/certificates`, { cookie: cookies[role] });
    return outcome(async () =>
      parentCertificates.loader({ request, params: { token: t }, context: { clientAddress: "192.0.2.1" } } as never),
    );
  };

  it.each(ROLES)("its certificates, opened by %s: that pupil only; no one's link: 404", async (role) => {
    const o = await certificates(role, token);
    expect(o.status).toBe(200);
    expect((o.data as { firstName: string }).firstName).toBe("Pupil");
    expect((await certificates(role, "Z".repeat(43))).status).toBe(404);
  });
});

describe("the public games: a pupil is sent to their own, everyone else plays (docs/product.md#a-pupils-own-games)", () => {
  const pages: [string, Route, string, string][] = [
    ["solo", gamePage, "/game", "/student-game?ready=1"],
    ["the game without JavaScript", gamePlay, "/game/play?difficulty=normal", "/student-game?ready=1"],
    ["calm", gameCalm, "/game/calm", "/student-game?ready=1"],
    ["calm without JavaScript", gameCalmPlay, "/game/calm/play", "/student-game?ready=1"],
    ["times tables", gameTables, "/game/tables", "/student-game?ready=1"],
    ["practice", gamePractice, "/game/practice", "/student-game/practice"],
    ["the check's rehearsal", gameMtc, "/game/mtc", "/student-game/mtc"],
    ["the rehearsal without JavaScript", gameMtcPlay, "/game/mtc/play", "/student-game/mtc"],
    ["daily challenge", dailyChallenge, "/daily-challenge", "/student-game?ready=1"],
  ];
  for (const [name, route, path, own] of pages) {
    it.each(ROLES)(`${name}: %s`, async (role) => {
      const o = await get(route, role, `http://x${path}`);
      if (role === "studentA" || role === "studentB") expect(o.location).toBe(own);
      else expect(o.location ?? "").not.toMatch(/^\/student-game/);
    });
    if (route.action) {
      it(`${name}'s form, sent by a pupil: their own game, nothing written`, async () => {
        const before = counts();
        const o = await post(route, "studentA", `http://x${path}`, { difficulty: "normal", operations: "addition" });
        expect(o.location).toBe(own);
        expect(counts()).toEqual(before);
      });
    }
  }

  // The modes whose definition makes their pages (docs/product.md#number-bonds, docs/product.md#doubles-and-halves).
  for (const mode of ["bonds", "doubles"]) {
    it.each(ROLES)(`${mode}: a pupil plays it on their own page, everyone else on the site's: %s`, async (role) => {
      const call = (route: Route, path: string) => {
        const request = formRequest(`http://x${path}`, { cookie: cookies[role] });
        return outcome(async () =>
          route.loader!({ request, params: { mode }, context: { clientAddress: "192.0.2.1" } } as never),
        );
      };
      const site = await call(gameMode, `/game/${mode}`);
      const pupils = await call(studentMode, `/student-game/${mode}`);
      if (role === "studentA" || role === "studentB") {
        // To the mode's own page only when their teacher gave it them; else to their own game.
        expect(site.location).toBe(role === "studentA" ? `/student-game/${mode}` : "/student-game?ready=1");
        expect(pupils.status).toBe(role === "studentA" ? 200 : 403);
      } else {
        expect(site.status).toBe(200);
        expect(pupils.location ?? "").toMatch(/^\/student-login/);
      }
    });
  }

  it.each(ROLES)("a public run's start and finish: %s", async (role) => {
    const start = await get(gameStart, role, "http://x/game/start?difficulty=normal&timeLimit=60");
    const request = new Request("http://x/game/finish", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookies[role] ? { Cookie: cookies[role] } : {}) },
      body: JSON.stringify({ token: "x", answers: [] }),
    });
    const finish = await outcome(async () =>
      gameFinish.action({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never),
    );
    const pupil = role === "studentA" || role === "studentB";
    expect(start.status).toBe(pupil ? 403 : 200);
    expect(finish.status).toBe(pupil ? 403 : 400);
  });
});

describe("the pupil's pages: each pupil reaches only their own", () => {
  const pages: [string, Route, string][] = [
    ["game", studentGame, "/student-game"],
    ["progress", studentProgress, "/student-progress"],
  ];
  for (const [name, route, path] of pages) {
    it.each(ROLES)(`${name}: %s`, async (role) => {
      const o = await get(route, role, `http://x${path}`);
      if (role === "studentA" || role === "studentB") {
        expect(o.status).toBe(200);
        const page = JSON.stringify(o.data);
        expect(page).toContain(role === "studentA" ? "Pupil A" : "Pupil B");
        expect(page).not.toContain(role === "studentA" ? "Pupil B" : "Pupil A");
      } else expectTurnedAway(o, "student-login");
    });
  }

  it.each(ROLES)("a game without JavaScript: %s", async (role) => {
    const o = await get(studentPlay, role, "http://x/student-game/play");
    // A pupil's new game starts at once: a redirect to its first problem, made from their own settings.
    if (role === "studentA" || role === "studentB") expect(o.location).toMatch(/^\/student-game\/play\?token=/);
    else expectTurnedAway(o, "student-login");
  });

  it.each(ROLES)("a game's start: %s", async (role) => {
    const o = await get(studentStart, role, "http://x/student-game/start");
    const response = o.response!;
    if (role === "studentA" || role === "studentB") expect(response.status).toBe(200);
    else expectTurnedAway(o, 401);
  });

  it.each(ROLES)("Practise my facts: %s", async (role) => {
    const before = counts();
    const request = formRequest("http://x/student-game/practice", { cookie: cookies[role], body: { go: "paged" } });
    const o = await outcome(() =>
      studentPractice.action({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never),
    );
    // A pupil's practice starts at once, from their own teacher's settings; it writes nothing until its finish.
    if (role === "studentA" || role === "studentB") expect(o.location).toMatch(/^\/student-game\/play\?token=/);
    else expectTurnedAway(o, "student-login");
    expect(counts()).toEqual(before);
  });

  it.each(ROLES)("the times tables check rehearsal: %s", async (role) => {
    const before = counts();
    const page = await get(studentMtc, role, "http://x/student-game/mtc");
    const started = await post(studentMtc, role, "http://x/student-game/mtc", { go: "paged" });
    // A pupil's rehearsal starts at once; it writes nothing until its finish.
    if (role === "studentA" || role === "studentB") {
      expect(page.data).toMatchObject({ kind: "choose", seconds: 6, finished: null });
      expect(started.location).toMatch(/^\/student-game\/mtc\/play\?token=/);
      const token = new URL(started.location!, "http://x").searchParams.get("token")!;
      // Its pages are the pupil's own: the other school's pupil is turned away.
      const other = role === "studentA" ? "studentB" : "studentA";
      const theirs = await get(
        studentMtcPlay,
        other,
        `http://x/student-game/mtc/play?token=${encodeURIComponent(token)}`,
      );
      expect(theirs.status).toBe(403);
    } else {
      expectTurnedAway(page, "student-login");
      expectTurnedAway(started, "student-login");
    }
    expect(counts()).toEqual(before);
  });

  it.each(ROLES.filter((role) => !role.startsWith("student")))(
    "a game's finish by %s: refused, nothing written",
    async (role) => {
      const before = counts();
      const request = new Request("http://x/student-game/finish", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookies[role] },
        body: JSON.stringify({ token: "x", answers: [] }),
      });
      const o = await outcome(async () =>
        studentFinish.action({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never),
      );
      expectTurnedAway(o, 401);
      expect(counts()).toEqual(before);
    },
  );
});

describe("the admin panel: admins only", () => {
  it.each(ROLES)("the panel: %s", async (role) => {
    const o = await get(admin, role, `http://x/admin?tab=schools&class=${A.classId}`);
    if (role === "admin") {
      expect(o.status).toBe(200);
      expect((o.data as { view: string }).view).not.toBe("login");
    } else if (role === "member") expectTurnedAway(o, 403);
    else {
      // The login form, whatever a teacher's or pupil's code session says.
      expect(o.status).toBe(200);
      expect((o.data as { view: string }).view).toBe("login");
    }
  });

  it.each(ROLES)("a class's login cards: %s", async (role) => {
    const o = await get(adminCards, role, `http://x/admin/cards?class=${A.classId}`);
    if (role === "admin") {
      expect(o.status).toBe(200);
      expect(JSON.stringify(o.data)).toContain("Pupil A");
    } else if (role === "member") expectTurnedAway(o, 403);
    else expect(o.location).toBe("/admin");
  });

  it.each(ROLES)("a school's export page: %s", async (role) => {
    const o = await get(adminExport, role, `http://x/admin/export?school=${A.schoolId}`);
    if (role === "admin") expect(JSON.stringify(o.data)).toContain("School A");
    else if (role === "member") expectTurnedAway(o, 403);
    else expect(o.location).toBe("/admin");
  });

  it.each(ROLES)("a school's export file: %s", async (role) => {
    const o = await post(adminExportFile, role, "http://x/admin/export/file", { school: A.schoolId, format: "zip" });
    if (role === "admin") {
      expect(o.status).toBe(200);
      expect(o.response!.headers.get("Content-Type")).toBe("application/zip");
    } else if (role === "member") expectTurnedAway(o, 403);
    else expect(o.location).toBe("/admin");
  });
  for (const query of ["class", "school"] as const)
    it.each(ROLES)(`the roster import of a ${query}: %s`, async (role) => {
      const url = `http://x/admin/import?${query}=${query === "class" ? A.classId : A.schoolId}`;
      const page = await get(adminImport, role, url);
      const before = counts();
      const o = await postList(adminImport, role, url, "preview");
      if (role === "admin") {
        expect(page.status).toBe(200);
        expect(o.status).toBe(query === "class" ? 200 : 422);
      } else if (role === "member") {
        expectTurnedAway(page, 403);
        expectTurnedAway(o, 403);
      } else {
        expect(page.location).toBe("/admin");
        expect(o.location).toBe("/admin");
      }
      expect(counts()).toEqual(before);
    });

  // The new school year (docs/product.md#new-school-year): an admin's alone; a start by anyone else writes nothing.
  it.each(ROLES)("a school's new school year: %s", async (role) => {
    const url = `http://x/admin/new-year?school=${A.schoolId}`;
    const { version } = (await get(adminNewYear, "admin", url)).data as { version: string };
    // Every class of the school is in the form (the fixture's school may have more than one).
    const schoolClasses = db.$client
      .prepare<[string], { id: string; teacherId: string }>(
        "SELECT id, teacher_id AS teacherId FROM classes WHERE school_id = ?",
      )
      .all(A.schoolId);
    const form: Record<string, string> = { version };
    for (const [i, c] of schoolClasses.entries()) {
      form[`name-${c.id}`] = c.id === A.classId ? "Class A moved up" : `Class ${i} moved up`;
      form[`teacher-${c.id}`] = c.teacherId;
      form[`fate-${c.id}`] = c.id === A.classId ? "leaves" : "up";
    }
    const page = await get(adminNewYear, role, url);
    const before = { counts: counts(), classes: db.$client.prepare("SELECT name, teacher_id FROM classes").all() };
    const archivedBefore = db.$client.prepare("SELECT count(*) AS n FROM students WHERE archived_at IS NOT NULL").get();
    const o = await post(adminNewYear, role, url, { ...form, intent: role === "admin" ? "preview" : "start" });
    if (role === "admin") {
      expect(page.status).toBe(200);
      expect(o.status).toBe(200);
      expect(JSON.stringify(o.data)).toContain("Class A moved up");
    } else if (role === "member") {
      expectTurnedAway(page, 403);
      expectTurnedAway(o, 403);
    } else {
      expect(page.location).toBe("/admin");
      expect(o.location).toBe("/admin");
    }
    expect({ counts: counts(), classes: db.$client.prepare("SELECT name, teacher_id FROM classes").all() }).toEqual(
      before,
    );
    expect(db.$client.prepare("SELECT count(*) AS n FROM students WHERE archived_at IS NOT NULL").get()).toEqual(
      archivedBefore,
    );
  });

  it("an unknown or malformed class has no cards", async () => {
    for (const id of ["no-such-class-id-at-all", "bad id!"]) {
      expect((await get(adminCards, "admin", `http://x/admin/cards?class=${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });

  const actions: Record<string, string>[] = [
    { intent: "create-school", name: "Sneaky School" },
    { intent: "edit-student", studentId: "A", name: "Renamed", operations: "subtraction", difficulty: "hard" },
    { intent: "regenerate-student-code", studentId: "A" },
    { intent: "erase-student", studentId: "A" },
    { intent: "add-student", classId: "A", name: "Intruder", operations: "addition", difficulty: "easy" },
  ];
  for (const fields of actions) {
    it.each(ROLES.filter((role) => role !== "admin"))(
      `${fields.intent} by %s: refused, nothing written`,
      async (role) => {
        const body = Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [k, v === "A" ? (k === "classId" ? A.classId : A.studentId) : v]),
        );
        const before = { pupil: pupilA(), counts: counts() };
        const o = await post(admin, role, "http://x/admin", body);
        if (role === "member") expectTurnedAway(o, 403);
        else expect(o.location).toBe("/admin");
        expect({ pupil: pupilA(), counts: counts() }).toEqual(before);
      },
    );
  }
});

describe("class competitions, aimed at school A's (docs/product.md#class-competition)", () => {
  let competitionId: string;
  let secondClass: string;
  const competitionCount = () =>
    (db.$client.prepare("SELECT count(*) AS n FROM competitions").get() as { n: number }).n;

  beforeAll(() => {
    secondClass = insertClass({
      name: "Class A2",
      schoolId: A.schoolId,
      teacherId: A.teacherId,
      loginKey: newClassLoginKey(),
    });
    const today = ukDay(Date.now());
    competitionId = db.$client.transaction(() =>
      insertCompetition(
        {
          schoolId: A.schoolId,
          name: "Roles Cup",
          startsOn: today,
          endsOn: addDays(today, 3),
          startedByKind: "teacher",
          startedByName: "Teacher A",
          classIds: [A.classId, secondClass],
        },
        Date.now(),
      ),
    )();
  });

  it.each(ROLES)("the teacher's pages: %s", async (role) => {
    const list = await get(teacherCompetitions, role, "http://x/teacher-dashboard/competitions");
    const standings = await get(teacherCompetition, role, `http://x/teacher-dashboard/competition?id=${competitionId}`);
    const certificate = await get(
      teacherCompetitionCertificate,
      role,
      `http://x/teacher-dashboard/competition/certificate?id=${competitionId}`,
    );
    if (role === "teacherA") {
      expect([list.status, standings.status, certificate.status]).toEqual([200, 200, 200]);
      expect(JSON.stringify(list.data)).toContain("Roles Cup");
    } else if (role === "teacherB") {
      // Their own school's list, which has none of school A's; school A's competition is the 404.
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.data)).not.toContain("Roles Cup");
      expectTurnedAway(standings, 404);
      expectTurnedAway(certificate, 404);
    } else for (const o of [list, standings, certificate]) expectTurnedAway(o, "teacher-login");
  });

  it.each(ROLES)("a secured-facts competition's standings: %s", async (role) => {
    const today = ukDay(Date.now());
    const factsId = db.$client.transaction(() =>
      insertCompetition(
        {
          schoolId: A.schoolId,
          name: "Facts Cup",
          startsOn: today,
          endsOn: addDays(today, 3),
          startedByKind: "teacher",
          startedByName: "Teacher A",
          classIds: [A.classId, secondClass],
          pointsFrom: "facts",
        },
        Date.now(),
      ),
    )();
    const teacher = await get(teacherCompetition, role, `http://x/teacher-dashboard/competition?id=${factsId}`);
    const admin = await get(adminCompetition, role, `http://x/admin/competition?id=${factsId}`);
    if (role === "teacherA") {
      expect(teacher.status).toBe(200);
      expect(teacher.data).toMatchObject({ competition: { pointsFrom: "facts" }, fairShare: 12 });
    } else if (role === "teacherB") expectTurnedAway(teacher, 404);
    else expectTurnedAway(teacher, "teacher-login");
    if (role === "admin") expect(admin.status).toBe(200);
    else if (role === "member") expectTurnedAway(admin, 403);
    else expect(admin.location).toBe("/admin");
    db.$client.prepare("DELETE FROM competitions WHERE id = ?").run(factsId);
  });

  it.each(ROLES)("the admin's pages: %s", async (role) => {
    const outcomes = [
      await get(adminCompetitions, role, `http://x/admin/competitions?school=${A.schoolId}`),
      await get(adminCompetition, role, `http://x/admin/competition?id=${competitionId}`),
      await get(adminCompetitionCertificate, role, `http://x/admin/competition/certificate?id=${competitionId}`),
    ];
    for (const o of outcomes) {
      if (role === "admin") expect(o.status).toBe(200);
      else if (role === "member") expectTurnedAway(o, 403);
      else expect(o.location).toBe("/admin");
    }
  });

  it.each(ROLES.filter((role) => role !== "teacherA"))(
    "start and cancel at the teacher's address by %s: refused, nothing written",
    async (role) => {
      const before = { n: competitionCount(), counts: counts() };
      const today = ukDay(Date.now());
      const request = (body: string) =>
        new Request("http://x/teacher-dashboard/competitions", {
          method: "POST",
          headers: { Cookie: cookies[role], "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
      const started = await outcome(async () =>
        teacherCompetitions.action({
          request: request(
            new URLSearchParams([
              ["intent", "start"],
              ["name", "Sneaky Cup"],
              ["startsOn", today],
              ["endsOn", today],
              ["classes", A.classId],
              ["classes", secondClass],
              ["pointsFrom", "facts"],
            ]).toString(),
          ),
          params: {},
          context: { clientAddress: "192.0.2.1" },
        } as never),
      );
      const cancelled = await post(teacherCompetitions, role, "http://x/teacher-dashboard/competitions", {
        intent: "cancel",
        id: competitionId,
      });
      if (role === "teacherB") {
        expect(started.status).toBe(400); // school A's classes are not of their school
        expectTurnedAway(cancelled, 404);
      } else {
        expectTurnedAway(started, "teacher-login");
        expectTurnedAway(cancelled, "teacher-login");
      }
      expect({ n: competitionCount(), counts: counts() }).toEqual(before);
    },
  );

  it.each(ROLES.filter((role) => role !== "admin"))(
    "start and cancel at the admin's address by %s: refused, nothing written",
    async (role) => {
      const before = { n: competitionCount(), counts: counts() };
      const url = `http://x/admin/competitions?school=${A.schoolId}`;
      const o = await post(adminCompetitions, role, url, { intent: "cancel", id: competitionId });
      if (role === "member") expectTurnedAway(o, 403);
      else expect(o.location).toBe("/admin");
      expect({ n: competitionCount(), counts: counts() }).toEqual(before);
    },
  );

  it.each(["studentA", "studentB"] as const)("the pupil's dashboard of %s", async (role) => {
    const o = await get(studentGame, role, "http://x/student-game");
    const shown = JSON.stringify((o.data as { competitions: unknown }).competitions);
    if (role === "studentA") expect(shown).toContain("Roles Cup");
    else expect(shown).not.toContain("Roles Cup");
    expect(shown).not.toContain("Pupil");
  });
});

describe("a login card's own address and a teacher's sign-in link, as every role", () => {
  const codeOf = (table: "students" | "teachers", id: string) =>
    (db.$client.prepare(`SELECT login_code AS c FROM ${table} WHERE id = ?`).get(id) as { c: string }).c;
  const call = (kind: "loader" | "action", route: Route, role: Role, url: string, params: object, body?: object) => {
    resetLimits();
    const request = formRequest(url, { cookie: cookies[role], body: body as Record<string, string> | undefined });
    const fn = route[kind]!;
    return outcome(async () => fn({ request, params, context: { clientAddress: "192.0.2.1" } } as never));
  };
  // A login from a browser ends that browser's school session: the other tests' sessions are made again.
  const freshSessions = async () => {
    cookies.teacherA = await schoolCookie({ teacherId: A.teacherId });
    cookies.teacherB = await schoolCookie({ teacherId: B.teacherId });
    cookies.studentA = await schoolCookie({ studentId: A.studentId });
    cookies.studentB = await schoolCookie({ studentId: B.studentId });
  };
  beforeEach(freshSessions);
  afterEach(freshSessions);

  it.each(ROLES)("a card's page as %s: the form (a pupil goes home); only its pupil's code opens", async (role) => {
    const key = cardKeyOf(A.studentId, codeOf("students", A.studentId));
    const url = `http://x/c/${key}`;
    const page = await call("loader", cardAddressPage, role, url, { shortKey: key });
    if (role.startsWith("student")) expect(page.location).toBe("/student-game");
    else expect(page.status).toBe(200);
    const before = counts();
    for (const code of [codeOf("students", B.studentId), codeOf("teachers", A.teacherId)]) {
      const wrong = await call("action", cardAddressPage, role, url, { shortKey: key }, { code });
      expect(wrong.status).toBe(401);
    }
    expect(counts()).toEqual(before);
    const right = await call(
      "action",
      cardAddressPage,
      role,
      url,
      { shortKey: key },
      {
        code: codeOf("students", A.studentId),
      },
    );
    expect(right.location).toBe("/student-game");
  });

  it.each(ROLES)("a teacher's sign-in link as %s: the link is the proof; a forged one is a 404", async (role) => {
    // Links go only to a confirmed address, and are signed over when it was last proved.
    db.$client
      .prepare("UPDATE teachers SET digest_email = 'a@school.example', digest_confirmed_at = ? WHERE id = ?")
      .run(Date.now(), A.teacherId);
    const token = signInToken(teacherSignInOf({ id: A.teacherId })!, Date.now());
    const url = `http://x/teacher-login/link/${token}`;
    expect((await call("loader", teacherLoginLink, role, url, { token })).status).toBe(200);
    const forged = `${token.slice(0, -2)}xx`;
    const before = counts();
    const refused = await call("action", teacherLoginLink, role, url, { token: forged }, {});
    expect(refused.status).toBe(404);
    expect(counts()).toEqual(before);
    expect((await call("action", teacherLoginLink, role, url, { token }, {})).location).toBe("/teacher-dashboard");
  });
});

/**
 * The role matrix is this file with heat-map-roles.test.ts and live-roles.test.ts: every route of app/routes.ts has
 * an entry in one of them, or is excused here with the reason (docs/product.md#users-and-roles).
 */
const ROLE_MATRIX = ["school-roles", "heat-map-roles", "live-roles"].map((name) =>
  path.join(import.meta.dirname, `${name}.test.ts`),
);
const PUBLIC = "public to everyone, with nothing of anyone's to reach";
const OWN_SESSION = "acts on the caller's own session or sign-in only; fuzzed in fuzz-actions.test.ts";
const NOT_IN_MATRIX: Record<string, string> = {
  "routes/account/settings": "a member's own settings, no school role; fuzzed in fuzz-actions.test.ts",
  "routes/admin/admin-audit": "admin only: everyone else refused in audit-log.test.ts",
  "routes/admin/admin-review": "admin only: no session and a member refused in fair-play.test.ts",
  "routes/auth/auth": OWN_SESSION,
  "routes/auth/logout": OWN_SESSION,
  "routes/auth/oauth-callback": "a provider's return with its own state cookie; oauth.test.ts",
  "routes/auth/oauth-start": OWN_SESSION,
  "routes/auth/reset": "moves a reset token into a cookie; the token decides, not a role",
  "routes/auth/verify": "an e-mail's confirmation link: the token decides, not a role; fuzzed in fuzz-actions.test.ts",
  "routes/boards/leaderboard": PUBLIC,
  "routes/digest/confirm": "a mail's link: the signed token decides, not a role; fuzzed in fuzz-actions.test.ts",
  "routes/digest/unsubscribe": "a mail's link: the signed token decides, not a role; fuzzed in fuzz-actions.test.ts",
  "routes/game/results": "only the run's own player: a run id is not a role (mtc, tables, practice and calm tests)",
  "routes/images/image": "logos, public by their content hash; admin-school.test.ts",
  "routes/school/student-login": OWN_SESSION,
  "routes/school/student-logout": OWN_SESSION,
  "routes/school/teacher-digest": "the teacher's own digest settings; fuzzed in fuzz-actions.test.ts",
  "routes/school/teacher-login": OWN_SESSION,
  "routes/school/teacher-logout": OWN_SESSION,
  "routes/site/about": PUBLIC,
  "routes/site/contact": PUBLIC,
  "routes/site/healthcheck": PUBLIC,
  "routes/site/home": PUBLIC,
  "routes/site/not-found": PUBLIC,
  "routes/site/privacy": PUBLIC,
  "routes/site/robots-txt": PUBLIC,
  "routes/site/school": PUBLIC,
  "routes/site/sitemap-xml": PUBLIC,
  "routes/site/terms": PUBLIC,
  "routes/two-player/two-player": PUBLIC,
};

it("the role matrix has an entry for every route in app/routes.ts (a new one fails until it has)", () => {
  expect(entryProblems(ROLE_MATRIX, NOT_IN_MATRIX)).toEqual([]);
});
