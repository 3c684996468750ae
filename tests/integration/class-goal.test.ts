import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { classGoalOf } from "~/models/class-goal.server";
import { setClassRewardsOff } from "~/models/stickers.server";
import * as settingsPage from "~/routes/school/teacher-class-settings";
import { pupilClassGoalView } from "~/school/class-goal.server";
import { addDays, ukDay } from "~/school-rules/uk-days";
import { flashOf, formRequest, outcome, refusal } from "./route-call";
import { makeSchool, schoolCookie } from "./school-fixtures";

/*
 * A class goal in secured facts (docs/product.md#class-goal): set by the class's teacher in the one form pattern
 * (bad input refused with its message, the input kept, nothing written), logged once, counted from the day it was
 * set, shown to pupils as one bar with no names, hidden when the class's rewards are off.
 */

const DAY = 24 * 60 * 60 * 1000;

function giveStickers(studentId: string, facts: string[], earnedAt: number) {
  const insert = db.$client.prepare(`INSERT INTO fact_stickers (student_id, fact, earned_at) VALUES (?, ?, ?)`);
  for (const fact of facts) insert.run(studentId, fact, earnedAt);
}

describe("a class goal", () => {
  it("is set by the teacher, refused when bad, logged once, and counts the stickers from its day", async () => {
    const school = makeSchool("Goal");
    const teacher = await schoolCookie({ teacherId: school.teacherId });
    const post = (body: Record<string, string>) =>
      outcome(() =>
        settingsPage.action({
          request: formRequest(`http://x/teacher-dashboard/settings?class=${school.classId}`, {
            cookie: teacher,
            body: { classId: school.classId, ...body },
          }),
          params: {},
          context: {},
        } as never),
      );
    const today = ukDay(Date.now());

    const bad = await post({ intent: "class-goal", goalCount: "lots", goalDay: "31/02/2027" });
    expect(bad.status).toBe(400);
    expect(refusal(bad).errors).toEqual({
      goalCount: ["Enter how many facts, as a whole number."],
      goalDay: ["Enter the day, for example 12/02/2027."],
    });
    expect(refusal(bad).sent).toMatchObject({ goalCount: "lots", goalDay: "31/02/2027" });
    const tooMany = await post({ intent: "class-goal", goalCount: "99999", goalDay: addDays(today, 10) });
    expect(refusal(tooMany).errors.goalCount).toEqual(["Enter a number from 1 to 23040."]);
    const past = await post({ intent: "class-goal", goalCount: "20", goalDay: addDays(today, -1) });
    expect(past.status).toBe(400);
    expect(refusal(past).errors.goalDay).toEqual(["Choose today or a day after it."]);
    const far = await post({ intent: "class-goal", goalCount: "20", goalDay: addDays(today, 400) });
    expect(refusal(far).errors.goalDay).toEqual(["Choose a day within a year."]);
    expect(classGoalOf(school.classId)).toBeNull();

    // Stickers from last week do not count; today's do.
    giveStickers(school.studentId, ["*7,1", "*7,2"], Date.now() - 7 * DAY);
    const set = await post({ intent: "class-goal", goalCount: "3", goalDay: addDays(today, 30) });
    expect(set.status).toBe(302);
    expect((await flashOf(set.response))?.title).toBe("The class goal is set.");
    await post({ intent: "class-goal", goalCount: "3", goalDay: addDays(today, 30) });
    const log = db.$client
      .prepare("SELECT action, detail FROM audit_log WHERE subject_id = ? AND action LIKE 'class.goal%'")
      .all(school.classId) as { action: string; detail: string }[];
    expect(log.map((entry) => entry.action)).toEqual(["class.goal-set"]);
    expect(log[0]!.detail).toMatch(/^3 facts secured by \d+ \w+$/);

    giveStickers(school.studentId, ["*7,3", "*7,4"], Date.now());
    const view = pupilClassGoalView(school.studentId)!;
    expect(view.goal).toMatch(/^Our class goal: 3 facts secured by \d+ \w+\.$/);
    expect(view.progress).toBe("2 so far.");
    expect(view.reached).toBe(false);
    expect(JSON.stringify(view)).not.toContain("Pupil Goal");

    giveStickers(school.studentId, ["*7,5"], Date.now());
    expect(pupilClassGoalView(school.studentId)).toMatchObject({
      reached: true,
      progress: "We did it: 3 secured together. Well done, everyone.",
    });

    // Rewards off: pupils see no goal; the teacher's page still has it.
    setClassRewardsOff(school.classId, true);
    expect(pupilClassGoalView(school.studentId)).toBeNull();
    const page = await outcome(() =>
      settingsPage.loader({
        request: formRequest(`http://x/teacher-dashboard/settings?class=${school.classId}`, { cookie: teacher }),
      } as never),
    );
    expect((page.data as { goal: { secured: number } }).goal.secured).toBe(3);

    const removed = await post({ intent: "class-goal-remove" });
    expect((await flashOf(removed.response))?.title).toBe("The class goal is removed.");
    expect(classGoalOf(school.classId)).toBeNull();
  });
});
