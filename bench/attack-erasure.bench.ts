// Attack: someone who reads the database file and its write-ahead log after pupils were erased (issue 41, item 5;
// docs/decisions/0069-secure-delete-and-a-truncated-log.md). In this process, on a throwaway database with the app's
// schema and its checkpoint worker: pupils with games, sessions, parent links and settings changed a few times; some
// are erased as before this change (secure_delete off, the log left) and some as now (secure_delete on, the log
// truncated), and the file and the log are searched byte by byte for each erased pupil's name, login code and id.
// Then the same search after a VACUUM, for what pages freed before secure_delete was on still held. Writes
// bench/results/attack-erasure.json; fails when an erasure made now leaves any trace. A few seconds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, machine, round, writeResults } from "./lib/report";

const PUPILS_A_SIDE = Number(process.env.ATTACK_ERASURE_PUPILS ?? 30);
const ERASED_A_SIDE = Number(process.env.ATTACK_ERASURE_ERASED ?? 10);
const GAMES = 40;
const log = (line: string) => console.log(line);
const loadAtStart = loadAverage();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attack-erasure-"));
const file = path.join(dir, "app.db");
Object.assign(process.env, { DATABASE_PATH: file, HOUSEKEEPING: "off" });
delete process.env.LITEFS_DIR;

const { db } = await import("~/db/client.server");
const { insertClass, insertSchool, insertTeacher } = await import("~/models/schools.server");
const { findStudent, insertStudent, updateStudent } = await import("~/models/students.server");
const { upsertParentLinks } = await import("~/models/parent-links.server");
const { insertSchoolSession } = await import("~/models/sessions.server");
const { erasePupil, erasePupilRows } = await import("~/models/erasures.server");
const { newClassLoginKey, withFreshLoginCode } = await import("~/school/login-codes.server");
const sqlite = db.$client;

const schoolId = insertSchool("Attack Primary");
const teacherId = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Ms Attack", email: "attack@school.example", schoolId, loginCode }),
).value;
const classId = insertClass({ name: "Attack Class", schoolId, teacherId, loginKey: newClassLoginKey() });

type Pupil = { id: string; name: string; code: string };
let made = 0;
function pupil(side: string): Pupil {
  made += 1;
  const name = `${side} Pupil ${String(made).padStart(3, "0")} Quennell`;
  const id = withFreshLoginCode((loginCode) =>
    insertStudent({
      name,
      classId,
      loginCode,
      timesTables: ["7"],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  ).value;
  const run = sqlite.prepare(
    `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at, finished_at,
       answers) VALUES (?, 'student', 'student', ?, 2, 2, 100, ?, ?, '[]')`,
  );
  const result = sqlite.prepare(
    `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
     VALUES (?, 2, 2, 60, 100, ?, ?)`,
  );
  for (let g = 0; g < GAMES; g++) {
    const at = Date.now() - (GAMES - g) * 3_600_000;
    run.run(`${id}-${g}`, id, at, at + 60_000);
    result.run(id, `${id}-${g}`, at + 60_000);
  }
  for (const difficulty of ["medium", "hard", "easy"] as const)
    updateStudent(id, {
      name,
      timesTables: ["7", "8"],
      allowedOperations: ["addition"],
      difficulty,
      extraTime: 1.5,
      calm: false,
    });
  insertSchoolSession({ id: `s-${id}`, userAgent: null, expiresAt: Date.now() + 3_600_000, studentId: id });
  upsertParentLinks([
    { studentId: id, nonce: `n-${id}`, tokenHash: `h-${id}`, givenAt: Date.now(), expiresAt: Date.now() + 8.64e7 },
  ]);
  return { id, name, code: findStudent(id)!.loginCode };
}

const count = (bytes: Buffer, text: string) => {
  const needle = Buffer.from(text, "utf8");
  let n = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) n++;
  return n;
};
/** What a reader of the file and its log finds of each erased pupil. */
function traces(erased: Pupil[]) {
  const fileBytes = fs.readFileSync(file);
  const wal = fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0);
  const per = erased.map((p) => ({
    name: count(fileBytes, p.name) + count(wal, p.name),
    code: count(fileBytes, p.code) + count(wal, p.code),
    id: count(fileBytes, p.id) + count(wal, p.id),
  }));
  const sum = (k: "name" | "code" | "id") => per.reduce((s, x) => s + x[k], 0);
  return {
    erased: erased.length,
    pupilsWithATrace: per.filter((x) => x.name + x.code + x.id > 0).length,
    copiesOfNames: sum("name"),
    copiesOfCodes: sum("code"),
    copiesOfIds: sum("id"),
    fileBytes: fileBytes.length,
    logBytes: wal.length,
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

// Before this change: secure_delete off, the log left as it is (the checkpoint worker still copies it back).
sqlite.pragma("secure_delete = OFF");
const before = Array.from({ length: PUPILS_A_SIDE }, () => pupil("Before"));
for (const p of before.slice(0, ERASED_A_SIDE)) erasePupilRows(p.id, null, Date.now());
await settle();
const today = traces(before.slice(0, ERASED_A_SIDE));

// Now: secure_delete on, the log truncated after each erasure.
sqlite.pragma("secure_delete = ON");
const after = Array.from({ length: PUPILS_A_SIDE }, () => pupil("After"));
for (const p of after.slice(0, ERASED_A_SIDE)) erasePupil(p.id, null, Date.now());
await settle();
const now = traces(after.slice(0, ERASED_A_SIDE));
// What pages freed before secure_delete was on still hold, and a VACUUM's effect on them.
const leftFromBefore = traces(before.slice(0, ERASED_A_SIDE));
sqlite.exec("VACUUM");
sqlite.pragma("wal_checkpoint(TRUNCATE)");
const afterVacuum = traces(before.slice(0, ERASED_A_SIDE));

log(
  `Erased as before: ${today.pupilsWithATrace} of ${today.erased} pupils found (names ×${today.copiesOfNames}, codes ×${today.copiesOfCodes}, ids ×${today.copiesOfIds}).`,
);
log(
  `Erased now: ${now.pupilsWithATrace} of ${now.erased} pupils found (names ×${now.copiesOfNames}, codes ×${now.copiesOfCodes}, ids ×${now.copiesOfIds}).`,
);
log(
  `Erased before, read again now: ${leftFromBefore.pupilsWithATrace} found; after one VACUUM: ${afterVacuum.pupilsWithATrace}.`,
);
const pass = now.pupilsWithATrace === 0 && afterVacuum.pupilsWithATrace === 0;
writeResults("attack-erasure", {
  ...machine(),
  loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
  settings: { pupilsASide: PUPILS_A_SIDE, erasedASide: ERASED_A_SIDE, gamesEach: GAMES, settingsChanges: 3 },
  erasedAsBefore: today,
  erasedNow: now,
  erasedBeforeReadNow: leftFromBefore,
  erasedBeforeAfterOneVacuum: afterVacuum,
  shareFoundBefore: round(today.pupilsWithATrace / today.erased, 3),
  shareFoundNow: round(now.pupilsWithATrace / now.erased, 3),
  pass,
});
fs.rmSync(dir, { recursive: true, force: true });
process.exit(pass ? 0 : 1);
