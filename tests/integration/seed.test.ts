import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { BOARDS, DAY_MS, topPlayers, type Period } from "~/models/leaderboard.server";
import { verifyPassword } from "~/accounts/password.server";
import { findLoginWithRole } from "~/models/admins.server";
import { DEMO_ADMIN_EMAIL, DEMO_NAMES, seedDemo, seedDemoAdmin } from "../../scripts/seed";
import { DEMO_SCHOOL_ID, demoSchoolLogins, seedDemoSchool } from "../../scripts/seed-school";

const HOUR = 3_600_000;
const names = (period: Period, now: number) =>
  BOARDS.map((board) =>
    topPlayers({ board, period, limit: 20, now, player: null })
      .map((row) => row.name)
      .sort(),
  );
const everyBoard = (list: readonly string[]) => BOARDS.map(() => [...list].sort());

/** The boards' tables agree with the entries: one best per player and board, and it is that player's best. */
function expectBoardsConsistent() {
  const sqlite = db.$client;
  const bests = sqlite
    .prepare(
      "SELECT board, count(*) AS players FROM leaderboard_bests WHERE instr(board, ':') = 0 GROUP BY board ORDER BY board",
    )
    .all();
  expect(bests).toEqual([...BOARDS].sort().map((board) => ({ board, players: DEMO_NAMES.length })));
  const wrongBests = sqlite
    .prepare(
      `SELECT b.board, b.player_key FROM leaderboard_bests b
       WHERE b.score <> (SELECT max(e.score) FROM daily_leaderboard_entries e
                         WHERE (e.game_type = b.board OR e.game_type || ':' || e.time_limit = b.board)
                           AND ('n:' || e.username = b.player_key OR 'a:' || e.anon_id = b.player_key))`,
    )
    .all();
  expect(wrongBests).toEqual([]);
  // Every demo game has a time limit, so each player is on the tab of their game length too.
  const tabs = sqlite.prepare("SELECT count(*) FROM leaderboard_bests WHERE instr(board, ':') > 0").pluck().get();
  expect(tabs).toBe(BOARDS.length * DEMO_NAMES.length);
  const orphans = sqlite
    .prepare(
      `SELECT r.entry_id FROM leaderboard_recent r LEFT JOIN daily_leaderboard_entries e ON e.id = r.entry_id
       WHERE e.id IS NULL OR e.created_at <> r.created_at OR e.score <> r.score`,
    )
    .all();
  expect(orphans).toEqual([]);
}

describe("the demo seed", () => {
  it("fills every board; at once again it adds nothing; days later it brings the demo players back to the daily boards", () => {
    const start = Date.UTC(2026, 0, 10, 9);
    const first = seedDemo({ now: start });
    expect(first).toMatchObject({ history: true, added: 2 * BOARDS.length * DEMO_NAMES.length });
    expect(names("daily", start)).toEqual(everyBoard(DEMO_NAMES));
    expect(names("all-time", start)).toEqual(everyBoard(DEMO_NAMES));

    expect(seedDemo({ now: start + HOUR })).toMatchObject({ added: 0 });

    // Two days on, the first round has left the daily window...
    const later = start + 2 * DAY_MS;
    expect(names("daily", later)).toEqual(everyBoard([]));
    // ...and the next start of the demo dates a new round from its own clock.
    expect(seedDemo({ now: later })).toMatchObject({ history: false, added: BOARDS.length * DEMO_NAMES.length });
    expect(names("daily", later)).toEqual(everyBoard(DEMO_NAMES));
    expect(names("all-time", later)).toEqual(everyBoard(DEMO_NAMES));
    expectBoardsConsistent();
  });

  it("makes one admin with a random password, and gives it a new one on every run", async () => {
    const first = await seedDemoAdmin();
    expect(first).toMatchObject({ email: DEMO_ADMIN_EMAIL, created: true });
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const admin = findLoginWithRole(DEMO_ADMIN_EMAIL)!;
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(admin.passwordHash!, first.password)).toBe(true);

    const second = await seedDemoAdmin();
    expect(second).toMatchObject({ email: DEMO_ADMIN_EMAIL, created: false });
    expect(second.password).not.toBe(first.password);
    const after = findLoginWithRole(DEMO_ADMIN_EMAIL)!;
    expect(after.id).toBe(admin.id);
    expect(await verifyPassword(after.passwordHash!, first.password)).toBe(false);
    expect(await verifyPassword(after.passwordHash!, second.password)).toBe(true);
  });

  it("runs from the command line (npm run db:seed), and a second run leaves the rows as they are", async () => {
    const env = { ...process.env, DATABASE_PATH: path.join("tmp", "vitest", `seed-${crypto.randomUUID()}.db`) };
    const run = () => execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { env, encoding: "utf8" });
    const first = run();
    expect(first).toMatch(/Added 42 demo leaderboard entries \(history and a round for today\)/);
    // The admin's login is printed to the terminal, and only there: only its hash is stored.
    const printed = /Made the demo admin \(log in at \/admin\):\n {2}username: (\S+)\n {2}password: (\S+)\n/.exec(
      first,
    );
    expect(printed?.[1]).toBe(DEMO_ADMIN_EMAIL);
    const sqlite = new Database(env.DATABASE_PATH, { readonly: true });
    const hash = () =>
      (sqlite.prepare("SELECT password_hash AS h FROM users WHERE email = ?").get(DEMO_ADMIN_EMAIL) as { h: string }).h;
    expect(await verifyPassword(hash(), printed![2]!)).toBe(true);

    const second = run();
    expect(second).toMatch(/recent .*left as they are/);
    const again =
      /New password for the demo admin \(log in at \/admin\):\n {2}username: (\S+)\n {2}password: (\S+)\n/.exec(second);
    expect(await verifyPassword(hash(), again![2]!)).toBe(true);
    sqlite.close();
  });

  it("makes the demo school once: a teacher, two classes, pupils with three weeks of verified games, none on a board", () => {
    const entriesBefore = (
      db.$client.prepare("SELECT count(*) AS n FROM daily_leaderboard_entries").get() as { n: number }
    ).n;
    const now = Date.now();
    const demo = seedDemoSchool({ now });
    expect(demo.created).toBe(true);
    expect(demo.teacher.code).toMatch(/^[1-9]\d{7}$/);
    expect(demo.classes).toHaveLength(2);
    const pupils = demo.classes.flatMap((c) => c.pupils);
    expect(pupils.length).toBeGreaterThanOrEqual(8);
    const sqlite = db.$client;
    // Every game is a run in the ledger, with its performance row, within the last three weeks.
    const games = sqlite
      .prepare(
        `SELECT count(*) AS n, min(p.completed_at) AS oldest, max(p.completed_at) AS newest,
                sum(r.id IS NULL) AS withoutRun, count(DISTINCT p.student_id) AS players
         FROM student_performance p JOIN students s ON s.id = p.student_id JOIN classes c ON c.id = s.class_id
         LEFT JOIN game_runs r ON r.id = p.run_id AND r.mode = 'student' AND r.student_id = p.student_id
         WHERE c.school_id = ?`,
      )
      .get(DEMO_SCHOOL_ID) as { n: number; oldest: number; newest: number; withoutRun: number; players: number };
    expect(games.players).toBe(pupils.length);
    expect(games.n).toBeGreaterThan(pupils.length * 5);
    expect(games.withoutRun).toBe(0);
    expect(games.oldest).toBeGreaterThan(now - 22 * DAY_MS);
    expect(games.newest).toBeLessThanOrEqual(now);
    // Pupils' games never reach a public board.
    expect((sqlite.prepare("SELECT count(*) AS n FROM daily_leaderboard_entries").get() as { n: number }).n).toBe(
      entriesBefore,
    );

    const again = seedDemoSchool({ now: now + DAY_MS });
    expect(again.created).toBe(false);
    expect(again.teacher.code).toBe(demo.teacher.code);
    expect((sqlite.prepare("SELECT count(*) AS n FROM student_performance").get() as { n: number }).n).toBe(games.n);

    const printed = demoSchoolLogins(again, "http://localhost:3000");
    expect(printed).toContain(`code ${demo.teacher.code} (log in at http://localhost:3000/teacher-login)`);
    expect(printed).toContain(`http://localhost:3000/student-login/${demo.classes[0]!.loginKey}`);
    expect(printed).toContain(`${pupils[0]!.name}: code ${pupils[0]!.code}`);
  });

  it("refuses to put made-up players into a production database", () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(32),
      SITE_URL: "https://example.com",
      DATABASE_PATH: path.join("tmp", "vitest", `seed-${crypto.randomUUID()}.db`),
    };
    expect(() =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { env, encoding: "utf8", stdio: "pipe" }),
    ).toThrow(/does not run with NODE_ENV=production/);
  });
});
