import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getOrCreatePlayer } from "~/auth/player.server";
import { ClassFacts, type ClassFactsData } from "~/components/facts/class-facts";
import { db } from "~/db/client.server";
import { factStickers, factRecords } from "~/db/schema";
import { encodeBook } from "~/facts/codec";
import { applyToBook, emptyBook } from "~/facts/state";
import type { FactOp } from "~/game/facts";
import { recordRunFacts } from "~/models/fact-records.server";
import { insertClass } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as adminFacts from "~/routes/admin/admin-facts";
import * as facts from "~/routes/facts/facts";
import * as studentProgress from "~/routes/school/student-progress";
import * as memberStickers from "~/routes/facts/stickers";
import * as studentStickers from "~/routes/school/student-stickers";
import * as memberCertificates from "~/routes/facts/certificates";
import * as studentCertificates from "~/routes/school/student-certificates";
import * as teacherCertificates from "~/routes/school/teacher-certificates";
import * as teacherFacts from "~/routes/school/teacher-facts";
import * as teacherWork from "~/routes/school/teacher-work";
import type { FocusWork } from "~/components/facts/focus-card";
import { FOCUS_WORK } from "~/facts/focus";
import { listClassWork } from "~/models/set-work.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { MarkupCacheProvider } from "~/utils/markup-cache";
import { cachedMarkup } from "~/utils/markup-cache.server";
import { formRequest, outcome, type Outcome } from "./route-call";
import { makeSchool, memberSession, schoolCookie, type SchoolFixture } from "./school-fixtures";

/*
 * Every role against every heat map page (docs/product.md#heat-maps): a teacher sees only their own classes and
 * their pupils, an admin any class, a pupil only themself, a member and a visitor only their own records.
 * Each player has one weak fact of their own, so a page that showed someone else's would show it.
 */

const ROLES = ["nobody", "visitor", "member", "admin", "teacherA", "teacherB", "studentA", "studentB"] as const;
type Role = (typeof ROLES)[number];
const cookies = {} as Record<Role, string>;

let A: SchoolFixture;
let B: SchoolFixture;
let memberId = "";
let anonId = "";

/** Each player's own weak fact: the cell that page must show weak, and no other page. */
const OWN: Record<"member" | "visitor" | "studentA" | "studentB", { op: FactOp; a: number; b: number }> = {
  member: { op: "*", a: 3, b: 9 },
  visitor: { op: "*", a: 4, b: 6 },
  studentA: { op: "*", a: 7, b: 8 },
  studentB: { op: "*", a: 6, b: 12 },
};

/** Three misses of the player's own fact: weak. */
function giveWeakFact(owner: { userId?: string; anonId?: string; studentId?: string }, who: keyof typeof OWN) {
  const { op, a, b } = OWN[who];
  const at = Date.UTC(2026, 10, 20, 9);
  const key = `${op}${a},${b}`;
  const book = applyToBook(
    emptyBook(),
    [0, 1, 2].map((i) => ({ key, op, correct: false, ms: 2_000, at: at + i * 5_000 })),
  );
  db.insert(factRecords)
    .values({ ...owner, op, data: encodeBook(book), updatedAt: at })
    .run();
  // And a sticker of it (secure once, slipped since): the sticker book pages must show it to its owner alone.
  db.insert(factStickers)
    .values({ ...owner, fact: key, earnedAt: at - 86_400_000 })
    .run();
}

beforeAll(async () => {
  A = makeSchool("A", ["multiplication"]);
  B = makeSchool("B", ["multiplication"]);
  cookies.nobody = "";
  const member = await memberSession("member", "Heat");
  memberId = member.userId;
  cookies.member = member.cookie;
  cookies.admin = (await memberSession("admin", "Heat")).cookie;
  cookies.teacherA = await schoolCookie({ teacherId: A.teacherId });
  cookies.teacherB = await schoolCookie({ teacherId: B.teacherId });
  cookies.studentA = await schoolCookie({ studentId: A.studentId });
  cookies.studentB = await schoolCookie({ studentId: B.studentId });
  const { player, headers } = await getOrCreatePlayer(new Request("http://x/"));
  if (player.kind !== "anon") throw new Error("no visitor");
  anonId = player.anonId;
  cookies.visitor = headers.get("Set-Cookie")!.split(";")[0]!;
  giveWeakFact({ userId: memberId }, "member");
  giveWeakFact({ anonId }, "visitor");
  giveWeakFact({ studentId: A.studentId }, "studentA");
  giveWeakFact({ studentId: B.studentId }, "studentB");
});

type Route = { loader?: (args: never) => unknown };

function get(route: Route, role: Role, url: string): Promise<Outcome> {
  const request = formRequest(url, { cookie: cookies[role] });
  return outcome(async () => route.loader!({ request, params: {}, context: { clientAddress: "192.0.2.1" } } as never));
}

type Grid = { rows: { key: string; level: string }[][] } | null;

/** The weak cells of a player's grid, as keys. */
function weakKeys(grid: Grid): string[] {
  return (grid?.rows.flat() ?? []).filter((cell) => cell.level === "weak").map((cell) => cell.key);
}

const keyOf = (who: keyof typeof OWN) => `${OWN[who].op}${OWN[who].a},${OWN[who].b}`;

describe("/facts: a member or a visitor sees only their own", () => {
  it.each(ROLES)("%s", async (role) => {
    const o = await get(facts, role, "http://x/facts");
    expect(o.status).toBe(200);
    const weak = weakKeys((o.data as { facts: { grid: Grid } }).facts.grid);
    // A teacher's or pupil's code session is not a player here: they are a visitor without records.
    if (role === "member" || role === "visitor") expect(weak).toEqual([keyOf(role)]);
    else expect(weak).toEqual([]);
  });

  it("makes no visitor for someone who has never played", async () => {
    const o = await get(facts, "nobody", "http://x/facts");
    expect(o.response?.headers.get("Set-Cookie") ?? null).toBeNull();
  });
});

describe("/student-progress: each pupil sees only their own facts", () => {
  it.each(["studentA", "studentB"] as const)("%s", async (role) => {
    const o = await get(studentProgress, role, "http://x/student-progress?op=times");
    expect(o.status).toBe(200);
    expect(weakKeys((o.data as { facts: { grid: Grid } }).facts.grid)).toEqual([keyOf(role)]);
  });
});

/** The stickers of a sticker book page's shown grid, as keys. */
function stickerKeys(book: { grid: { op: string; marks: string } | null }): string[] {
  const grid = book.grid;
  if (!grid) return [];
  return Array.from(grid.marks, (_, at) => `${grid.op}${Math.floor(at / 12) + 1},${(at % 12) + 1}`).filter(
    (_, at) => grid.marks.charAt(at) !== ".",
  );
}

describe("/facts/stickers: a member or a visitor sees only their own stickers", () => {
  it.each(ROLES)("%s", async (role) => {
    const o = await get(memberStickers, role, "http://x/facts/stickers?op=times");
    expect(o.status).toBe(200);
    const keys = stickerKeys((o.data as { book: Parameters<typeof stickerKeys>[0] }).book);
    if (role === "member" || role === "visitor") expect(keys).toEqual([keyOf(role)]);
    else expect(keys).toEqual([]);
  });

  it("makes no visitor for someone who has never played", async () => {
    const o = await get(memberStickers, "nobody", "http://x/facts/stickers");
    expect(o.response?.headers.get("Set-Cookie") ?? null).toBeNull();
  });
});

describe("/student-stickers: each pupil sees only their own; anyone else is led to log in", () => {
  it.each(ROLES)("%s", async (role) => {
    const o = await get(studentStickers, role, "http://x/student-stickers?op=times");
    if (role === "studentA" || role === "studentB") {
      expect(o.status).toBe(200);
      expect(stickerKeys((o.data as { book: Parameters<typeof stickerKeys>[0] }).book)).toEqual([keyOf(role)]);
    } else {
      expect(o.status).toBe(302);
    }
  });
});

/** The names on a certificates page's certificates. */
const certificateNames = (o: Outcome) =>
  ((o.data as { certificates?: { name: string }[] } | undefined)?.certificates ?? []).map((c) => c.name);

describe("certificates: each child prints only their own; a teacher only their class's pupils'", () => {
  it.each(ROLES)("/facts/certificates as %s: a member's own, with their public name", async (role) => {
    const o = await get(memberCertificates, role, "http://x/facts/certificates");
    expect(o.status).toBe(200);
    expect(certificateNames(o)).toEqual(role === "member" ? ["Heat member"] : []);
  });

  it.each(ROLES)("/student-certificates as %s: a pupil's own, with their first name", async (role) => {
    const o = await get(studentCertificates, role, "http://x/student-certificates?award=count-1");
    if (role === "studentA" || role === "studentB") expect(certificateNames(o)).toEqual(["Pupil"]);
    else expect(o.status).toBe(302);
  });

  it.each(ROLES)("/teacher-dashboard/certificates of school A's pupil as %s", async (role) => {
    const o = await get(
      teacherCertificates,
      role,
      `http://x/teacher-dashboard/certificates?class=${A.classId}&student=${A.studentId}`,
    );
    if (role === "teacherA") expect(certificateNames(o)).toEqual(["Pupil"]);
    else if (role === "teacherB") expect(o.status).toBe(404);
    else expect(o.location).toBe("/teacher-login");
  });

  it("a teacher's class and another class's pupil: 404", async () => {
    const o = await get(
      teacherCertificates,
      "teacherA",
      `http://x/teacher-dashboard/certificates?class=${A.classId}&student=${B.studentId}`,
    );
    expect(o.status).toBe(404);
  });
});

describe("the class facts page, aimed at school A's class and pupil", () => {
  const urls: [string, string][] = [
    ["the class", `?class=__A__`],
    ["a pupil", `?class=__A__&student=__P__`],
  ];
  for (const [name, query] of urls) {
    it.each(ROLES)(`teacher's page, ${name}: %s`, async (role) => {
      const q = query.replace("__A__", A.classId).replace("__P__", A.studentId);
      const o = await get(teacherFacts, role, `http://x/teacher-dashboard/facts${q}`);
      if (role === "teacherA") {
        expect(o.status).toBe(200);
        const page = JSON.stringify(o.data);
        expect(page).toContain("Pupil A");
        expect(page).not.toContain("Pupil B");
      } else if (role === "teacherB") expect(o.status).toBe(404);
      else expect(o.location).toBe("/teacher-login");
    });

    it.each(ROLES)(`admin's page, ${name}: %s`, async (role) => {
      const q = query.replace("__A__", A.classId).replace("__P__", A.studentId);
      const o = await get(adminFacts, role, `http://x/admin/facts${q}`);
      if (role === "admin") {
        expect(o.status).toBe(200);
        expect(JSON.stringify(o.data)).toContain("Pupil A");
      } else if (role === "member") expect(o.status).toBe(403);
      else expect(o.location).toBe("/admin");
    });
  }

  it("shows the class's weak fact in needs help and most missed, and the pupil's own map", async () => {
    const o = await get(teacherFacts, "teacherA", `http://x/teacher-dashboard/facts?class=${A.classId}`);
    const data = o.data as {
      klass: { needsHelp: { id: string; weak: number }[]; mostMissed: { key: string; pupils: number }[] };
    };
    expect(data.klass.needsHelp).toEqual([expect.objectContaining({ id: A.studentId, weak: 1 })]);
    expect(data.klass.mostMissed).toEqual([expect.objectContaining({ key: keyOf("studentA"), pupils: 1 })]);
    const pupil = await get(
      teacherFacts,
      "teacherA",
      `http://x/teacher-dashboard/facts?class=${A.classId}&student=${A.studentId}`,
    );
    expect(weakKeys((pupil.data as { pupil: { facts: { grid: Grid } } }).pupil.facts.grid)).toEqual([
      keyOf("studentA"),
    ]);
  });

  it("shows a game finished since the page was last seen (its summary is kept only while nothing changed)", async () => {
    // A class of its own (tests run in any order): teacher A's second class, with one pupil.
    const school = db.$client.prepare("SELECT school_id AS id FROM classes WHERE id = ?").get(A.classId) as {
      id: string;
    };
    const classId = insertClass({
      name: "Class A2",
      schoolId: school.id,
      teacherId: A.teacherId,
      loginKey: newClassLoginKey(),
    });
    const studentId = withFreshLoginCode((loginCode) =>
      insertStudent({
        name: "Pupil A2",
        classId,
        loginCode,
        timesTables: [],
        allowedOperations: ["multiplication"],
        difficulty: "easy",
      }),
    ).value;
    const url = `http://x/teacher-dashboard/facts?class=${classId}`;
    type Page = { klass: { needsHelp: { weak: number }[]; mostMissed: { key: string }[] } };
    const miss = (problem: string, correctAnswer: number, at: number) =>
      recordRunFacts(
        { kind: "student", studentId },
        {
          startedAt: at,
          finishedAt: at + 60_000,
          answers: [{ problem, correctAnswer, isCorrect: false, timeStamp: at + 2_000 }],
        },
      );
    const at = Date.UTC(2026, 10, 21, 9);
    miss("7 × 8 = ?", 56, at);
    const before = (await get(teacherFacts, "teacherA", url)).data as Page;
    expect(before.klass.needsHelp.map((pupil) => pupil.weak)).toEqual([1]);
    // Missed once: a slip, not yet one of the facts the class keeps missing.
    expect(before.klass.mostMissed).toEqual([]);
    miss("9 × 9 = ?", 81, at + 120_000);
    miss("9 × 9 = ?", 81, at + 240_000);
    miss("7 × 8 = ?", 56, at + 240_000);
    const after = (await get(teacherFacts, "teacherA", url)).data as Page;
    expect(after.klass.needsHelp.map((pupil) => pupil.weak)).toEqual([2]);
    expect(after.klass.mostMissed.map((fact) => fact.key).sort()).toEqual(["*7,8", "*9,9"]);
    // The class's overview is kept as markup per its data (docs/speed-shortcuts.md#the-class-facts-page): the page
    // drawn through the server's kept markups shows the new game too.
    const drawn = (data: Page) =>
      renderToString(
        createElement(
          MarkupCacheProvider,
          { value: cachedMarkup },
          createElement(ClassFacts, { data: data as unknown as ClassFactsData, path: "/teacher-dashboard/facts" }),
        ),
      );
    expect(drawn(before)).toContain("1 weak fact");
    expect(drawn(before)).not.toContain("9 × 9 = 81");
    expect(drawn(after)).toContain("2 weak facts");
    expect(drawn(after)).toContain("9 × 9 = 81");
    expect(drawn(after)).toContain("9 × 9: 0 of 1 know it, 1 weak");
    expect(drawn(before)).toContain("1 weak fact");
  });

  it("suggests a focus its teacher sets as work with one click: the set work form, checked as if typed", async () => {
    type Page = { klass: { focus: { words: string; pupils: { id: string }[] } | null }; focusWork: FocusWork | null };
    const page = (await get(teacherFacts, "teacherA", `http://x/teacher-dashboard/facts?class=${A.classId}`))
      .data as Page;
    // Pupil A keeps missing 7 × 8: the 7 times table (before the 8 on a tie).
    expect(page.klass.focus).toMatchObject({ words: "the 7 times table", pupils: [{ id: A.studentId }] });
    const admin = (await get(adminFacts, "admin", `http://x/admin/facts?class=${A.classId}`)).data as Page;
    expect(admin.klass.focus).toMatchObject({ words: "the 7 times table" });
    expect(admin.focusWork).toBeNull();
    const form = page.focusWork!;
    expect(form.action).toBe(`/teacher-dashboard/work?class=${A.classId}`);
    const fields = Object.fromEntries(form.fields);
    const post = (role: Role, body: Record<string, string>) =>
      outcome(async () =>
        teacherWork.action({
          request: formRequest(`http://x${form.action}`, { cookie: cookies[role], body }),
          params: {},
          context: { clientAddress: "192.0.2.1" },
        } as never),
      );
    db.$client.prepare("DELETE FROM set_work WHERE class_id = ?").run(A.classId);
    // Another teacher, or nobody, writes nothing; nor does a tampered form.
    expect((await post("teacherB", fields)).status).toBe(404);
    expect((await post("nobody", fields)).location).toBe("/teacher-login");
    expect((await post("teacherA", { ...fields, due: "2020-01-01" })).status).toBe(400);
    expect((await post("teacherA", { ...fields, note: "see https://example.com" })).status).toBe(400);
    expect((await post("teacherA", { ...fields, target: "999" })).status).toBe(400);
    expect(listClassWork(A.classId)).toEqual([]);
    const done = await post("teacherA", fields);
    expect(done.status).toBe(302);
    expect(done.location).toBe(form.action);
    expect(listClassWork(A.classId)).toEqual([
      expect.objectContaining({
        targetKind: "games",
        target: FOCUS_WORK.games,
        gameKind: "practice",
        note: "Our class focus: the 7 times table. Practise my facts brings back the facts you keep missing.",
      }),
    ]);
    db.$client.prepare("DELETE FROM set_work WHERE class_id = ?").run(A.classId);
  });

  it("refuses a pupil of another class, even to their own teacher's class page", async () => {
    for (const [role, route, path] of [
      ["teacherA", teacherFacts, "/teacher-dashboard/facts"],
      ["admin", adminFacts, "/admin/facts"],
    ] as const) {
      const o = await get(route, role, `http://x${path}?class=${A.classId}&student=${B.studentId}`);
      expect(o.status).toBe(404);
    }
  });

  it("refuses unknown and malformed ids, and sends a page without a class back", async () => {
    expect((await get(teacherFacts, "teacherA", "http://x/teacher-dashboard/facts?class=nope")).status).toBe(404);
    expect((await get(adminFacts, "admin", "http://x/admin/facts?class=bad%20id!")).status).toBe(400);
    expect((await get(teacherFacts, "teacherA", "http://x/teacher-dashboard/facts")).location).toBe(
      "/teacher-dashboard",
    );
    expect((await get(adminFacts, "admin", "http://x/admin/facts")).location).toBe("/admin");
  });
});

describe("the heat map loaders, given any query", () => {
  it("answer with a page, a redirect or a clear 4xx, never a 500", async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("", "times", "add", "take-away", "divide", "*", "+", "%", "%ZZ"),
      fc.constant("__A__"),
      fc.constant("__B__"),
      fc.constant("__P__"),
    );
    const query = fc.dictionary(fc.constantFrom("class", "student", "op"), value, { maxKeys: 3 });
    const pages = [
      [teacherFacts, "teacherA", "/teacher-dashboard/facts"],
      [adminFacts, "admin", "/admin/facts"],
      [facts, "member", "/facts"],
      [studentProgress, "studentA", "/student-progress"],
      [memberStickers, "member", "/facts/stickers"],
      [studentStickers, "studentA", "/student-stickers"],
    ] as const;
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...pages), async (params, [route, role, path]) => {
        const ids: Record<string, string> = { __A__: A.classId, __B__: B.classId, __P__: A.studentId };
        const search = new URLSearchParams(
          Object.entries(params).map(([k, v]) => [k, ids[v] ?? v] as [string, string]),
        );
        const o = await get(route, role, `http://x${path}?${search.toString()}`);
        expect([200, 302, 400, 404]).toContain(o.status);
      }),
      { numRuns: 200 },
    );
  });
});
