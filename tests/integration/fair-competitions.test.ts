import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { insertCompetition, standingsTallies } from "~/models/competitions.server";
import { LONGEST_RUN_MS } from "~/models/counting-runs.server";
import { decideHeldRun } from "~/models/review.server";
import { pupilGames } from "~/models/set-work.server";
import { listStudentPerformance } from "~/models/student-performance.server";
import { insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as standingsPage from "~/routes/school/teacher-competition";
import * as studentGame from "~/routes/school/student-game";
import { finishRun } from "~/runs/finish.server";
import { studentSpec } from "~/runs/student.server";
import { checkRunTicket, issueRun, type RunTicket } from "~/runs/tokens.server";
import { MIN_MS_PER_ANSWER, problemSequence, type RunSpec, type SubmittedAnswer } from "~/game";
import { PUPIL_DAY_POINTS, periodOf, pointsTenths } from "~/school-rules/competition";
import { standingsOf } from "~/school/competitions.server";
import { withFreshLoginCode } from "~/school/login-codes.server";
import { formRequest, outcome } from "./route-call";
import { honestAnswers } from "./helpers";
import { makeSchool, schoolCookie, type SchoolFixture } from "./school-fixtures";
import { addDays, ukDay } from "~/school-rules/uk-days";
import { HELD_MESSAGE } from "~/utils/game-messages";

/*
 * Competitions and set work count only plausible play (issue 43, item 4; docs/product.md#class-competition,
 * docs/decisions/0074-fair-play-for-classes-and-addresses.md). The attack: one pupil's script played six 60-second
 * games at once, 151/151 each, and moved a class of 34 from 0.0 to 26.6 points per pupil in 61 seconds.
 */

const PUPILS = 34;
let A: SchoolFixture;
let other: string;
let competitionId: string;
let scripted: Player;
let teacherCookie: string;
let colleagueCookie: string;
let clock = 0;

function classmate(classId: string, n: number) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({
      name: `Classmate ${n}`,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  ).value;
}

/** The attack's answers: every one right, the first at 1 ms, then one each 400 ms (the engine's least on average). */
function scriptAnswers(ticket: RunTicket, count: number): SubmittedAnswer[] {
  const problemAt = problemSequence(ticket.spec, ticket.seed);
  return Array.from({ length: count }, (_, i) => ({
    i,
    value: String(problemAt(i).answer),
    t: 1 + i * MIN_MS_PER_ANSWER,
  }));
}

/**
 * `games` games of one pupil started together at `clock` and sent 61 s later, each answered `right` times `gapMs`
 * apart (a person's wobble), or as the attack's script did when `gapMs` is "script".
 */
async function playAtOnce(
  player: Player & { kind: "student" },
  games: number,
  right: number,
  gapMs: number | "script",
) {
  vi.setSystemTime(clock);
  const spec = studentSpec(player.studentId)!;
  const runs = Array.from({ length: games }, () => issueRun(spec, player));
  clock += 61_000;
  vi.setSystemTime(clock);
  const results = [];
  for (const run of runs) {
    const checked = checkRunTicket(run.token, player);
    if (!checked.ok) throw new Error(checked.message);
    const finished = await finishRun({
      ticket: checked.ticket,
      answers: gapMs === "script" ? scriptAnswers(run.ticket, right) : honestAnswers(run.ticket, right, { gapMs }),
      player,
    });
    if (!finished.ok) throw new Error(finished.message);
    results.push(finished);
  }
  clock += 5_000;
  return results;
}

const points = () => {
  const row = standingsOf({ id: competitionId, ...days() }).find((s) => s.classId === A.classId)!;
  return row.points;
};
const days = () => ({ startsOn: ukDay(Date.now()), endsOn: addDays(ukDay(Date.now()), 6) });

beforeAll(async () => {
  A = makeSchool("Fair Comp A");
  for (let n = 1; n < PUPILS; n++) classmate(A.classId, n);
  const B = makeSchool("Fair Comp B");
  other = B.classId;
  db.$client.prepare(`UPDATE classes SET school_id = ? WHERE id = ?`).run(A.schoolId, other);
  scripted = { kind: "student", studentId: A.studentId };
  teacherCookie = await schoolCookie({ teacherId: A.teacherId });
  const colleague = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Teacher Fair Colleague", email: null, schoolId: A.schoolId, loginCode }),
  ).value;
  colleagueCookie = await schoolCookie({ teacherId: colleague });
});

async function standingsAs(cookie: string) {
  const o = await outcome(
    () =>
      standingsPage.loader({
        request: formRequest(`http://x/teacher-dashboard/competition?id=${competitionId}`, { cookie }),
        params: {},
        context: { clientAddress: "198.51.100.20" },
      } as never) as Promise<unknown>,
  );
  return o;
}

beforeEach(() => {
  db.$client.prepare(`DELETE FROM game_runs WHERE student_id = ?`).run(A.studentId);
  db.$client.prepare(`DELETE FROM student_performance WHERE student_id = ?`).run(A.studentId);
  db.$client.exec("DELETE FROM competitions");
  competitionId = insertCompetition(
    {
      schoolId: A.schoolId,
      name: "Fair Week",
      ...days(),
      startedByKind: "teacher",
      startedByName: "Teacher Fair Comp A",
      classIds: [A.classId, other],
    },
    Date.now(),
  );
  // The games are played from the competition's first midnight on, on the server's (faked) clock.
  clock = periodOf(days()).from + 9 * 3_600_000;
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("the attack: six 60-second games at once, 151/151 each", () => {
  it("leaves the class at 0.0 points per pupil: the games are held, and only one of six could count", async () => {
    const games = await playAtOnce(scripted as Player & { kind: "student" }, 6, 151, "script");
    // The child still sees each score.
    expect(games.map((g) => g.ok && g.summary.score)).toEqual([151, 151, 151, 151, 151, 151]);
    expect(points()).toBe("0.0");
  });

  it("the teacher sees the games marked with kind words, never an accusation", async () => {
    await playAtOnce(scripted as Player & { kind: "student" }, 6, 151, "script");
    vi.useRealTimers();
    const o = await standingsAs(teacherCookie);
    expect(o.status).toBe(200);
    const page = o.data as { uncounted: { name: string; waiting: number; together: number }[] };
    expect(page.uncounted).toEqual([
      { name: "Pupil Fair Comp A", className: "Class Fair Comp A", waiting: 6, together: 0 },
    ]);
    expect(JSON.stringify(page).toLowerCase()).not.toMatch(/cheat/);
    // Another teacher of the school sees the standings, never another class's pupils' names.
    const colleague = await standingsAs(colleagueCookie);
    expect(colleague.status).toBe(200);
    expect((colleague.data as { uncounted: unknown[] }).uncounted).toEqual([]);
  });

  it("the pupil sees the held game's score on their page, and nothing of its being held", async () => {
    const [game] = await playAtOnce(scripted as Player & { kind: "student" }, 1, 151, "script");
    if (!game?.ok) throw new Error("not finished");
    expect(game.held).toBe(true);
    vi.useRealTimers();
    const pupilCookie = await schoolCookie({ studentId: A.studentId });
    const o = await outcome(
      () =>
        studentGame.loader({
          request: formRequest(`http://x/student-game?run=${game.runId}`, { cookie: pupilCookie }),
          params: {},
          context: { clientAddress: "198.51.100.21" },
        } as never) as Promise<unknown>,
    );
    expect(o.status).toBe(200);
    const page = o.data as { result: { runId: string; summary: { score: number } } | null };
    expect(page.result?.runId).toBe(game.runId);
    expect(page.result?.summary.score).toBe(151);
    // Not the members' note, nor any word of a check, a review or cheating.
    const text = JSON.stringify(page).toLowerCase();
    expect(text).not.toContain(HELD_MESSAGE.toLowerCase());
    expect(text).not.toMatch(/\bheld\b|checked|checking|review|cheat/);
  });
});

describe("a pupil plays one game at a time", () => {
  it("of games started together only the first counts, in competitions and in set work; each shows its score", async () => {
    const games = await playAtOnce(scripted as Player & { kind: "student" }, 6, 20, 2_600);
    expect(games.every((g) => g.ok && !g.held && g.summary.score === 20)).toBe(true);
    expect(points()).toBe((pointsTenths(20, PUPILS) / 10).toFixed(1));
    const { from, until } = periodOf(days());
    expect(pupilGames(A.studentId, from, until)).toHaveLength(1);
    // All six stay in the pupil's progress.
    expect(listStudentPerformance(A.studentId).map((row) => row.score)).toEqual([20, 20, 20, 20, 20, 20]);
  });

  it("games one after another all count", async () => {
    for (let n = 0; n < 3; n++) await playAtOnce(scripted as Player & { kind: "student" }, 1, 20, 2_600);
    expect(points()).toBe((pointsTenths(60, PUPILS) / 10).toFixed(1));
  });

  it(`a game counts as going at most ${LONGEST_RUN_MS / 60_000} minutes: a calm game's next one counts after that`, async () => {
    const pupil = scripted as Player & { kind: "student" };
    const start = clock;
    const at = (ms: number) => vi.setSystemTime(start + ms);
    const finish = async (run: ReturnType<typeof issueRun>) => {
      const checked = checkRunTicket(run.token, pupil);
      if (!checked.ok) throw new Error(checked.message);
      const done = await finishRun({
        ticket: checked.ticket,
        answers: honestAnswers(run.ticket, 20, { gapMs: 2_600 }),
        player: pupil,
      });
      if (!done.ok || done.held) throw new Error("not counted as played");
    };
    // A calm game (20 questions, as long as the child needs up to its 20 minutes), finished 15 minutes in.
    at(0);
    const calm = issueRun({ ...studentSpec(pupil.studentId)!, calm: true } as RunSpec, pupil);
    // A timed game started 5 minutes in, while the calm one was still going: it counts for nothing.
    at(5 * 60_000);
    const during = issueRun(studentSpec(pupil.studentId)!, pupil);
    at(6 * 60_000);
    await finish(during);
    // One started 11 minutes in: a game is taken as going 10 minutes at most, so it counts.
    at(11 * 60_000);
    const after = issueRun(studentSpec(pupil.studentId)!, pupil);
    at(12 * 60_000);
    await finish(after);
    at(15 * 60_000);
    await finish(calm);
    expect(points()).toBe((pointsTenths(40, PUPILS) / 10).toFixed(1));
  });

  it("a held game counts once a person releases it", async () => {
    const [game] = await playAtOnce(scripted as Player & { kind: "student" }, 1, 151, "script");
    expect(points()).toBe("0.0");
    vi.useRealTimers();
    expect(decideHeldRun(game!.ok ? game!.runId : "", "release")).toBeTruthy();
    expect(points()).toBe((pointsTenths(151, PUPILS) / 10).toFixed(1));
  });
});

describe("which of a pupil's games are judged for their pace", () => {
  it("their own game is; Practise my facts is not: at a machine's pace it counts for set work, never in a competition", async () => {
    const pupil = scripted as Player & { kind: "student" };
    const { from, until } = periodOf(days());
    // One after the other (games at once would count once anyway): every answer right at the engine's floor, one
    // each 400 ms, no person's pace.
    const results = [];
    for (const spec of [
      studentSpec(pupil.studentId)!,
      { mode: "practice", facts: ["*3,7", "*6,8", "+7,5"] } as RunSpec,
    ]) {
      vi.setSystemTime(clock);
      const run = issueRun(spec, pupil);
      vi.setSystemTime((clock += 10_000));
      const checked = checkRunTicket(run.token, pupil);
      if (!checked.ok) throw new Error(checked.message);
      results.push(await finishRun({ ticket: checked.ticket, answers: scriptAnswers(run.ticket, 12), player: pupil }));
      clock += 5_000;
    }
    expect(results.map((r) => r.ok && r.held)).toEqual([true, false]);
    expect(pupilGames(A.studentId, from, until).map((g) => g.mode)).toEqual(["practice"]);
    expect(points()).toBe("0.0");
  });
});

describe("one pupil's share", () => {
  it(`is at most ${PUPIL_DAY_POINTS} points a day, however many plausible games they play`, async () => {
    // A script at a person's pace, one game after another, all morning: 40 games of 30.
    for (let n = 0; n < 40; n++) await playAtOnce(scripted as Player & { kind: "student" }, 1, 30, 1_900);
    const { from, until } = periodOf(days());
    const tally = standingsTallies(competitionId, from, until).find((t) => t.classId === A.classId)!;
    expect(tally.total).toBe(PUPIL_DAY_POINTS);
    // 150 / 34 = 4.4 points per pupil: the most one pupil adds to their class in a day.
    expect(points()).toBe("4.4");
  });
});
