import { count, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, gameRuns, students } from "~/db/schema";
import { resetLimits } from "~/limits/rate-limit.server";
import { findStudent } from "~/models/students.server";
import { NOT_GIVEN } from "~/pages/mode-pages.server";
import * as dashboard from "~/routes/school/teacher-dashboard";
import * as studentGame from "~/routes/school/student-game";
import * as studentMode from "~/routes/school/student-game-mode";
import * as settingsPage from "~/routes/school/teacher-class-settings";
import { readRunToken } from "~/runs/tokens.server";
import { makeSchool, schoolCookie, type SchoolFixture } from "./school-fixtures";
import { formRequest, outcome, refusal } from "./route-call";

/*
 * The games a teacher gives (docs/decisions/0083-extra-games-per-pupil.md; docs/product.md#teachers): none until the
 * class settings or a pupil's form tick them; a pupil's dashboard links, and /student-game/{mode} starts, only what
 * was given, with the choices given; anything else is refused with nothing written.
 */

const args = (request: Request, params = {}) =>
  ({ request, params, context: { clientAddress: "203.0.113.7" } }) as never;

const CLASS_SETTINGS = {
  intent: "class-settings",
  operations: "addition",
  difficulty: "easy",
  extraTime: "1",
  games: "shown",
};

let n = 0;
let school: SchoolFixture;
let teacherCookie: string;
let pupilCookie: string;

function post(path: string, cookie: string, pairs: [string, string][], route: { action: (a: never) => unknown }) {
  const request = new Request(`http://x${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(pairs).toString(),
  });
  const mode = path.split("?")[0]!.split("/").pop();
  return outcome(() => route.action(args(request, { mode })) as Promise<unknown>);
}

const setClass = (extra: [string, string][]) =>
  post(
    `/teacher-dashboard/settings?class=${school.classId}`,
    teacherCookie,
    [...Object.entries(CLASS_SETTINGS), ["classId", school.classId], ...extra],
    settingsPage,
  );

async function dashboardGames(): Promise<{ to: string; label: string }[]> {
  const shown = await outcome(() =>
    studentGame.loader(args(formRequest("http://x/student-game", { cookie: pupilCookie }))),
  );
  return (shown.data as { games: { to: string; label: string }[] }).games;
}

const runs = () => (db.select({ n: count() }).from(gameRuns).get() as { n: number }).n;

beforeEach(async () => {
  resetLimits();
  n += 1;
  school = makeSchool(`Given ${n}`);
  teacherCookie = await schoolCookie({ teacherId: school.teacherId });
  pupilCookie = await schoolCookie({ studentId: school.studentId });
});

describe("the games a teacher gives", () => {
  it("gives a new pupil none: no More games, and the game's page refused", async () => {
    expect(findStudent(school.studentId)?.extraGames).toEqual({});
    expect(await dashboardGames()).toEqual([]);
    const page = await outcome(() =>
      studentMode.loader(args(formRequest("http://x/student-game/bonds", { cookie: pupilCookie }), { mode: "bonds" })),
    );
    expect(page.status).toBe(403);
    expect(page.data).toMatchObject({ kind: "refused", message: NOT_GIVEN });
  });

  it("gives the whole class number bonds to 10: the pupil sees and plays that only, the change logged", async () => {
    const saved = await setClass([["game-bonds", "10"]]);
    expect(saved.status).toBe(302);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ bonds: ["10"] });
    const entry = db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();
    expect(entry).toMatchObject({ action: "class.settings", subjectId: school.classId });

    expect(await dashboardGames()).toEqual([{ to: "/student-game/bonds", label: "Number bonds" }]);
    const page = await outcome(() =>
      studentMode.loader(args(formRequest("http://x/student-game/bonds", { cookie: pupilCookie }), { mode: "bonds" })),
    );
    const totals = (page.data as { start: { choices: { name: string; options: { value: string }[] }[] } }).start
      .choices[0]!;
    expect(totals.name).toBe("totals");
    expect(totals.options.map((option) => option.value)).toEqual(["10"]);

    const started = await post(
      "/student-game/bonds",
      pupilCookie,
      [
        ["totals", "10"],
        ["timeLimit", "60"],
      ],
      studentMode,
    );
    expect(started.status).toBe(302);
    const token = new URL(started.location!, "http://x").searchParams.get("token")!;
    expect(readRunToken(token)?.spec).toMatchObject({ mode: "bonds", totals: [10] });
  });

  it("refuses a start of a game not given (403) or a total not given (400), writing nothing", async () => {
    await setClass([["game-bonds", "10"]]);
    const before = runs();
    const doubles = await post(
      "/student-game/doubles",
      pupilCookie,
      [
        ["ranges", "20"],
        ["operations", "double"],
        ["timeLimit", "60"],
      ],
      studentMode,
    );
    expect(doubles.status).toBe(403);
    expect(doubles.data).toMatchObject({ kind: "refused", message: NOT_GIVEN });
    const hundred = await post(
      "/student-game/bonds",
      pupilCookie,
      [
        ["totals", "100"],
        ["timeLimit", "60"],
      ],
      studentMode,
    );
    expect(hundred.status).toBe(400);
    expect(refusal(hundred).errors.totals).toEqual(["Choose 10, 20 or 100."]);
    expect(runs()).toBe(before);
  });

  it("takes a game back when none of its boxes is ticked, and refuses a choice that is none of its own", async () => {
    await setClass([
      ["game-bonds", "20"],
      ["game-doubles", "tens"],
    ]);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ bonds: ["20"], doubles: ["tens"] });
    await setClass([["game-doubles", "tens"]]);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ doubles: ["tens"] });
    expect((await dashboardGames()).map((game) => game.to)).toEqual(["/student-game/doubles"]);

    const bad = await setClass([["game-bonds", "7"]]);
    expect(bad.status).toBe(400);
    expect(refusal(bad).errors["game-bonds"]).toEqual(["Choose the games from those shown"]);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ doubles: ["tens"] });
  });

  it("sets one pupil's games from their own form, and a form without the boxes keeps them", async () => {
    const edit = (extra: [string, string][]) =>
      post(
        `/teacher-dashboard?class=${school.classId}&edit=${school.studentId}`,
        teacherCookie,
        [
          ["intent", "edit-student"],
          ["studentId", school.studentId],
          ["name", "Pupil renamed"],
          ["operations", "addition"],
          ...extra,
        ],
        dashboard,
      );
    expect(
      (
        await edit([
          ["games", "shown"],
          ["game-doubles", "20"],
          ["game-doubles", "100"],
        ])
      ).status,
    ).toBe(302);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ doubles: ["20", "100"] });
    const logged = db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();
    expect(logged?.detail).toContain("more games");
    // The admin's form has no boxes for them: the pupil keeps what their teacher gave.
    expect((await edit([])).status).toBe(302);
    expect(findStudent(school.studentId)?.extraGames).toEqual({ doubles: ["20", "100"] });
    expect(db.select().from(students).where(eq(students.id, school.studentId)).get()?.name).toBe("Pupil renamed");
  });
});
