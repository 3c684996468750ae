import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import type { AnswerRecord } from "~/game";
import { claimVisitorFacts, rebuildPlayerFacts } from "~/models/fact-records.server";
import type { Player } from "~/models/player.server";
import { saveFinishedRun } from "~/models/runs.server";
import { classRewardsOff, stickersOf, stickersOfRun } from "~/models/stickers.server";
import { runStickersMarkup } from "~/runs/new-stickers.server";
import * as settingsPage from "~/routes/school/teacher-class-settings";
import * as stickerPage from "~/routes/school/student-stickers";
import * as memberStickers from "~/routes/facts/stickers";
import { flashOf, formRequest, outcome, refusal } from "./route-call";
import { makeSchool, memberSession, schoolCookie } from "./school-fixtures";

/*
 * Stickers (docs/product.md#sticker-book): earned in the finish that first makes a fact secure, kept for good (a
 * rebuild, a slip, a claim keep them), shown on the results of that run; a teacher's switch hides them for a class.
 */

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
let runs = 0;

const answer = (problem: string, correctAnswer: number, isCorrect: boolean, at: number): AnswerRecord => ({
  problem,
  userAnswer: isCorrect ? String(correctAnswer) : "1",
  correctAnswer,
  isCorrect,
  timeStamp: at,
});

function save(player: Player, records: AnswerRecord[], startedAt: number) {
  runs += 1;
  const id = `sticker-run-${runs}`;
  const score = records.filter((r) => r.isCorrect).length;
  saveFinishedRun({
    id,
    mode: player.kind === "student" ? "student" : "solo",
    gameType: player.kind === "student" ? "student" : "normal",
    player,
    summary: { score, totalQuestions: records.length, accuracy: Math.round((score / records.length) * 100) },
    records,
    startedAt,
    finishedAt: startedAt + 60_000,
    timeTaken: 60,
    timeLimit: 60,
  });
  return id;
}

/** 7 × 8 answered fluently (2 s) on days 0, 1 and 4: secure on day 4. */
function secureSevenEights(player: Player): string[] {
  return [0, 1, 4].map((day) => {
    const at = START + day * DAY;
    return save(player, [answer("7 × 8 = ?", 56, true, at + 2_000), answer("2 + 2 = ?", 4, true, at + 4_000)], at);
  });
}

describe("stickers", () => {
  it("come with the finish that first makes a fact secure, and stay through a slip and a rebuild", () => {
    const visitor: Player = { kind: "anon", anonId: "sticker-visitor-1" };
    const ids = secureSevenEights(visitor);
    expect(stickersOfRun(visitor, ids[1]!)).toEqual([]);
    const earnedAt = START + 4 * DAY + 60_000;
    expect(stickersOfRun(visitor, ids[2]!)).toEqual([
      { key: "+2,2", earnedAt },
      { key: "*7,8", earnedAt },
    ]);
    expect(runStickersMarkup(visitor, ids[2]!)).toContain("7 × 8 = 56");
    expect(runStickersMarkup(visitor, ids[1]!)).toBe("");
    // Asked again while secure, both already have their stickers: none is earned again, and each keeps its time.
    const again = save(
      visitor,
      [answer("7 × 8 = ?", 56, true, START + 4 * DAY + 62_000), answer("2 + 2 = ?", 4, true, START + 4 * DAY + 64_000)],
      START + 4 * DAY + 60_000,
    );
    expect(stickersOfRun(visitor, again)).toEqual([]);
    expect(stickersOf(visitor).map((s) => s.earnedAt)).toEqual([earnedAt, earnedAt]);
    // A slip: wrong twice. The sticker stays; the book says it is time to practise.
    save(visitor, [answer("7 × 8 = ?", 56, false, START + 5 * DAY + 2_000)], START + 5 * DAY);
    rebuildPlayerFacts(visitor);
    expect(
      stickersOf(visitor)
        .map((s) => s.key)
        .sort(),
    ).toEqual(["*7,8", "+2,2"]);
    // Another player's run shows nothing.
    expect(stickersOfRun({ kind: "anon", anonId: "someone-else" }, ids[2]!)).toEqual([]);
  });

  it("go with a visitor who signs up", async () => {
    const visitor: Player = { kind: "anon", anonId: "sticker-visitor-2" };
    secureSevenEights(visitor);
    const { userId } = await memberSession("member", "Sticker Two");
    db.$client.transaction(() => claimVisitorFacts("sticker-visitor-2", userId, false))();
    expect(stickersOf({ kind: "member", userId, username: "Sticker Two" }).length).toBe(2);
    expect(stickersOf(visitor)).toEqual([]);
  });

  it("a teacher turns them off for a class: logged once, the pupil sees none; bad input is refused", async () => {
    const school = makeSchool("Stickers");
    const pupil: Player = { kind: "student", studentId: school.studentId };
    const ids = secureSevenEights(pupil);
    const teacher = await schoolCookie({ teacherId: school.teacherId });
    const post = (body: Record<string, string>) =>
      outcome(() =>
        settingsPage.action({
          request: formRequest(`http://x/teacher-dashboard/settings?class=${school.classId}`, {
            cookie: teacher,
            body: { intent: "rewards", classId: school.classId, ...body },
          }),
          params: {},
          context: {},
        } as never),
      );
    const bad = await post({ rewards: "maybe" });
    expect(bad.status).toBe(400);
    expect(refusal(bad).errors.rewards).toEqual(["Choose on or off."]);
    expect(classRewardsOff(school.classId)).toBe(false);

    const off = await post({ rewards: "off" });
    expect(off.status).toBe(302);
    expect((await flashOf(off.response))?.title).toBe("Stickers are off for this class.");
    expect(classRewardsOff(school.classId)).toBe(true);
    await post({ rewards: "off" });
    const log = db.$client
      .prepare("SELECT action FROM audit_log WHERE subject_id = ? AND action LIKE 'class.rewards%'")
      .pluck()
      .all(school.classId);
    expect(log).toEqual(["class.rewards-off"]);

    expect(runStickersMarkup(pupil, ids[2]!)).toBe("");
    const pupilCookie = await schoolCookie({ studentId: school.studentId });
    const page = await outcome(() =>
      stickerPage.loader({ request: formRequest("http://x/student-stickers", { cookie: pupilCookie }) } as never),
    );
    expect(page.data).toEqual({ off: true });
    // Kept while off: turned on again, the book shows them.
    await post({ rewards: "on" });
    const again = await outcome(() =>
      stickerPage.loader({ request: formRequest("http://x/student-stickers", { cookie: pupilCookie }) } as never),
    );
    expect((again.data as { book: { total: number } }).book.total).toBe(2);
  });

  it("another teacher cannot switch a class's", async () => {
    const mine = makeSchool("Stickers mine");
    const theirs = makeSchool("Stickers theirs");
    const o = await outcome(() =>
      settingsPage.action({
        request: formRequest(`http://x/teacher-dashboard/settings?class=${theirs.classId}`, {
          cookie: "",
          body: { intent: "rewards", classId: theirs.classId, rewards: "off" },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(o.status).not.toBe(200);
    const cookie = await schoolCookie({ teacherId: mine.teacherId });
    const other = await outcome(() =>
      settingsPage.action({
        request: formRequest(`http://x/teacher-dashboard/settings?class=${theirs.classId}`, {
          cookie,
          body: { intent: "rewards", classId: theirs.classId, rewards: "off" },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(other.status).toBe(404);
    expect(classRewardsOff(theirs.classId)).toBe(false);
  });

  it("a visitor who never played gets an empty book and no player", async () => {
    const o = await outcome(() => memberStickers.loader({ request: formRequest("http://x/facts/stickers") } as never));
    expect((o.data as { book: { total: number } }).book.total).toBe(0);
    expect(o.headers?.getSetCookie?.() ?? []).toEqual([]);
  });
});
