import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { BACKSTOP_PAGES, checkpointInTheBackground } from "~/db/checkpoints.server";
import { openDatabase } from "~/db/client.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-checkpoints-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function until(condition: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

it("copies the log back into the database from a worker, the request thread's own checkpoint only a backstop", async () => {
  const file = path.join(dir, "app.db");
  const sqlite = openDatabase(file).$client;
  const stop = checkpointInTheBackground(sqlite, file);
  try {
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_PAGES);
    const before = fs.statSync(file).size;
    // About 400 pages: far below the backstop, so only the worker can have moved them into the file.
    sqlite.exec("CREATE TABLE filler (text TEXT)");
    const insert = sqlite.prepare("INSERT INTO filler (text) VALUES (?)");
    sqlite.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run("x".repeat(4000));
    })();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(400 * 4096);
    expect(await until(() => fs.statSync(file).size > before + 400 * 4000, 5_000)).toBe(true);
    // Written back whole: another connection reads every row.
    const reader = openDatabase(file, { migrate: false }).$client;
    expect(reader.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 400 });
    reader.close();
  } finally {
    stop();
    sqlite.close();
  }
});

it("never keeps a script alive: one that opens the database ends when its own work does, the worker running", async () => {
  const { spawnSync } = await import("node:child_process");
  const script = path.join(dir, "script.mts");
  // Long enough for the worker to have started (CHECKPOINT_START_DELAY_MS), then nothing left to do.
  fs.writeFileSync(
    script,
    `const { checkpointInTheBackground, CHECKPOINT_START_DELAY_MS } = await import(${JSON.stringify(path.resolve("app/db/checkpoints.server.ts"))});
const { openDatabase } = await import(${JSON.stringify(path.resolve("app/db/client.server.ts"))});
const file = ${JSON.stringify(path.join(dir, "script.db"))};
checkpointInTheBackground(openDatabase(file).$client, file);
await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_START_DELAY_MS + 500));
console.log("work done");
`,
  );
  const run = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 15_000 });
  expect(run.stdout).toContain("work done");
  expect(run.signal).toBeNull();
  expect(run.status).toBe(0);
});
