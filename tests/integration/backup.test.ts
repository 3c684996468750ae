import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db, openDatabase } from "~/db/client.server";
import { gameRuns, leaderboardEntries, schools, teachers } from "~/db/schema";

/*
 * The restore drill (README, "Backups"; docs/decisions/0020-backups-and-shutdown.md): the real commands, run as
 * the production image runs them (`node server/ops/…`), on a real database that another connection keeps writing.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function command(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join("server", "ops", script), ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

let written = 0;
/** One finished run as the app stores it: the ledger row and its board entry, in one transaction. */
function writeRun() {
  const id = `run-${++written}`;
  db.transaction((tx) => {
    const at = 1_800_000_000_000 + written;
    const answers = Array.from({ length: 20 }, (_, i) => ({ i, value: "12", correct: true, t: i * 900 }));
    tx.insert(gameRuns)
      .values({
        id,
        mode: "solo",
        gameType: "normal",
        anonId: "anon-1",
        score: 20,
        totalQuestions: 20,
        accuracy: 100,
        startedAt: at,
        finishedAt: at,
        answers,
      })
      .run();
    tx.insert(leaderboardEntries)
      .values({ score: 20, totalQuestions: 20, accuracy: 100, gameType: "normal", anonId: "anon-1", runId: id })
      .run();
  });
}

function counts(file: string): Record<string, number> {
  const sqlite = new Database(file, { readonly: true });
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [t, sqlite.prepare(`select count(*) from "${t}"`).pluck().get() as number]),
    );
  } finally {
    sqlite.close();
  }
}

function integrity(file: string): string {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.pragma("integrity_check", { simple: true }) as string;
  } finally {
    sqlite.close();
  }
}

const livePath = process.env.DATABASE_PATH!;

// One drill in steps, as an operator runs it: each step uses what the one before left (the live file, the
// checked snapshot), so the steps keep their order even when the suite is shuffled (vitest.config.ts).
describe("backup and restore drill", { shuffle: false }, () => {
  it("backs up while another connection writes, and restores a copy that passes its integrity check with the same rows", async () => {
    db.insert(schools)
      .values([
        { id: "s1", name: "Oak Primary" },
        { id: "s2", name: "Elm Primary" },
      ])
      .run();
    db.insert(teachers)
      .values([
        { id: "t1", name: "Ms Patel", schoolId: "s1", loginCode: "12345678" },
        { id: "t2", name: "Mr Jones", schoolId: "s2", loginCode: "23456789" },
      ])
      .run();
    db.transaction(() => {
      for (let i = 0; i < 5000; i++) writeRun();
    });

    // The backup runs in its own process while this one keeps committing runs, a few at a time.
    const before = written;
    const backupsDir = path.join(dir, "backups");
    const backup = command("db-backup.js", ["--db", livePath, "--out", backupsDir]);
    let done = false;
    void backup.then(() => (done = true));
    while (!done) {
      for (let i = 0; i < 5; i++) writeRun();
      await nextTurn();
    }
    const { code, output } = await backup;
    expect(code, output).toBe(0);
    expect(written - before).toBeGreaterThan(0);
    const [snapshotName] = fs.readdirSync(backupsDir);
    expect(snapshotName).toMatch(/^[\w-]+-\d{8}T\d{6}Z\.db$/);
    const snapshot = path.join(backupsDir, snapshotName!);
    expect(output).toContain(path.resolve(snapshot));
    expect(output).toMatch(/integrity_check: ok/);
    expect(output).toMatch(/game_runs\s+\d+/);

    // A consistent snapshot: every run with its entry, and somewhere between what was there before and after.
    expect(integrity(snapshot)).toBe("ok");
    const saved = counts(snapshot);
    expect(saved.game_runs).toBe(saved.daily_leaderboard_entries);
    expect(saved.game_runs).toBeGreaterThanOrEqual(before);
    expect(saved.game_runs).toBeLessThanOrEqual(written);
    expect(saved).toMatchObject({ schools: 2, teachers: 2 });

    const restoredPath = path.join(dir, "restored", "app.db");
    const restore = await command("db-restore.js", [snapshot, "--db", restoredPath]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored .* integrity_check: ok/);
    expect(integrity(restoredPath)).toBe("ok");
    expect(counts(restoredPath)).toEqual(saved);
    // The app opens it as its own: migrations are already applied.
    const reopened = openDatabase(restoredPath);
    expect(reopened.get<{ n: number }>(sql`select count(*) as n from game_runs`)).toEqual({ n: saved.game_runs });
    reopened.$client.close();
  }, 30_000);

  it("keeps a folder's snapshots 30 days, so erased data leaves the backups within 30 days of the erasure", async () => {
    const folder = path.join(dir, "kept");
    fs.mkdirSync(folder, { recursive: true });
    const name = path.basename(livePath, ".db");
    const stamp = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z");
    const old = `${name}-${stamp(31)}.db`;
    const young = `${name}-${stamp(29)}.db`;
    const other = `other-${stamp(40)}.db`;
    for (const file of [old, young, other, "notes.txt"]) fs.writeFileSync(path.join(folder, file), "x");
    const backup = await command("db-backup.js", ["--db", livePath, "--out", folder]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`older than 30 days`);
    const left = fs.readdirSync(folder).sort();
    expect(left).not.toContain(old);
    expect(left).toEqual(expect.arrayContaining([young, other, "notes.txt"]));
    expect(left.filter((f) => f.startsWith(`${name}-`))).toHaveLength(2);
    // A shorter time may be chosen, a longer one is refused (the privacy page promises 30 days).
    expect((await command("db-backup.js", ["--db", livePath, "--out", folder, "--keep-days", "31"])).code).toBe(2);
    // The snapshot just made goes first: a second one within the same second would carry its name.
    for (const file of fs.readdirSync(folder))
      if (file.startsWith(`${name}-`) && file !== young) fs.rmSync(path.join(folder, file));
    const shorter = await command("db-backup.js", ["--db", livePath, "--out", folder, "--keep-days", "7"]);
    expect(shorter.code, shorter.output).toBe(0);
    expect(fs.readdirSync(folder)).not.toContain(young);
  });

  it("refuses to overwrite a database without --force, a running one included, and never writes a snapshot that fails its check", async () => {
    const snapshot = path.join(dir, "checked.db");
    expect((await command("db-backup.js", ["--db", livePath, "--out", snapshot])).code).toBe(0);
    const again = await command("db-backup.js", ["--db", livePath, "--out", snapshot]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/exists already/);

    const liveRuns = counts(livePath).game_runs;
    const refused = await command("db-restore.js", [snapshot, "--db", livePath]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/exists and a running process has it open\. Pass --force/);
    expect(counts(livePath).game_runs).toBe(liveRuns);

    // A damaged copy: garbage over a page in the middle of the file.
    const damaged = path.join(dir, "damaged.db");
    fs.copyFileSync(snapshot, damaged);
    const fd = fs.openSync(damaged, "r+");
    fs.writeSync(fd, crypto.randomBytes(4096), 0, 4096, Math.floor(fs.statSync(damaged).size / 4096 / 2) * 4096);
    fs.closeSync(fd);
    const target = path.join(dir, "never", "app.db");
    const bad = await command("db-restore.js", [damaged, "--db", target]);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/failed its integrity check/);
    expect(fs.existsSync(target)).toBe(false);

    const checked = await command("db-restore.js", [snapshot, "--check"]);
    expect(checked.code).toBe(0);
    expect(checked.output).toMatch(/sound snapshot; integrity_check: ok/);
  }, 30_000);

  it("with --force, restores into a stopped database (keeping the old file) and into a running one through SQLite", async () => {
    const snapshot = path.join(dir, "checked.db");
    const snapshotRuns = counts(snapshot).game_runs!;

    const stopped = path.join(dir, "stopped", "app.db");
    fs.mkdirSync(path.dirname(stopped), { recursive: true });
    const other = openDatabase(stopped);
    other.insert(schools).values({ id: "s9", name: "Ash Primary" }).run();
    other.$client.close();
    const replaced = await command("db-restore.js", [snapshot, "--db", stopped, "--force"]);
    expect(replaced.code, replaced.output).toBe(0);
    expect(counts(stopped).game_runs).toBe(snapshotRuns);
    const kept = fs.readdirSync(path.dirname(stopped)).filter((name) => name.includes(".before-restore-"));
    expect(kept).toHaveLength(1);
    expect(counts(path.join(path.dirname(stopped), kept[0]!)).schools).toBe(1);

    // This process's connection is the "running server": it reads the restored rows at once, and writes on.
    for (let i = 0; i < 10; i++) writeRun();
    expect(db.get<{ n: number }>(sql`select count(*) as n from game_runs`)).toEqual({ n: written });
    expect(written).toBe(snapshotRuns + 10);
    const live = await command("db-restore.js", [snapshot, "--db", livePath, "--force"]);
    expect(live.code, live.output).toBe(0);
    expect(live.output).toMatch(/live, through SQLite/);
    expect(db.get<{ n: number }>(sql`select count(*) as n from game_runs`)).toEqual({ n: snapshotRuns });
    writeRun();
    expect(db.get<{ n: number }>(sql`select count(*) as n from game_runs`)).toEqual({ n: snapshotRuns + 1 });
    expect(integrity(livePath)).toBe("ok");
  }, 30_000);
});
