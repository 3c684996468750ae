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
