import { describe, expect, it } from "vitest";
import type { MissedFact, NeedsHelp } from "~/facts/summary";
import {
  DIGEST_NAMES_MAX,
  buildDigest,
  classWeek,
  type DigestClassFigures,
  type DigestInput,
} from "~/school-rules/digest-content";
import { digestDue, ukWeekOf } from "~/school-rules/digest-week";

/* The weekly digest's words from a class's figures (docs/product.md#weekly-digest): a pure function. */

const DAY = 24 * 60 * 60 * 1000;
const AT = Date.UTC(2026, 10, 30, 7, 0); // Monday 30 November 2026, 07:00 in London (GMT)

const game = (daysAgo: number, accuracy: number, score: number) => ({
  accuracy,
  score,
  completedAt: AT - daysAgo * DAY,
});

const needsHelp: NeedsHelp[] = [{ id: "p3", name: "Cara Diaz", fell: 2, weak: 3 }];
const mostMissed: MissedFact[] = [{ op: "*", a: 7, b: 8, key: "*7,8" as MissedFact["key"], pupils: 3, misses: 9 }];

function figures(over: Partial<DigestClassFigures> = {}): DigestClassFigures {
  return {
    name: "Oak <3B>",
    pupils: [
      { id: "p1", name: "Ada Lovelace", games: [game(1, 90, 20), game(2, 80, 18), game(9, 60, 15)] },
      { id: "p2", name: "Ben Carter", games: [game(10, 70, 12)] },
      { id: "p3", name: "Cara Diaz", games: [game(3, 50, 10), game(8, 70, 14)] },
    ],
    needsHelp,
    mostMissed,
    dashboardUrl: "https://mathssprint.example/teacher-dashboard?class=c1",
    ...over,
  };
}

const input = (classes: DigestClassFigures[]): DigestInput => ({
  siteName: "Maths Sprint",
  teacherName: "Ms Rahman",
  at: AT,
  classes,
  unsubscribeUrl: "https://mathssprint.example/digest/unsubscribe/t.sig",
});

describe("a class's week", () => {
  it("counts who played in the last 7 days, who did not, and who improved on the week before", () => {
    const view = classWeek(figures(), AT);
    expect(view).toMatchObject({ pupils: 3, played: 2, games: 3, notPlayed: ["Ben Carter"] });
    // Ada: 85 against 60, best 20 against 15. Cara: 50 against 70, best 10 against 14: not improved.
    expect(view.improved).toEqual([{ name: "Ada Lovelace", accuracyUp: 25, best: 20, bestBefore: 15 }]);
  });

  it("needs games in both weeks to call a pupil improved, and a better best score alone is enough", () => {
    const view = classWeek(
      figures({
        pupils: [
          { id: "a", name: "New Pupil", games: [game(1, 100, 30)] },
          { id: "b", name: "Best Only", games: [game(1, 60, 22), game(12, 70, 20)] },
        ],
      }),
      AT,
    );
    expect(view.improved).toEqual([{ name: "Best Only", accuracyUp: -10, best: 22, bestBefore: 20 }]);
  });

  it("ignores games older than 14 days and games after the moment it is made", () => {
    const view = classWeek(
      figures({ pupils: [{ id: "a", name: "Old", games: [game(15, 100, 30), game(-1, 100, 30)] }] }),
      AT,
    );
    expect(view).toMatchObject({ played: 0, games: 0, notPlayed: ["Old"], improved: [] });
  });
});

describe("the mail", () => {
  it("has the subject, each part in plain text, the dashboard's link and the way to stop it", () => {
    const mail = buildDigest(input([figures()]));
    expect(mail.subject).toBe("Maths Sprint: your classes this week");
    expect(mail.text).toContain("Hello Ms Rahman,");
    expect(mail.text).toContain("== Oak <3B> ==\n2 of 3 pupils played this week (3 games).");
    expect(mail.text).toContain("Did not play this week:\n- Ben Carter");
    expect(mail.text).toContain(
      "Improved on the week before:\n- Ada Lovelace: accuracy up 25 points, best score 20, up from 15",
    );
    expect(mail.text).toContain("Needs help:\n- Cara Diaz: 2 secure facts slipped, 3 weak facts");
    expect(mail.text).toContain("Most missed facts:\n- 7 × 8 = 56: weak for 3 pupils");
    expect(mail.text).toContain("More on your dashboard: https://mathssprint.example/teacher-dashboard?class=c1");
    expect(mail.text).toContain(
      "To stop these e-mails, open this link: https://mathssprint.example/digest/unsubscribe/t.sig",
    );
  });

  it("is simple HTML: names escaped, inline styles, no images, nothing fetched", () => {
    const { html } = buildDigest(input([figures()]));
    expect(html).toContain("<h2 style=");
    expect(html).toContain("Oak &lt;3B&gt;");
    expect(html).not.toContain("<3B>");
    expect(html).not.toMatch(/<img|<script|<link|<style|src=/i);
    expect(html).toContain('<a href="https://mathssprint.example/digest/unsubscribe/t.sig">Stop these e-mails</a>');
  });

  it("says so when there is nothing to list, and when a class has no pupils", () => {
    const calm = figures({
      pupils: [{ id: "a", name: "Ada", games: [game(1, 90, 20)] }],
      needsHelp: [],
      mostMissed: [],
    });
    const empty = figures({ name: "Empty", pupils: [], needsHelp: [], mostMissed: [] });
    const { text } = buildDigest(input([calm, empty]));
    expect(text).toContain("Did not play this week:\nEveryone played. Well done!");
    expect(text).toContain("Improved on the week before:\nNobody yet: a pupil needs games in both weeks.");
    expect(text).toContain("Needs help:\nNobody right now. Well done!");
    expect(text).toContain("Most missed facts:\nNo weak facts in this class yet.");
    expect(text).toContain("== Empty ==\nNo pupils in this class yet.");
  });

  it("lists at most a few names under a heading, then how many more", () => {
    const pupils = Array.from({ length: DIGEST_NAMES_MAX + 3 }, (_, i) => ({
      id: `p${i}`,
      name: `Pupil ${i}`,
      games: [],
    }));
    const { text } = buildDigest(input([figures({ pupils })]));
    expect(text).toContain(`- Pupil ${DIGEST_NAMES_MAX - 1}\n- and 3 more`);
    expect(text).not.toContain(`- Pupil ${DIGEST_NAMES_MAX}\n`);
  });
});

describe("the week, in UK time", () => {
  it("names ISO weeks by the UK date, summer time included", () => {
    expect(ukWeekOf(AT)).toEqual({ key: "2026-W49", weekday: 1, hour: 7 });
    // 23:30 UTC on Sunday 28 June 2026 is 00:30 on Monday in London (BST).
    expect(ukWeekOf(Date.UTC(2026, 5, 28, 23, 30))).toEqual({ key: "2026-W27", weekday: 1, hour: 0 });
    // 1 January 2027 is a Friday: still week 53 of 2026.
    expect(ukWeekOf(Date.UTC(2027, 0, 1, 12)).key).toBe("2026-W53");
  });

  it("is due from the set day and hour until the week ends", () => {
    expect(digestDue(AT - 60_000, 1, 7)).toBe(false);
    expect(digestDue(AT, 1, 7)).toBe(true);
    expect(digestDue(AT + 3 * DAY, 1, 7)).toBe(true);
    expect(digestDue(AT + 6 * DAY + 16 * 3_600_000, 1, 7)).toBe(true);
    // Sunday 23:59, then Monday 06:59 of the next week (its own week, not due yet).
    expect(digestDue(AT + 7 * DAY - 7 * 3_600_000 - 60_000, 1, 7)).toBe(true);
    expect(digestDue(AT + 7 * DAY - 60_000, 1, 7)).toBe(false);
    expect(digestDue(AT + 2 * DAY, 4, 7)).toBe(false);
  });
});

describe("who secured a table", () => {
  it("names each pupil with the tables they secured this week, in both forms", () => {
    const mail = buildDigest(
      input([figures({ securedTables: [{ name: "Ada Lovelace", tables: ["the 7 times table", "adding 3"] }] })]),
    );
    expect(mail.text).toContain("Secured a table this week");
    expect(mail.text).toContain("Ada Lovelace: the 7 times table and adding 3");
    expect(mail.html).toContain("Ada Lovelace: the 7 times table and adding 3");
  });

  it("says nobody when none did", () => {
    expect(buildDigest(input([figures()])).text).toContain("Nobody this week.");
  });
});
