import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { recordAudit } from "~/models/audit.server";
import { FACTS_BACKFILL } from "~/models/fact-records.server";
import { eraseStudent } from "~/school/data-rights.server";
import { upsertParentLinks } from "~/models/parent-links.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { findStudent, insertStudent, updateStudent } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import * as settings from "~/routes/account/settings";
import { sessionCookie } from "~/auth/session.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cookieSet, formRequest, outcome } from "./route-call";

/*
 * Erasure that erases (docs/product.md#data-rights, docs/decisions/0069-secure-delete-and-a-truncated-log.md): after
 * a pupil is erased, or a member deletes their account, none of their name, login code or id is anywhere in the
 * bytes of the database file or its write-ahead log, free pages and old log frames included. Every id here is
 * text (students.id, users.id: `PRAGMA table_info`), and the file's text is UTF-8 (`PRAGMA encoding`, checked
 * below), so each is searched for as its UTF-8 bytes.
 */

const PUPIL = "Philippa Quennell";
const MEMBER = { name: "Zebedee Wriggle", email: "zebedee.wriggle@erasure.example" };

let teacherCookie = "";
let pupilId = "";
let pupilCode = "";
let otherPupil = "";
let classId = "";

function databaseBytes(): { file: Buffer; wal: Buffer } {
  const file = fs.readFileSync(config.databasePath);
  const walPath = `${config.databasePath}-wal`;
  const wal = fs.existsSync(walPath) ? fs.readFileSync(walPath) : Buffer.alloc(0);
  return { file, wal };
}

/** Where, if anywhere, each text is still in the file or the log: an empty list when none is. */
function traces(texts: string[]): string[] {
  const { file, wal } = databaseBytes();
  const found: string[] = [];
  for (const text of texts) {
    const bytes = Buffer.from(text, "utf8");
    let count = 0;
    for (let at = file.indexOf(bytes); at >= 0; at = file.indexOf(bytes, at + 1)) count++;
    if (count > 0) found.push(`${text} ×${count} in the file`);
    count = 0;
    for (let at = wal.indexOf(bytes); at >= 0; at = wal.indexOf(bytes, at + 1)) count++;
    if (count > 0) found.push(`${text} ×${count} in the log`);
  }
  return found;
}

/** A pupil's games, written as the finish writes them: runs with answers, results, fact records. */
function playGames(studentId: string, games: number) {
  const t0 = Date.now() - 3_600_000;
  for (let g = 0; g < games; g++) {
    const runId = `run-${studentId}-${g}`;
    db.$client
      .prepare(
        `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at,
           finished_at, answers) VALUES (?, 'student', 'student', ?, 2, 2, 100, ?, ?, ?)`,
      )
      .run(runId, studentId, t0 + g * 70_000, t0 + g * 70_000 + 60_000, JSON.stringify([{ problem: "7 × 8 = ?" }]));
    db.$client
      .prepare(
        `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
         VALUES (?, 2, 2, 60, 100, ?, ?)`,
      )
      .run(studentId, runId, t0 + g * 70_000 + 60_000);
  }
  db.$client
    .prepare(`INSERT INTO fact_records (student_id, op, data, updated_at) VALUES (?, '*', 'x', ?)`)
    .run(studentId, t0);
}

beforeAll(async () => {
  // The one-off fact records backfill is long done here: the housekeeping run below must not rebuild records.
  db.$client
    .prepare(`INSERT INTO job_marks (name, cursor, done_at, updated_at) VALUES (?, NULL, 1, 1)`)
    .run(FACTS_BACKFILL);
  expect(db.$client.pragma("encoding", { simple: true })).toBe("UTF-8");
  const schoolId = insertSchool("Erasure Primary");
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Ms Keep", email: "keep@school.example", schoolId, loginCode }),
  ).value;
  classId = insertClass({ name: "Keep Class", schoolId, teacherId, loginKey: newClassLoginKey() });
  const add = (name: string) =>
    withFreshLoginCode((loginCode) =>
      insertStudent({
        name,
        classId,
        loginCode,
        timesTables: ["7"],
        allowedOperations: ["addition"],
        difficulty: "easy",
      }),
    ).value;
  otherPupil = add("Other Child");
  pupilId = add(PUPIL);
  pupilCode = findStudent(pupilId)!.loginCode;
  playGames(otherPupil, 20);
  playGames(pupilId, 40);
  // Her row written again and again, as a teacher changing her settings would: each version a page in the log.
  for (const difficulty of ["medium", "hard", "easy", "medium"] as const) {
    updateStudent(pupilId, {
      name: PUPIL,
      timesTables: ["7", "8"],
      allowedOperations: ["addition"],
      difficulty,
      extraTime: 1.5,
      calm: false,
    });
  }
  await schoolSignInAndRedirect(new Request("http://x/"), { studentId: pupilId }, { to: "/" });
  upsertParentLinks([
    {
      studentId: pupilId,
      nonce: "n".repeat(22),
      tokenHash: "h".repeat(43),
      givenAt: Date.now(),
      expiresAt: Date.now() + 8.64e7,
    },
  ]);
  recordAudit({
    actor: { kind: "teacher", id: teacherId, name: "Ms Keep" },
    action: "student.added",
    schoolId,
    subject: { kind: "student", id: pupilId, name: PUPIL },
  });
  teacherCookie = cookieSet(
    await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" }),
    "__school",
  );
});

describe("erasure leaves no bytes behind", () => {
  it("a pupil erased by their teacher: no name, code or id in the database file or its log", async () => {
    // Before: she is there, many times over.
    expect(traces([PUPIL, pupilCode, pupilId]).length).toBeGreaterThan(0);
    const o = await outcome(() =>
      teacherDashboard.action({
        request: formRequest("http://x/teacher-dashboard", {
          cookie: teacherCookie,
          body: { intent: "delete-student", studentId: pupilId },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(o.status).toBe(302);
    expect(findStudent(pupilId)).toBeUndefined();
    // The log is emptied at once unless a reader holds it (a busy machine's checkpoint worker): then within a second.
    await vi.waitFor(() => expect(traces([PUPIL, pupilCode, pupilId])).toEqual([]), { timeout: 5_000 });
    // A backup taken after the erasure (VACUUM INTO writes live rows only) holds none of it either.
    const snapshot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "erasure-backup-")), "after.db");
    const backup = spawnSync(
      process.execPath,
      ["server/ops/db-backup.js", "--db", config.databasePath, "--out", snapshot],
      {
        encoding: "utf8",
      },
    );
    expect(backup.status, backup.stderr).toBe(0);
    const bytes = fs.readFileSync(snapshot);
    for (const text of [PUPIL, pupilCode, pupilId]) expect(bytes.includes(Buffer.from(text, "utf8")), text).toBe(false);
    expect(bytes.includes(Buffer.from("Other Child", "utf8"))).toBe(true);
    fs.rmSync(path.dirname(snapshot), { recursive: true, force: true });
    // The other pupil and her games are untouched.
    expect(findStudent(otherPupil)?.name).toBe("Other Child");
    expect(traces(["Other Child"]).length).toBeGreaterThan(0);
  });

  it("a member deleting their account: no name, address or id in the database file or its log", async () => {
    const created = createMember({
      email: MEMBER.email,
      phone: null,
      passwordHash: await hashPassword("a long enough password"),
      username: MEMBER.name,
      emailVerified: true,
      role: "member",
    });
    if (!created.ok) throw new Error("no member");
    insertMemberSession({
      id: "erasure-member",
      userId: created.id,
      userAgent: null,
      expiresAt: Date.now() + 3_600_000,
    });
    const cookie = (await sessionCookie.serialize("erasure-member")).split(";")[0]!;
    expect(traces([MEMBER.name, MEMBER.email, created.id]).length).toBeGreaterThan(0);
    const o = await outcome(() =>
      settings.action({
        request: formRequest("http://x/settings", {
          cookie,
          body: { intent: "delete", confirm: "yes" },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(o.status).toBeLessThan(400);
    expect(db.$client.prepare(`SELECT 1 FROM users WHERE id = ?`).get(created.id)).toBeUndefined();
    // The log is emptied at once unless a reader holds it (a busy machine's checkpoint worker): then within a second.
    await vi.waitFor(() => expect(traces([MEMBER.name, MEMBER.email, created.id])).toEqual([]), { timeout: 5_000 });
  });

  it("the housekeeping's erasures and retention deletes: an archived pupil and an old contact message", async () => {
    const leaver = "Leonora Archway";
    const leaverId = withFreshLoginCode((loginCode) =>
      insertStudent({
        name: leaver,
        classId,
        loginCode,
        timesTables: [],
        allowedOperations: ["addition"],
        difficulty: "easy",
      }),
    ).value;
    const leaverCode = findStudent(leaverId)!.loginCode;
    playGames(leaverId, 10);
    const twoYearsAgo = Date.now() - 2 * 365 * 86_400_000;
    db.$client.prepare(`UPDATE students SET archived_at = ? WHERE id = ?`).run(twoYearsAgo, leaverId);
    const sender = { name: "Cordelia Postbox", email: "cordelia.postbox@contact.example" };
    db.$client
      .prepare(
        `INSERT INTO contact_messages (name, email, subject, message, mailed_at, created_at) VALUES (?, ?, '', ?, 1, ?)`,
      )
      .run(sender.name, sender.email, "Please call me back about my class.", twoYearsAgo);
    expect(traces([leaver, leaverCode, leaverId, sender.name, sender.email]).length).toBeGreaterThan(0);
    const report = await runHousekeeping();
    expect(report.archivedPupils).toBe(1);
    expect(report.contactMessages).toBe(1);
    // The log is emptied at once unless a reader holds it (a busy machine's checkpoint worker): then within a second.
    await vi.waitFor(() => expect(traces([leaver, leaverCode, leaverId, sender.name, sender.email])).toEqual([]), {
      timeout: 5_000,
    });
  });

  it("a reader holding the log (a backup, say) delays the truncation until it lets go, never the erasure", async () => {
    const name = "Rosalind Waitwell";
    const id = withFreshLoginCode((loginCode) =>
      insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
    ).value;
    playGames(id, 5);
    const reader = new Database(config.databasePath, { readonly: true });
    reader.prepare("BEGIN").run();
    reader.prepare("SELECT count(*) FROM students").get();
    try {
      expect(eraseStudent({ id }, { kind: "teacher", id: "t", name: "Ms Keep" })).toBe(true);
      expect(findStudent(id)).toBeUndefined();
      // The log still holds frames the reader may need: not yet emptied.
      expect(fs.statSync(`${config.databasePath}-wal`).size).toBeGreaterThan(0);
    } finally {
      reader.prepare("COMMIT").run();
      reader.close();
    }
    await vi.waitFor(() => expect(fs.statSync(`${config.databasePath}-wal`).size).toBe(0), { timeout: 5_000 });
    expect(traces([name, id])).toEqual([]);
  });
});
