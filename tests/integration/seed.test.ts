import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

describe("the demo seed", () => {
  it("fills every board, and running it again adds nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-"));
    const env = { ...process.env, DATABASE_PATH: path.join(dir, "app.db") };
    const run = () => execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { env, encoding: "utf8" });
    expect(run()).toMatch(/Added \d+ demo leaderboard entries/);
    expect(run()).toMatch(/left as it is/);
    const db = new Database(env.DATABASE_PATH, { readonly: true });
    const boards = db.prepare("SELECT board, count(*) AS n FROM leaderboard_bests GROUP BY board ORDER BY board").all();
    expect(boards).toEqual([
      { board: "extreme", n: 7 },
      { board: "hard", n: 7 },
      { board: "normal", n: 7 },
    ]);
    expect((db.prepare("SELECT count(*) AS n FROM leaderboard_recent").get() as { n: number }).n).toBeGreaterThan(0);
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
