// The roster import's cost (docs/product.md#roster-import): 1,000 pupils added in one transaction with fresh login
// codes, against a floor measured in the same run: 1,000 plain inserts of the same rows in one transaction (each id
// made as its row is inserted, the codes drawn beforehand, no checks). Goal: the import within 2× the floor, and the
// whole request (the multipart form read, the list parsed and checked, the rows written) under 2 seconds.
// `npm run bench -- roster-import` (a few seconds); ROSTER_BENCH_ROUNDS sets the rounds (default 9). Writes
// bench/results/roster-import.json.
import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, machine, percentile, round, writeResults } from "./lib/report";

const ROUNDS = Number(process.env.ROSTER_BENCH_ROUNDS ?? 9);
const PUPILS = 1000;
const FLOOR_FACTOR = 2;
const REQUEST_LIMIT_MS = 2000;
const ACTOR = { kind: "teacher" as const, id: "bench-teacher", name: "Bench Teacher" };

const dir = mkdtempSync(path.join(os.tmpdir(), "roster-import-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.SESSION_SECRET ??= "roster-import-bench-secret-roster-import-bench";

try {
  const { db } = await import("../app/db/client.server");
  const { insertClass, insertSchool, insertTeacher } = await import("../app/models/schools.server");
  const { newClassLoginKey, withFreshLoginCode } = await import("../app/school/login-codes.server");
  const { parseRoster } = await import("../app/school/roster-parse.server");
  const { importRows, rosterAction } = await import("../app/school/roster-import.server");

  const schoolId = insertSchool("Bench School");
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Bench Teacher", email: null, schoolId, loginCode }),
  ).value;
  const newClass = (name: string) => {
    const id = insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey() });
    return {
      kind: "class" as const,
      classId: id,
      className: name,
      schoolId,
      schoolName: "Bench School",
      schoolClasses: null,
      teacherId: null,
    };
  };
  const text = Array.from({ length: PUPILS }, (_, i) => `Pupil ${String(i + 1).padStart(4, "0")} Surname`).join("\n");
  const parsed = parseRoster(text, "class");
  if (!parsed.ok) throw new Error(parsed.message);

  const insert = db.$client.prepare(
    "INSERT INTO students (id, name, class_id, times_tables, allowed_operations, difficulty, login_code, created_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  // The same rows as an import writes: random ids and random 8-digit codes (a code's place in its index is random, as
  // an import's is), led by a 0, which no drawn code has, so the floor's never clash with the import's.
  const floorCodes = new Set<string>();
  const floorCode = () => {
    for (;;) {
      const code = `0${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
      if (!floorCodes.has(code)) return (floorCodes.add(code), code);
    }
  };
  /**
   * The floor: the same rows inserted in one transaction, each new row given its id as any insert of a new pupil must
   * (randomId's 16 random bytes), the codes drawn beforehand, no checks.
   */
  const floorOnce = (classId: string) => {
    const rows = parsed.rows.map((row) => ({ name: row.name, code: floorCode() }));
    const start = performance.now();
    db.$client.transaction(() => {
      for (const row of rows) {
        const id = crypto.randomBytes(16).toString("base64url");
        insert.run(id, row.name, classId, "[]", '["addition"]', "easy", row.code, Date.now());
      }
    })();
    return performance.now() - start;
  };
  /** The import: the list checked against the class and written with fresh codes (importRows). */
  const importOnce = (target: ReturnType<typeof newClass>) => {
    const start = performance.now();
    const done = importRows(target, parsed.rows, Date.now(), ACTOR);
    const took = performance.now() - start;
    if (done.added !== PUPILS) throw new Error(`added ${done.added}`);
    return took;
  };
  /** The whole request: a multipart form with the pasted list, through the action's reading, parsing and writing. */
  const requestOnce = async (target: ReturnType<typeof newClass>) => {
    const body = new FormData();
    body.set("intent", "import");
    body.set("text", text);
    const request = new Request(`http://x/import?class=${target.classId}`, { method: "POST", body });
    const start = performance.now();
    const answer = await rosterAction(request, target, `/import?class=${target.classId}`, ACTOR);
    const took = performance.now() - start;
    if (!(answer instanceof Response) || answer.status !== 302) throw new Error("the import was refused");
    return took;
  };

  // One of each to warm up.
  floorOnce(newClass("warm floor").classId);
  importOnce(newClass("warm import"));
  await requestOnce(newClass("warm request"));

  const floor: number[] = [];
  const imports: number[] = [];
  const requests: number[] = [];
  const atStart = loadAverage();
  for (let r = 0; r < ROUNDS; r += 1) {
    floor.push(floorOnce(newClass(`floor ${r}`).classId));
    imports.push(importOnce(newClass(`import ${r}`)));
    requests.push(await requestOnce(newClass(`request ${r}`)));
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const worst = (xs: number[]) => Math.max(...xs);
  const floorMs = median(floor);
  const importMs = median(imports);
  const requestMs = worst(requests);
  const ratio = importMs / floorMs;
  const pass = ratio <= FLOOR_FACTOR && requestMs < REQUEST_LIMIT_MS;
  console.log(`floor (1,000 plain inserts): median ${floorMs.toFixed(1)} ms`);
  console.log(`import (checks, codes, inserts): median ${importMs.toFixed(1)} ms, ${ratio.toFixed(2)}× the floor`);
  console.log(`whole request (multipart, parse, import): worst ${requestMs.toFixed(1)} ms`);
  writeResults("roster-import", {
    ...machine(),
    loadAverage: { atStart, atEnd: loadAverage() },
    settings: { rounds: ROUNDS, pupils: PUPILS, floorFactor: FLOOR_FACTOR, requestLimitMs: REQUEST_LIMIT_MS },
    floorMs: { median: round(floorMs, 2), all: floor.map((x) => round(x, 2)) },
    importMs: { median: round(importMs, 2), all: imports.map((x) => round(x, 2)) },
    requestMs: { worst: round(requestMs, 2), all: requests.map((x) => round(x, 2)) },
    ratio: round(ratio, 2),
    pass,
  });
  if (!pass) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
