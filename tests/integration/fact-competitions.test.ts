import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import type { AnswerRecord, PaceVerdict } from "~/game";
import { pupilCompetitionsMarkup } from "~/markup/pupil-panels.server";
import { insertCompetition, standingsTallies, uncountedStickers } from "~/models/competitions.server";
import type { Player } from "~/models/player.server";
import { saveFinishedRun } from "~/models/runs.server";
import { insertClass } from "~/models/schools.server";
import { stickersOfRun } from "~/models/stickers.server";
import { insertStudent } from "~/models/students.server";
import * as standingsPage from "~/routes/school/teacher-competition";
import * as certificatePage from "~/routes/school/teacher-competition-certificate";
import * as competitionsPage from "~/routes/school/teacher-competitions";
import { PUPIL_DAY_FACTS, periodOf } from "~/school-rules/competition";
import { addDays, ukDay } from "~/school-rules/uk-days";
import { pupilCompetitions } from "~/school/competitions.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { formRequest, outcome } from "./route-call";
import { makeSchool, schoolCookie, type SchoolFixture } from "./school-fixtures";

/*
 * Class competitions on secured facts (docs/product.md#class-competition,
 * docs/decisions/0093-competitions-on-secured-facts.md): each sticker a pupil earns in the competition's days is one,
 * when the game that earned it counts (a held game's or a second game's at once: none until released), each pupil's
 * day capped at PUPIL_DAY_FACTS; a class with stickers off counts as any other, and its pages speak of facts.
 */

const DAY = 86_400_000;
// A Monday in November: UK time is UTC.
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const COMPETITION = { startsOn: "2026-11-05", endsOn: "2026-11-12" };
const { from, until } = periodOf(COMPETITION);

let A: SchoolFixture;
let classB: string;
let pupilB: string;
let classmate: string;
let competitionId: string;
let runs = 0;

const answer = (problem: string, correctAnswer: number, at: number): AnswerRecord => ({
  problem,
  userAnswer: String(correctAnswer),
  correctAnswer,
  isCorrect: true,
  timeStamp: at,
});

const HELD: PaceVerdict = {
  plausible: false,
  reasons: ["faster-than-people"],
  medianRatio: 1,
  variation: 0,
  ceilingLoad: null,
  timedBy: "server",
  answers: [],
};

function save(player: Player, records: AnswerRecord[], startedAt: number, held?: PaceVerdict) {
  runs += 1;
  const id = `fact-comp-run-${runs}`;
  saveFinishedRun({
    id,
    mode: "student",
    gameType: "student",
    player,
    summary: { score: records.length, totalQuestions: records.length, accuracy: 100 },
    records,
    startedAt,
    finishedAt: startedAt + 60_000,
    timeTaken: 60,
    timeLimit: 60,
    held,
  });
  return id;
}

/**
 * 7 × 8 and 2 + 2 answered fluently on days 0, 1 and 4 (the 4th inside the competition): secure, two stickers, on
 * day 4. Its last game is held for its pace when `held`; started while another game was going when `together`.
 */
function secureTwoFacts(studentId: string, how: { held?: boolean; together?: boolean } = {}) {
  const player: Player = { kind: "student", studentId };
  let last = "";
  for (const day of [0, 1, 4]) {
    const at = START + day * DAY;
    if (day === 4 && how.together) save(player, [answer("3 + 3 = ?", 6, at - 5_000)], at - 10_000);
    last = save(
      player,
      [answer("7 × 8 = ?", 56, at + 2_000), answer("2 + 2 = ?", 4, at + 4_000)],
      at,
      day === 4 && how.held ? HELD : undefined,
    );
  }
  return last;
}

function addStickers(studentId: string, count: number, at: number) {
  const insert = db.$client.prepare(`INSERT INTO fact_stickers (student_id, fact, earned_at) VALUES (?, ?, ?)`);
  const have = (
    db.$client.prepare(`SELECT count(*) AS n FROM fact_stickers WHERE student_id = ?`).get(studentId) as {
      n: number;
    }
  ).n;
  // Distinct facts: a pupil has one sticker a fact.
  for (let i = 0; i < count; i++)
    insert.run(studentId, `*${1 + ((have + i) % 12)},${1 + Math.floor((have + i) / 12)}`, at);
}

const tally = (classId: string, pointsFrom: "scores" | "facts" = "facts") =>
  standingsTallies(competitionId, from, until, pointsFrom).find((t) => t.classId === classId)!;

function pupil(classId: string, name: string) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  ).value;
}

beforeAll(() => {
  A = makeSchool("Facts Comp A");
  classmate = pupil(A.classId, "Facts Classmate");
  classB = insertClass({
    name: "Class Facts B",
    schoolId: A.schoolId,
    teacherId: A.teacherId,
    loginKey: newClassLoginKey(),
  });
  pupilB = pupil(classB, "Facts Pupil B");
  // Class B's teacher switched stickers off (docs/product.md#sticker-book): its facts still count.
  db.$client.prepare(`UPDATE classes SET rewards_off = 1 WHERE id = ?`).run(classB);
  competitionId = db.$client.transaction(() =>
    insertCompetition(
      {
        schoolId: A.schoolId,
        name: "Facts Cup",
        ...COMPETITION,
        startedByKind: "teacher",
        startedByName: "Teacher Facts",
        classIds: [A.classId, classB],
        pointsFrom: "facts",
      },
      START,
    ),
  )();
});

beforeEach(() => {
  db.$client.exec("DELETE FROM fact_stickers; DELETE FROM fact_records; DELETE FROM game_runs");
});

describe("a secured-facts competition's points", () => {
  it("a held game's answers make facts secure, and they count only once a person releases the game", async () => {
    const held = secureTwoFacts(A.studentId, { held: true });
    // The held game did earn its stickers: the child keeps them, as 0091 says.
    expect(stickersOfRun({ kind: "student", studentId: A.studentId }, held).map((s) => s.key)).toEqual([
      "+2,2",
      "*7,8",
    ]);
    expect(tally(A.classId)).toMatchObject({ pupils: 2, played: 0, total: 0 });
    expect(uncountedStickers(competitionId, [A.classId], from, until)).toEqual([
      { name: "Pupil Facts Comp A", className: "Class Facts Comp A", waiting: 2, together: 0 },
    ]);
    db.$client.prepare(`UPDATE game_runs SET review = 'released' WHERE id = ?`).run(held);
    expect(tally(A.classId)).toMatchObject({ pupils: 2, played: 1, total: 2 });
    expect(uncountedStickers(competitionId, [A.classId], from, until)).toEqual([]);
  });

  it("a game started while another was going secures facts that do not count", async () => {
    secureTwoFacts(classmate, { together: true });
    expect(tally(A.classId)).toMatchObject({ played: 0, total: 0 });
    expect(uncountedStickers(competitionId, [A.classId], from, until)).toEqual([
      { name: "Facts Classmate", className: "Class Facts Comp A", waiting: 0, together: 2 },
    ]);
    // The same facts secured one game at a time count.
    db.$client.exec("DELETE FROM fact_stickers; DELETE FROM fact_records; DELETE FROM game_runs");
    secureTwoFacts(classmate);
    expect(tally(A.classId)).toMatchObject({ played: 1, total: 2 });
  });

  it("count only stickers earned in the competition's days, each pupil's day capped", () => {
    addStickers(pupilB, 3, from - 1); // the day before: not counted
    addStickers(pupilB, 20, from + 3_600_000); // the first day: 12 of them
    addStickers(pupilB, 5, from + DAY + 3_600_000); // the second: all 5
    addStickers(pupilB, 2, until); // the day after the last: not counted
    expect(PUPIL_DAY_FACTS).toBe(12);
    expect(tally(classB)).toMatchObject({ pupils: 1, played: 1, total: 12 + 5 });
    // One pupil's 20 in a day move a class of 2 by at most 12 / 2 a pupil.
    addStickers(A.studentId, 20, from + 3_600_000);
    expect(tally(A.classId)).toMatchObject({ pupils: 2, played: 1, total: 12 });
  });

  it("and a scores competition still counts the games' scores, never stickers", async () => {
    addStickers(pupilB, 4, from + 3_600_000);
    expect(tally(classB, "scores")).toMatchObject({ played: 0, total: 0 });
    expect(tally(classB, "facts")).toMatchObject({ played: 1, total: 4 });
  });
});

describe("what the pages say", () => {
  afterEach(() => vi.useRealTimers());

  it("the standings and the pupils' panel name secured facts, a stickers-off class's too, never stickers", async () => {
    addStickers(pupilB, 3, from + 3_600_000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(from + 2 * DAY);
    const cookie = await schoolCookie({ teacherId: A.teacherId });
    const o = await outcome(
      () =>
        standingsPage.loader({
          request: formRequest(`http://x/teacher-dashboard/competition?id=${competitionId}`, { cookie }),
          params: {},
          context: {},
        } as never) as Promise<unknown>,
    );
    expect(o.status).toBe(200);
    expect(o.data).toMatchObject({
      competition: { pointsFrom: "facts", state: "running" },
      fairShare: PUPIL_DAY_FACTS,
      standings: [
        { position: 1, className: "Class Facts B", points: "3.0", played: 1, pupils: 1 },
        { position: 2, className: "Class Facts Comp A", points: "0.0", played: 0, pupils: 2 },
      ],
    });
    // The pupils of the class with stickers off see the standings in facts, with no sticker anywhere.
    const html = pupilCompetitionsMarkup(pupilCompetitions(classB));
    expect(html).toContain("Points: secured facts");
    expect(html).toContain("Secured facts per pupil");
    expect(html).toContain(M.factsHelp.replaceAll("'", "&#x27;"));
    expect(html).not.toMatch(/sticker/i);
  });

  it("has no winner, in words of facts, when no class secured one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(until + 2 * DAY);
    const cookie = await schoolCookie({ teacherId: A.teacherId });
    const o = await outcome(
      () =>
        certificatePage.loader({
          request: formRequest(`http://x/teacher-dashboard/competition/certificate?id=${competitionId}`, { cookie }),
          params: {},
          context: {},
        } as never) as Promise<unknown>,
    );
    expect(o.status).toBe(200);
    expect(o.data).toMatchObject({ winners: [], reason: M.certificateNoWinnerFacts });
  });
});

describe("starting one", () => {
  const today = () => ukDay(Date.now());
  const start = async (pointsFrom: string | null) => {
    const fields: [string, string][] = [
      ["intent", "start"],
      ["name", "Secure Cup"],
      ["startsOn", today()],
      ["endsOn", addDays(today(), 6)],
      ["classes", A.classId],
      ["classes", classB],
    ];
    if (pointsFrom !== null) fields.push(["pointsFrom", pointsFrom]);
    const cookie = await schoolCookie({ teacherId: A.teacherId });
    return outcome(() =>
      competitionsPage.action({
        request: new Request("http://x/teacher-dashboard/competitions", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        params: {},
        context: {},
      } as never),
    );
  };
  const kinds = () =>
    db.$client.prepare(`SELECT points_from AS pointsFrom FROM competitions WHERE name = 'Secure Cup'`).all();
  beforeEach(() => db.$client.exec("DELETE FROM competitions WHERE name = 'Secure Cup'"));

  it("takes secured facts, recorded in the change log", async () => {
    const o = await start("facts");
    expect(o.status).toBe(302);
    expect(kinds()).toEqual([{ pointsFrom: "facts" }]);
    const detail = db.$client
      .prepare(`SELECT detail FROM audit_log WHERE action = 'competition.started' ORDER BY id DESC LIMIT 1`)
      .pluck()
      .get() as string;
    expect(detail).toMatch(/^Secure Cup: Class Facts Comp A, Class Facts B, .* to .*, points from secured facts$/);
  });

  it("is game scores when the form sends no choice", async () => {
    expect((await start(null)).status).toBe(302);
    expect(kinds()).toEqual([{ pointsFrom: "scores" }]);
  });

  it("refuses anything else beside its field, the input kept, nothing written", async () => {
    for (const bad of ["stickers", "", "Facts"]) {
      const o = await start(bad);
      expect(o.status).toBe(400);
      const { result } = o.data as {
        result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      };
      expect(result.error.pointsFrom).toEqual([M.pointsFromInvalid]);
      expect(result.initialValue.name).toBe("Secure Cup");
      expect(kinds()).toEqual([]);
    }
  });
});
