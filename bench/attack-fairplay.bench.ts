// Attacks on fair play through accounts, addresses, classes and the MTC rehearsal (issue 43, items 3 to 5;
// docs/decisions/0074-fair-play-for-classes-and-addresses.md). In this process, on a throwaway database with the
// app's schema, through the app's own finish (finishRun), boards and competition tally:
// - board floods: 20 members signed up by phone from one IPv4 address, and 25 visitors from 25 addresses of one IPv6
//   /64, each with the day's top score: their rows on the day's and all-time boards (top 20) and a challenge (top 10),
//   next to the same floods as the rules before counted them (members by account only, each IPv6 address alone);
// - a class competition (a class of 34): one pupil's script of six 60-second games at once, 151/151 each, then at a
//   person's pace, then one game after another all day; the class's points per pupil as counted now and as before
//   (every game summed);
// - the MTC rehearsal in the page: the attack's replay (12.2 s a question reported as 1.2 s) and time hidden in the
//   start step's minute and the practice, against the server's stamp of the check's start; the most real time a
//   question can still take now that the check's questions come only with the stamp; and a page that asks twice;
// - the tally's cost with the one "does this run count" predicate and the day cap, next to the tally before (its
//   floor), on 10 classes of 30 with 10 games a pupil, in the same run.
// Seeded and deterministic; a few seconds. Writes bench/results/attack-fairplay.json; fails when a flood leaves more
// than 5 rows on a board, the attack moves the class, or the replay is taken. Run: npm run bench -- attack
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadAverage, machine, round, writeResults } from "./lib/report";

const log = (line: string) => console.log(line);
const loadAtStart = loadAverage();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attack-fairplay-"));
Object.assign(process.env, { DATABASE_PATH: path.join(dir, "app.db"), HOUSEKEEPING: "off" });
delete process.env.LITEFS_DIR;

const { db } = await import("~/db/client.server");
const game = await import("~/game");
const { ADDRESS_PLACES } = await import("~/models/address-places.server");
const { challengeTop, recordEntry, topPlayers } = await import("~/models/leaderboard.server");
const { createMember, newMemberAddressKey } = await import("~/models/users.server");
const { insertCompetition, standingsTallies } = await import("~/models/competitions.server");
const { insertClass, insertSchool, insertTeacher } = await import("~/models/schools.server");
const { insertStudent } = await import("~/models/students.server");
const { finishRun } = await import("~/runs/finish.server");
const { studentSpec } = await import("~/runs/student.server");
const { checkRunTicket, issueRun } = await import("~/runs/tokens.server");
const { mtcCheckSeedOf } = await import("~/runs/mtc-check-start.server");
const { periodOf, pointsTenths } = await import("~/school-rules/competition");
const { addDays, ukDay } = await import("~/school-rules/uk-days");
const { newClassLoginKey, withFreshLoginCode } = await import("~/school/login-codes.server");
const { addressKeyOf } = await import("~/utils/signing.server");
type Player = import("~/auth/player.server").Player;
type RunSpec = import("~/game").RunSpec;
type SubmittedAnswer = import("~/game").SubmittedAnswer;
const sqlite = db.$client;

let clock = Date.now();
const realNow = Date.now;
Date.now = () => clock;

/** Answers to a run's first `count` problems: `gapMs` apart with a person's wobble, or at 400 ms sharp ("script"). */
function answersOf(spec: RunSpec, seed: string, count: number, gapMs: number | "script"): SubmittedAnswer[] {
  const problemAt = game.problemSequence(spec, seed);
  return Array.from({ length: count }, (_, i) => {
    // A person's pace varies from sum to sum: up to a quarter of a gap either way (as tests/integration/helpers.ts).
    const noise = Math.abs(Math.sin((i + 1) * 12.9898) * 43758.5453) % 1;
    const wobble = gapMs === "script" || i === 0 || i === count - 1 ? 0 : Math.round((noise - 0.5) * 0.5 * gapMs);
    const t = gapMs === "script" ? 1 + i * game.MIN_MS_PER_ANSWER : (i + 1) * gapMs + wobble;
    return { i, value: String(problemAt(i).answer), t };
  });
}

/** `games` runs of one player started together, sent `lastsMs` later; returns the finishes. */
async function playTogether(
  player: Player,
  spec: RunSpec,
  games: number,
  right: number,
  gapMs: number | "script",
  address: string | null,
  lastsMs = 61_000,
) {
  const runs = Array.from({ length: games }, () => issueRun(spec, player));
  clock += lastsMs;
  const out = [];
  for (const run of runs) {
    const checked = checkRunTicket(run.token, player);
    if (!checked.ok) throw new Error(checked.message);
    out.push(
      await finishRun({
        ticket: checked.ticket,
        answers: answersOf(run.ticket.spec, run.ticket.seed, right, gapMs),
        player,
        address,
      }),
    );
  }
  clock += 5_000;
  return out;
}

/* 1. Board floods */

const HARD: RunSpec = { mode: "solo", difficulty: "hard", operations: ["*"], timeLimit: 30 };
const phones: Player[] = [];
for (let n = 0; n < 20; n++) {
  const made = createMember({
    email: null,
    phone: `+4477009${String(n).padStart(5, "0")}`,
    passwordHash: null,
    username: `Flood Phone ${n}`,
    emailVerified: false,
    signupAddress: "198.51.100.77",
  });
  if (!made.ok) throw new Error("member");
  phones.push({ kind: "member", userId: made.id, username: `Flood Phone ${n}` });
}
for (const [n, phone] of phones.entries()) await playTogether(phone, HARD, 1, 12, 2_000, `100.64.${n}.1`, 29_000);
for (let n = 0; n < 25; n++)
  await playTogether({ kind: "anon", anonId: `v6-${n}` }, HARD, 1, 13, 2_000, `2001:db8:4343:17::${n + 1}`, 29_000);
for (let n = 0; n < 6; n++)
  await playTogether({ kind: "anon", anonId: `real-${n}` }, HARD, 1, 8, 2_000, `192.0.2.${n + 1}`, 29_000);

const boardRows = (period: "daily" | "all-time") =>
  topPlayers({ board: "hard", period, limit: 20, now: clock, player: null, timeLimit: null });
const phoneRows = (rows: { name: string }[]) => rows.filter((r) => r.name.startsWith("Flood Phone")).length;
const v6Rows = (rows: { name: string; score: number }[]) =>
  rows.filter((r) => r.name === "Anonymous Player" && r.score === 13).length;
// The same floods as the rules before counted them, on a challenge board of their own: members by account only,
// each IPv6 address its own key; and as now.
type NewEntry = import("~/models/leaderboard.server").NewEntry;
const entry = (n: number, over: Pick<NewEntry, "gameType" | "score"> & Partial<NewEntry>): NewEntry => ({
  totalQuestions: 50,
  accuracy: 100,
  username: null,
  userId: null,
  anonId: null,
  runId: `c-${n}`,
  createdAt: clock + n,
  ...over,
});
let n = 0;
for (const [k, phone] of phones.entries()) {
  const userId = (phone as { userId: string }).userId;
  recordEntry(
    entry(n++, { gameType: "before-phones", score: 50, userId, username: `Flood Phone ${k}`, addressKey: null }),
  );
  recordEntry(
    entry(n++, {
      gameType: "now-phones",
      score: 50,
      userId,
      username: `Flood Phone ${k}`,
      addressKey: newMemberAddressKey(userId, clock),
    }),
  );
}
for (let k = 0; k < 25; k++) {
  // Before: each address of the /64 its own key (a stand-in for the old key of the whole address).
  recordEntry(entry(n++, { gameType: "before-v6", score: 49, anonId: `v6-${k}`, addressKey: 1_000_000 + k }));
  recordEntry(
    entry(n++, {
      gameType: "now-v6",
      score: 49,
      anonId: `v6-${k}`,
      addressKey: addressKeyOf(`2001:db8:4343:17::${k + 1}`),
    }),
  );
}
const challenge = (id: string) => challengeTop({ challengeId: id, player: null });
const floods = {
  placesPerAddress: ADDRESS_PLACES,
  now: {
    dailyTop20: { phoneMembers: phoneRows(boardRows("daily")), ipv6Visitors: v6Rows(boardRows("daily")) },
    allTimeTop20: { phoneMembers: phoneRows(boardRows("all-time")), ipv6Visitors: v6Rows(boardRows("all-time")) },
    challengeTop10: { phoneMembers: challenge("now-phones").length, ipv6Visitors: challenge("now-v6").length },
  },
  before: {
    challengeTop10: { phoneMembers: challenge("before-phones").length, ipv6Visitors: challenge("before-v6").length },
  },
};
log(`floods now: ${JSON.stringify(floods.now)}; before (challenge top 10): ${JSON.stringify(floods.before)}`);

/* 2. A class competition */

const schoolId = insertSchool("Fair Primary");
const teacherId = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Ms Fair", email: null, schoolId, loginCode }),
).value;
const newClass = (name: string) => insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey() });
const pupil = (classId: string, name: string) =>
  withFreshLoginCode((loginCode) =>
    insertStudent({
      name,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  ).value;
const attacked = newClass("Class 5A");
const rival = newClass("Class 5B");
const scripter = pupil(attacked, "Sam");
for (let k = 1; k < 34; k++) pupil(attacked, `Pupil ${k}`);
pupil(rival, "Rae");
const days = { startsOn: ukDay(clock), endsOn: addDays(ukDay(clock), 6) };
const competitionId = insertCompetition(
  {
    schoolId,
    name: "Fair Week",
    ...days,
    startedByKind: "teacher",
    startedByName: "Ms Fair",
    classIds: [attacked, rival],
  },
  clock,
);
const period = periodOf(days);
clock = period.from + 9 * 3_600_000;
const samPlayer: Player = { kind: "student", studentId: scripter };
const samSpec = studentSpec(scripter)!;
const pointsNow = () =>
  pointsTenths(
    standingsTallies(competitionId, period.from, period.until).find((t) => t.classId === attacked)!.total,
    34,
  ) / 10;
const pointsBefore = () =>
  pointsTenths(
    (
      sqlite
        .prepare(`SELECT COALESCE(SUM(score), 0) AS total FROM student_performance WHERE student_id = ?`)
        .get(scripter) as { total: number }
    ).total,
    34,
  ) / 10;
const attackStarted = clock;
const attackGames = await playTogether(samPlayer, samSpec, 6, 151, "script", null);
const attack = {
  games: attackGames.map((g) => (g.ok ? g.summary.score : null)),
  held: attackGames.filter((g) => g.ok && g.held).length,
  seconds: round((clock - attackStarted) / 1000, 1),
  pointsPerPupilNow: pointsNow(),
  pointsPerPupilBefore: pointsBefore(),
};
clock += 3_600_000;
const humanPaced = await playTogether(samPlayer, samSpec, 6, 30, 1_900, null);
const atOnce = {
  games: humanPaced.map((g) => (g.ok ? g.summary.score : null)),
  held: humanPaced.filter((g) => g.ok && g.held).length,
  pointsPerPupilNow: pointsNow(),
  pointsPerPupilBefore: pointsBefore(),
};
for (let k = 0; k < 60; k++) await playTogether(samPlayer, samSpec, 1, 30, 1_900, null);
const allDay = { games: 60, score: 30, pointsPerPupilNow: pointsNow(), pointsPerPupilBefore: pointsBefore() };
log(
  `competition: attack ${JSON.stringify(attack)}; at once ${JSON.stringify(atOnce)}; all day ${JSON.stringify(allDay)}`,
);

/* 3. The MTC rehearsal in the page */

const MTC: RunSpec = { mode: "mtc", questionSeconds: 6 };
/**
 * A page's entries: the practice answered `answerMs` after each appeared, the start step lasting `startWaitMs` and
 * naming `named`, the check's questions answered `answerMs` after each appeared with the answers to `checkSeed`'s.
 */
function mtcEntries(checkSeed: string, answerMs: number, startWaitMs: number, named = checkSeed): SubmittedAnswer[] {
  const problems = game.mtcPlay(MTC, seed, checkSeed).problems;
  const entries: SubmittedAnswer[] = [];
  let end = 0;
  for (let step = 0; step < game.MTC_STEPS; step++) {
    const appears = game.stepAppearsAt(step, end);
    const question = game.questionOfStep(step);
    end = appears + (question === null ? startWaitMs : answerMs);
    entries.push({ i: step, value: question === null ? named : String(problems(question).answer), t: end });
  }
  return entries;
}
const seed = "b".repeat(32);
const runId = "attack-mtc-run";
/** The server's stamp of the check's start at `at` (ms since the run's start): the seed it gives with it. */
const stampSeed = (at: number) => mtcCheckSeedOf(runId, at);
/** The server's verdict on a rehearsal played in the page, started at 0, finished and stamped (its check's start) when said. */
const verdictOf = (answers: SubmittedAnswer[], finishedAt: number, checkStartedAt: number) => {
  const checkSeed = stampSeed(checkStartedAt);
  const verdict = game.verifyRun({ spec: MTC, seed, answers, startedAt: 0, finishedAt, checkStartedAt, checkSeed });
  return verdict.ok ? `taken (${verdict.summary.score}/25)` : `refused: ${verdict.message}`;
};
const checkStartOf = (entries: SubmittedAnswer[]) => entries[3]!.t;
const lastOf = (entries: SubmittedAnswer[]) => entries[entries.length - 1]!.t;
// The attack's replay: 12.2 s of real time a question reported as 1.2 s, the check's start stamped when it really began
// (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own start").
const replayStart = checkStartOf(mtcEntries("0", 1_200, 500));
const replay = mtcEntries(stampSeed(replayStart), 1_200, 500);
const replayVerdict = game.verifyRun({
  spec: MTC,
  seed,
  answers: replay,
  startedAt: 0,
  finishedAt: replayStart + 25 * 12_200,
  checkStartedAt: replayStart,
  checkSeed: stampSeed(replayStart),
});
// A page that reports the start step's minute as waited and the practice at its latest (each answer at 6 s), but
// skipped both: the server's clock from the stamp to the finish must match the 25 questions' time on the page within
// MTC_CHECK_SLACK_MS. Stamped when its check really began (at once), the time it hid is refused.
const bankedStart = checkStartOf(mtcEntries("0", 6_000, 60_000));
// Skipping `hiddenMs` of them really, the check begins that much earlier than the page reports, and takes that much
// longer; the run ends when its timeline says.
const hiddenVerdicts = [10_000, 30_000, 60_000, bankedStart].map((hiddenMs) => {
  const stampedAt = bankedStart - hiddenMs;
  const answers = mtcEntries(stampSeed(stampedAt), 6_000, 60_000);
  return { hiddenSeconds: hiddenMs / 1000, stampedAtTheRealStart: verdictOf(answers, lastOf(answers), stampedAt) };
});
// The check's questions come only with the stamp (its own seed, "The check's own seed"), so no page sees them before
// it: the most a page can hide is time between the stamp and the finish that its timeline does not show, found by
// trying each finish time after a stamp as late as its timeline says the check began.
const banked = mtcEntries(stampSeed(bankedStart), 6_000, 60_000);
let lateStampHiddenMs = -1;
for (let hidden = 0; hidden <= lastOf(banked) + game.MTC_HIDDEN_TIME_MS + 5_000; hidden += 250) {
  if (verdictOf(banked, lastOf(banked) + hidden, bankedStart).startsWith("taken")) lateStampHiddenMs = hidden;
}
// A page that asks for a stamp as its check begins (answering at a child's 1.5 s), shows the check's questions for
// 50 s, then asks again and replays its timeline from the second stamp: its answers are to the first stamp's questions.
const firstStampAt = checkStartOf(mtcEntries("0", 1_500, 500));
const restampedAt = firstStampAt + 50_000;
const thought = mtcEntries(stampSeed(firstStampAt), 1_500, 500);
const restamped = thought.map((a) => (a.i >= 3 ? { ...a, t: a.t + 50_000 } : a));
const renamed = restamped.map((a) => (a.i === 3 ? { ...a, value: stampSeed(restampedAt) } : a));
const mtc = {
  attackReplay: replayVerdict.ok ? "taken" : `refused: ${replayVerdict.message}`,
  attackRealSecondsPerQuestion: 12.2,
  checkSlackSeconds: game.MTC_CHECK_SLACK_MS / 1000,
  hiddenInTheStartStepAndPractice: hiddenVerdicts,
  residual: {
    description:
      "the check's questions come from a seed the server gives only with its stamp: the most a page can hide is time after the stamp that its timeline does not show",
    hiddenSecondsAtMost: round(lateStampHiddenMs / 1000, 1),
    realSecondsPerQuestionAtMost: round(6 + 1 + lateStampHiddenMs / 25 / 1000, 1),
    before: { hiddenSecondsAtMost: 97, realSecondsPerQuestionAtMost: 10.9, measured: "2026-11-29, decision 0095" },
  },
  askedTwice: {
    description:
      "a page that asks for the stamp, shows the check's questions for 50 s, asks again and replays its timeline from the second stamp",
    namingTheSeedItAnswered: verdictOf(restamped, lastOf(restamped), restampedAt),
    namingTheSecondStampsSeed: verdictOf(renamed, lastOf(renamed), restampedAt),
  },
};
log(`mtc: ${JSON.stringify(mtc)}`);

/* 4. The tally's cost */

const costClasses = Array.from({ length: 10 }, (_, k) => newClass(`Cost ${k}`));
let runN = 0;
const insertRun = sqlite.prepare(
  `INSERT INTO game_runs (id, mode, game_type, student_id, score, total_questions, accuracy, started_at, finished_at, answers)
   VALUES (?, 'student', 'student', ?, 20, 20, 100, ?, ?, '[]')`,
);
const insertPerformance = sqlite.prepare(
  `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, run_id, completed_at)
   VALUES (?, 20, 20, 60, 100, ?, ?)`,
);
sqlite.transaction(() => {
  for (const classId of costClasses)
    for (let p = 0; p < 30; p++) {
      const id = pupil(classId, `Cost pupil ${p}`);
      for (let g = 0; g < 10; g++) {
        const at = period.from + 3_600_000 + g * 7_200_000;
        const runId = `cost-${++runN}`;
        insertRun.run(runId, id, at - 60_000, at);
        insertPerformance.run(id, runId, at);
      }
    }
})();
const costId = insertCompetition(
  { schoolId, name: "Cost Week", ...days, startedByKind: "teacher", startedByName: "Ms Fair", classIds: costClasses },
  clock,
);
const floorTally = sqlite.prepare(
  `SELECT k.id AS classId, COUNT(DISTINCT s.id) AS pupils, COUNT(DISTINCT p.student_id) AS played,
          COALESCE(SUM(p.score), 0) AS total
   FROM competition_classes cc JOIN classes k ON k.id = cc.class_id
   LEFT JOIN students s ON s.class_id = k.id AND s.archived_at IS NULL
   LEFT JOIN student_performance p ON p.student_id = s.id AND p.completed_at >= @from AND p.completed_at < @until
     AND NOT EXISTS (SELECT 1 FROM game_runs r WHERE r.id = p.run_id AND r.mode <> 'student')
   WHERE cc.competition_id = @competitionId GROUP BY k.id`,
);
function timeIt(fn: () => unknown, calls = 200): number {
  for (let k = 0; k < 20; k++) fn();
  const times: number[] = [];
  for (let k = 0; k < calls; k++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
const nowMs = timeIt(() => standingsTallies(costId, period.from, period.until));
const floorMs = timeIt(() => floorTally.all({ competitionId: costId, from: period.from, until: period.until }));
const cost = {
  classes: 10,
  pupilsPerClass: 30,
  gamesPerPupil: 10,
  tallyMedianMs: round(nowMs, 3),
  floorMedianMs: round(floorMs, 3),
  ratio: round(nowMs / floorMs, 2),
};
log(`tally: ${JSON.stringify(cost)}`);

Date.now = realNow;
const failures: string[] = [];
for (const [where, counts] of Object.entries(floods.now))
  for (const [who, rows] of Object.entries(counts))
    if (rows > ADDRESS_PLACES) failures.push(`${where} ${who}: ${rows}`);
if (attack.pointsPerPupilNow !== 0) failures.push(`the attack moved the class to ${attack.pointsPerPupilNow}`);
if (allDay.pointsPerPupilNow > round(150 / 34, 1) + 0.05) failures.push(`one pupil's day: ${allDay.pointsPerPupilNow}`);
if (replayVerdict.ok) failures.push("the MTC replay was taken");
for (const h of hiddenVerdicts)
  if (!h.stampedAtTheRealStart.startsWith("refused")) failures.push(`MTC: ${h.hiddenSeconds} s hidden was taken`);
if (lateStampHiddenMs > game.MTC_CHECK_SLACK_MS) failures.push(`MTC: ${lateStampHiddenMs} ms hidden after the stamp`);
if (mtc.askedTwice.namingTheSeedItAnswered.startsWith("taken")) failures.push("MTC: a page that asked twice was taken");
writeResults("attack-fairplay", {
  machine: machine(),
  load: { atStart: loadAtStart, atEnd: loadAverage() },
  floods,
  competition: { classPupils: 34, pupilDayPoints: 150, attack, atOnce, allDay },
  mtc,
  cost,
  failures,
});
fs.rmSync(dir, { recursive: true, force: true });
if (failures.length > 0) {
  console.error(`FAILED: ${failures.join("; ")}`);
  process.exit(1);
}
