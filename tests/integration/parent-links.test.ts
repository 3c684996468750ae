import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { studentPerformance } from "~/db/schema";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { PARENT_LINK_RULE } from "~/limits/parent-link-limits.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import { eraseStudent } from "~/school/data-rights.server";
import * as parent from "~/routes/parent/parent";
import * as dashboard from "~/routes/school/teacher-dashboard";
import * as letters from "~/routes/school/teacher-parent-letters";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { hashToken } from "~/school/parent-links.server";
import { PARENT_MESSAGES } from "~/utils/parent-messages";
import { cookieSet, flashOf, formRequest, outcome, type Outcome } from "./route-call";

/*
 * Parent links end to end on the server (docs/product.md#parents): a teacher gives links only to their own pupils,
 * one live link a pupil, and stops them; the parent page opens only that pupil, and a stopped, expired, unknown or
 * malformed link is the same 404; wrong links are limited; refusals write nothing.
 */

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

type Teacher = { cookie: string; classId: string; pupilId: string; otherPupilId: string };

function pupil(classId: string, name: string) {
  return withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  ).value;
}

async function makeTeacher(): Promise<Teacher> {
  n += 1;
  const schoolId = insertSchool(`School ${n}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Teacher ${n}`, email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: `Oak ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  const pupilId = pupil(classId, `Ada Lovelace ${n}`);
  const otherPupilId = pupil(classId, `Bea Brown ${n}`);
  const response = await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" });
  return { cookie: cookieSet(response, "__school"), classId, pupilId, otherPupilId };
}

let me: Teacher;
let other: Teacher;

beforeEach(async () => {
  resetLimits();
  db.$client.exec("DELETE FROM parent_links; DELETE FROM audit_log");
  me = await makeTeacher();
  other = await makeTeacher();
});

afterEach(() => {
  vi.useRealTimers();
});

const CONTEXT = { clientAddress: "198.51.100.9" };

function post(body: Record<string, string>, cookie = me.cookie) {
  const request = formRequest("http://x/teacher-dashboard", { cookie, body });
  return outcome(() => dashboard.action({ request, params: {}, context: CONTEXT } as never));
}

function loadLetters(query: string, cookie = me.cookie) {
  const request = formRequest(`http://x/teacher-dashboard/parent-letters${query}`, { cookie });
  return outcome(() => letters.loader({ request, params: {}, context: CONTEXT } as never));
}

function openParent(token: string, address = CONTEXT.clientAddress): Promise<Outcome> {
  const request = formRequest(`http://x/parent/${token}`);
  return outcome(() => parent.loader({ request, params: { token }, context: { clientAddress: address } } as never));
}

const links = () => db.$client.prepare("SELECT * FROM parent_links ORDER BY student_id").all();
/** The change log's entries, oldest first (docs/product.md#change-log). */
const audit = () =>
  db.$client
    .prepare("SELECT actor_kind, action, subject_kind, subject_id, subject_name, detail FROM audit_log ORDER BY id")
    .all() as { actor_kind: string; action: string; subject_kind: string; subject_id: string; subject_name: string }[];

type Letters = { letters: { id: string; firstName: string; link: string | null; until: string }[] };

/** Gives a pupil of `me` a link and reads its token from their letter. */
async function giveLink(pupilId = me.pupilId): Promise<string> {
  const given = await post({ intent: "give-parent-link", studentId: pupilId });
  expect(given.status).toBe(302);
  expect(given.location).toBe(`/teacher-dashboard/parent-letters?class=${me.classId}&student=${pupilId}`);
  const page = await loadLetters(`?class=${me.classId}&student=${pupilId}`);
  const letter = (page.data as Letters).letters[0]!;
  return letter.link!.split("/parent/")[1]!;
}

describe("giving and stopping", () => {
  it("gives a link whose letter carries it, and only its hash is stored", async () => {
    const token = await giveLink();
    const rows = links() as { student_id: string; token_hash: string; nonce: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.student_id).toBe(me.pupilId);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("keeps one live link a pupil: a new one stops the old", async () => {
    const first = await giveLink();
    const second = await giveLink();
    expect(second).not.toBe(first);
    expect(links()).toHaveLength(1);
    expect((await openParent(first)).status).toBe(404);
    expect((await openParent(second)).status).toBe(200);
  });

  it("stops a link: then the page is the 404", async () => {
    const token = await giveLink();
    expect((await openParent(token)).status).toBe(200);
    const stopped = await post({ intent: "stop-parent-link", studentId: me.pupilId });
    expect(stopped.location).toBe(`/teacher-dashboard?class=${me.classId}#student-${me.pupilId}`);
    expect((await flashOf(stopped.response))?.title).toMatch(/^Parent link stopped/);
    const gone = await openParent(token);
    expect(gone.status).toBe(404);
    expect(gone.data).toBe(PARENT_MESSAGES.gone);
    expect(links()).toEqual([]);
  });

  it("gives the whole class links in one go, and prints one letter each", async () => {
    const given = await post({ intent: "give-class-parent-links", classId: me.classId });
    expect(given.location).toBe(`/teacher-dashboard/parent-letters?class=${me.classId}`);
    expect(links()).toHaveLength(2);
    const page = (await loadLetters(`?class=${me.classId}`)).data as Letters;
    expect(page.letters.map((l) => l.firstName)).toEqual(["Ada", "Bea"]);
    for (const letter of page.letters) expect((await openParent(letter.link!.split("/parent/")[1]!)).status).toBe(200);
  });

  it("shows the link's dates on the pupil's card", async () => {
    await giveLink();
    const request = formRequest(`http://x/teacher-dashboard?class=${me.classId}`, { cookie: me.cookie });
    const o = await outcome(() => dashboard.loader({ request, params: {}, context: CONTEXT } as never));
    const students = (o.data as { students: { value: { id: string; parentLink: unknown }[] } }).students.value;
    const card = students.find((s) => s.id === me.pupilId)!;
    expect(card.parentLink).toEqual({ given: expect.any(String), until: expect.any(String) });
    expect(students.find((s) => s.id === me.otherPupilId)!.parentLink).toBeNull();
  });
});

describe("the change log", () => {
  it("records each link given and stopped, by the teacher, about the pupil, never the token", async () => {
    const token = await giveLink();
    await post({ intent: "stop-parent-link", studentId: me.pupilId });
    // Stopping a link that is not there changes nothing and records nothing.
    await post({ intent: "stop-parent-link", studentId: me.pupilId });
    await post({ intent: "give-class-parent-links", classId: me.classId });
    const entries = audit();
    expect(entries.map((e) => [e.action, e.subject_id])).toEqual([
      ["parent-link.given", me.pupilId],
      ["parent-link.revoked", me.pupilId],
      ["parent-link.given", me.pupilId],
      ["parent-link.given", me.otherPupilId],
    ]);
    expect(entries.every((e) => e.actor_kind === "teacher" && e.subject_kind === "student")).toBe(true);
    expect(JSON.stringify(db.$client.prepare("SELECT * FROM audit_log").all())).not.toContain(token);
  });
});

describe("scope: a teacher gives and stops links only for their own pupils; refusals write nothing", () => {
  it.each([
    ["give-parent-link", "studentId"],
    ["stop-parent-link", "studentId"],
    ["give-class-parent-links", "classId"],
  ])("%s aimed at another teacher's pupil or class: 404", async (intent, field) => {
    const theirs = await post({ intent: "give-parent-link", studentId: other.pupilId }, other.cookie);
    expect(theirs.status).toBe(302);
    const before = links();
    const target = field === "classId" ? other.classId : other.pupilId;
    for (const id of [target, "no-such-id", "bad id!", ""]) {
      const o = await post({ intent, [field]: id });
      expect(o.status).toBe(404);
    }
    expect(links()).toEqual(before);
    expect(audit().filter((e) => e.subject_id !== other.pupilId)).toEqual([]);
  });

  it("without a teacher's session: to the login, nothing written", async () => {
    const o = await post({ intent: "give-parent-link", studentId: me.pupilId }, "");
    expect(o.location).toBe("/teacher-login");
    expect(links()).toEqual([]);
  });

  it("another teacher's pupil or class has no letter and no confirmation step", async () => {
    expect((await loadLetters(`?class=${other.classId}`)).status).toBe(404);
    expect((await loadLetters(`?class=${me.classId}&student=${other.pupilId}`)).status).toBe(404);
    const step = (query: string) => {
      const request = formRequest(`http://x/teacher-dashboard?class=${me.classId}&${query}`, { cookie: me.cookie });
      return outcome(() => dashboard.loader({ request, params: {}, context: CONTEXT } as never));
    };
    expect((await step(`parent-link=${other.pupilId}`)).status).toBe(404);
    expect((await step(`stop-parent-link=${other.pupilId}`)).status).toBe(404);
    expect((await step(`class-parent-links=${other.classId}`)).status).toBe(404);
    expect((await step(`parent-link=${me.pupilId}`)).status).toBe(200);
    expect(links()).toEqual([]);
  });
});

describe("the parent page", () => {
  it("shows only that pupil: first name, class, progress and facts, and no one else", async () => {
    db.insert(studentPerformance)
      .values({
        studentId: me.pupilId,
        score: 12,
        totalQuestions: 15,
        timeTaken: 60,
        accuracy: 80,
        completedAt: Date.now(),
      })
      .run();
    const token = await giveLink();
    const o = await openParent(token);
    expect(o.status).toBe(200);
    const page = o.data as { firstName: string; className: string; progress: { gamesPlayed: number } };
    expect(page.firstName).toBe("Ada");
    expect(page.className).toBe(`Oak ${n - 1}`);
    const text = JSON.stringify(o.data);
    expect(text).not.toContain("Lovelace");
    expect(text).not.toContain("Bea");
    expect(text).not.toContain("School");
    expect(text).not.toMatch(/loginCode|login_code/);
    expect(page.progress).toMatchObject({ gamesPlayed: 1, averageAccuracy: 80, bestScore: 12 });
  });

  it("sends no cookie, and asks not to be indexed or cached", async () => {
    const token = await giveLink();
    const o = await openParent(token);
    expect(o.headers?.get("Set-Cookie") ?? null).toBeNull();
    const headers = new Headers(
      parent.headers({
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      } as never) as HeadersInit,
    );
    expect(headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("is the same 404 for a stopped, an expired, an unknown and a malformed link", async () => {
    const stopped = await giveLink();
    await post({ intent: "stop-parent-link", studentId: me.pupilId });
    const expired = await giveLink(me.otherPupilId);
    db.$client
      .prepare("UPDATE parent_links SET expires_at = ? WHERE student_id = ?")
      .run(Date.now() - 1, me.otherPupilId);
    const unknown = "A".repeat(43);
    const answers = await Promise.all([stopped, expired, unknown, "short", `${unknown}B`].map((t) => openParent(t)));
    for (const o of answers) {
      expect(o.status).toBe(404);
      expect(o.data).toBe(PARENT_MESSAGES.gone);
      expect(o.headers?.get("X-Robots-Tag")).toBe("noindex, nofollow");
    }
  });

  it("a link works until the day it expires, then no longer", async () => {
    const token = await giveLink();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 364 * DAY);
    expect((await openParent(token)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * DAY);
    expect((await openParent(token)).status).toBe(404);
    vi.useRealTimers();
  });

  it("the pupil's erasure takes their link with them", async () => {
    const token = await giveLink();
    eraseStudent({ id: me.pupilId }, { kind: "admin", id: "admin-id", name: "An admin" });
    expect(links()).toEqual([]);
    expect((await openParent(token)).status).toBe(404);
  });

  it("limits links that open nothing from one address, never a working one, and a refusal looks nothing up", async () => {
    const token = await giveLink();
    const wrong = "B".repeat(43);
    for (let i = 0; i < PARENT_LINK_RULE.free; i++) expect((await openParent(wrong)).status).toBe(404);
    const refused = await openParent(wrong);
    expect(refused.status).toBe(429);
    expect(refused.data).toBe(PARENT_MESSAGES.wait);
    expect(Number(refused.headers?.get("Retry-After"))).toBeGreaterThan(0);
    // While it waits even a working link is not looked up from there; elsewhere it opens.
    expect((await openParent(token)).status).toBe(429);
    expect((await openParent(token, "203.0.113.50")).status).toBe(200);
    // Malformed links are no guesses and are not counted.
    resetLimits();
    for (let i = 0; i < PARENT_LINK_RULE.free + 5; i++) expect((await openParent("nope")).status).toBe(404);
    expect((await openParent(token)).status).toBe(200);
  });
});

describe("housekeeping", () => {
  it("deletes expired links and keeps live ones", async () => {
    await giveLink();
    await giveLink(me.otherPupilId);
    db.$client.prepare("UPDATE parent_links SET expires_at = ? WHERE student_id = ?").run(Date.now() - 1, me.pupilId);
    const report = await runHousekeeping();
    expect(report.parentLinks).toBe(1);
    expect((links() as { student_id: string }[]).map((l) => l.student_id)).toEqual([me.otherPupilId]);
  });
});
