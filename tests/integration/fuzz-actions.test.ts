import crypto from "node:crypto";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/accounts/password.server";
import { issueToken } from "~/auth/tokens.server";
import { getOrCreatePlayer, getPlayer, type Player } from "~/auth/player.server";
import { getSchoolUser, schoolSignInAndRedirect } from "~/auth/school-session.server";
import { getSessionUser, sessionCookie } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { problemSequence, timeLimitOf, type RunSpec, type SubmittedAnswer } from "~/game";
import { issueFormStamp } from "~/limits/bot-check.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { insertStudent, teacherSignInOf } from "~/models/students.server";
import { createMember } from "~/models/users.server";
import { upsertParentLinks } from "~/models/parent-links.server";
import * as adminReview from "~/routes/admin/admin-review";
import * as admin from "~/routes/admin/admin";
import * as adminExportFile from "~/routes/admin/admin-export-file";
import * as adminImport from "~/routes/admin/admin-import";
import * as adminCompetitions from "~/routes/admin/admin-competitions";
import * as teacherCompetitions from "~/routes/school/teacher-competitions";
import { insertCompetition } from "~/models/competitions.server";

import * as adminNewYear from "~/routes/admin/admin-new-year";
import * as settings from "~/routes/account/settings";
import * as parentPage from "~/routes/parent/parent";
import * as auth from "~/routes/auth/auth";
import * as logout from "~/routes/auth/logout";
import * as oauthStart from "~/routes/auth/oauth-start";
import * as verify from "~/routes/auth/verify";
import * as gameFinish from "~/routes/game/finish";
import * as gamePlay from "~/routes/game/play";
import * as gameMtc from "~/routes/game/mtc";
import * as gameMtcPlay from "~/routes/game/mtc-play";
import * as gamePractice from "~/routes/game/practice";
import * as gameTables from "~/routes/game/tables";
import * as gameMode from "~/routes/game/mode";
import * as studentMode from "~/routes/school/student-game-mode";
import * as gameCalm from "~/routes/game/calm";
import * as gameCalmPlay from "~/routes/game/calm-play";
import * as studentMtc from "~/routes/school/student-game-mtc";
import * as studentMtcPlay from "~/routes/school/student-game-mtc-play";
import * as studentPractice from "~/routes/school/student-game-practice";
import * as gameStart from "~/routes/game/start";
import * as studentFinish from "~/routes/school/student-game-finish";
import * as studentPlay from "~/routes/school/student-game-play";
import * as studentStart from "~/routes/school/student-game-start";
import * as studentLogin from "~/routes/school/student-login";
import * as studentLogout from "~/routes/school/student-logout";
import * as teacherClassSettings from "~/routes/school/teacher-class-settings";
import * as factStickers from "~/routes/facts/stickers";
import * as studentStickers from "~/routes/school/student-stickers";
import * as factCertificates from "~/routes/facts/certificates";
import * as studentCertificates from "~/routes/school/student-certificates";
import * as teacherCertificates from "~/routes/school/teacher-certificates";
import * as parentCertificates from "~/routes/parent/parent-certificates";
import * as teacherDashboard from "~/routes/school/teacher-dashboard";
import * as teacherImport from "~/routes/school/teacher-import";
import * as teacherDigest from "~/routes/school/teacher-digest";
import * as digestConfirm from "~/routes/digest/confirm";
import * as digestUnsubscribe from "~/routes/digest/unsubscribe";
import { digestSettingsOf } from "~/models/digest.server";
import { confirmToken, unsubscribeToken } from "~/school/digest-tokens.server";
import * as teacherLogin from "~/routes/school/teacher-login";
import * as teacherLoginLink from "~/routes/school/teacher-login-link";
import * as cardAddress from "~/routes/school/card-address";
import { cardKeyOf } from "~/school/card-keys.server";
import { signInToken } from "~/school/teacher-sign-in-links.server";
import * as teacherWork from "~/routes/school/teacher-work";
import * as teacherLogout from "~/routes/school/teacher-logout";
import * as contact from "~/routes/site/contact";
import * as notFound from "~/routes/site/not-found";
import * as twoPlayer from "~/routes/two-player/two-player";
import * as liveJoin from "~/routes/live/live-join";
import * as liveHost from "~/routes/live/live-host";
import * as livePlayer from "~/routes/live/live-player";
import * as liveScreen from "~/routes/live/live-screen";
import { newAdmission } from "~/live/admission";
import { openLiveGame } from "~/live-hub/registry.server";
import { finishRun } from "~/runs/finish.server";
import { studentPlayer, studentSpec } from "~/runs/student.server";
import { checkRunTicket, issueRun, sealAnswers } from "~/runs/tokens.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { hashToken, newParentLink } from "~/school/parent-links.server";
import { SOLO, honestAnswers } from "./helpers";
import { entryProblems, hasAction } from "./route-entries";
import { cookieSet, outcome, type Outcome } from "./route-call";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Fair play for every action (docs/decisions/0010-one-error-policy.md): each route module's action, and the game's
 * start loaders, called the way Remix calls them with bodies drawn by fast-check — missing, duplicated and unknown
 * fields, the routes' own field names and values, unicode (emoji, right-to-left, NUL, lone surrogates), numbers,
 * very long values (some past the 64 KB form limit of app/utils/request.server.ts), wrong shapes of JSON and wrong
 * content types — as nobody and as the role each route is for. Never a 500 or a stack trace; a refusal (4xx) writes
 * nothing. FUZZ_RUNS and FUZZ_SEED change the runs per property and the seed (fast-check prints the seed and path
 * of a failure, to replay it).
 */

// No mail leaves the test (the outbox would be ./data/outbox): sign-up and contact only need sendMail to return.
vi.mock("~/email/mailer.server", () => ({ sendMail: async () => undefined }));

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_112);
const CONTEXT = { clientAddress: "203.0.113.7", cspNonce: "" };

const ROLES = ["nobody", "visitor", "member", "admin", "teacher", "pupil"] as const;
type Role = (typeof ROLES)[number];

/* The world each request acts in: a school with a teacher, a class and two pupils, a member and an admin. */

type World = {
  schoolId: string;
  teacherId: string;
  teacherCode: string;
  classId: string;
  /** A second class of the school, and a competition of the two (docs/product.md#class-competition). */
  classId2: string;
  competitionId: string;
  classKey: string;
  pupilId: string;
  pupilCode: string;
  otherPupilId: string;
  memberId: string;
  memberEmail: string;
  adminId: string;
  adminEmail: string;
  heldRunId: string;
  /** A working parent link's token, for the pupil (docs/product.md#parents). */
  parentToken: string;
  /** A live game the teacher hosts (docs/product.md#live-game). */
  liveCode: string;
  /** A finished run of each player, for the requests that replay one. */
  spentTokens: { visitor: string; member: string; pupil: string };
  cookies: Record<Role, string>;
  players: { visitor: Player; member: Player; pupil: Player };
};

const PASSWORD = "a long enough password";
let passwordHash: string;
let worlds = 0;

async function memberSession(userId: string): Promise<string> {
  const sessionId = `fuzz-${crypto.randomUUID()}`;
  insertMemberSession({ id: sessionId, userId, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return (await sessionCookie.serialize(sessionId)).split(";")[0]!;
}

const schoolSession = async (owner: { teacherId: string } | { studentId: string }) =>
  cookieSet(await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" }), "__school");

async function memberWithSession(role: "member" | "admin", k: number) {
  const email = `${role}${k}@fuzz.example`;
  const created = createMember({
    email,
    phone: null,
    passwordHash,
    username: `Fuzz ${role} ${k}`,
    emailVerified: true,
    role,
  });
  if (!created.ok) throw new Error(`${role} not created: ${created.taken}`);
  return { id: created.id, email, cookie: await memberSession(created.id) };
}

const pupil = (name: string, classId: string) =>
  withFreshLoginCode((loginCode) =>
    insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
  );

/** Runs `make` with the clock at `at` (a run token or a finish made in the past). */
function at<T>(time: number, make: () => T): T {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
  try {
    return make();
  } finally {
    vi.useRealTimers();
  }
}

/** A run held for review (docs/decisions/0024-human-pace.md): 40 right answers, one every 400 ms. */
async function heldRun(player: Player): Promise<string> {
  const start = Date.now() - 10 * 60_000;
  const run = at(start, () => issueRun(SOLO, player));
  const problemAt = problemSequence(run.ticket.spec, run.ticket.seed);
  const answers = Array.from({ length: 40 }, (_, i) => ({ i, value: String(problemAt(i).answer), t: (i + 1) * 400 }));
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  // The finish reads the clock before it waits for its commit.
  const result = await at(start + 16_400, () => {
    const checked = checkRunTicket(run.token, player);
    if (!checked.ok) throw new Error(checked.message);
    return finishRun({ ticket: checked.ticket, answers, player });
  });
  warn.mockRestore();
  if (!result.ok || !result.held) throw new Error("the held run was not held");
  return result.runId;
}

/** A run started long enough ago for its time to be up, and honest answers to it. */
function pastRun(spec: RunSpec, player: Player) {
  const limitMs = timeLimitOf(spec) * 1000;
  const run = at(Date.now() - limitMs - 5_000, () => issueRun(spec, player));
  const count = Math.max(1, Math.floor(limitMs / 2_500) - 2);
  return { token: run.token, ticket: run.ticket, answers: honestAnswers(run.ticket, count, { gapMs: 2_500 }) };
}

/** A run of `player` finished already, for the requests that replay one. */
async function spentRun(player: Player, spec: RunSpec): Promise<string> {
  const run = pastRun(spec, player);
  const checked = checkRunTicket(run.token, player);
  const result = checked.ok ? await finishRun({ ticket: checked.ticket, answers: run.answers, player }) : checked;
  if (!result.ok) throw new Error(`the spent run was not saved: ${JSON.stringify(result)}`);
  return run.token;
}

async function makeWorld(): Promise<World> {
  const k = (worlds += 1);
  const schoolId = insertSchool(`Fuzz School ${k}`);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `Fuzz Teacher ${k}`, email: null, schoolId, loginCode }),
  );
  const classKey = newClassLoginKey();
  const classId = insertClass({ name: `Fuzz Class ${k}`, schoolId, teacherId: teacher.value, loginKey: classKey });
  const classId2 = insertClass({
    name: `Fuzz Class ${k} B`,
    schoolId,
    teacherId: teacher.value,
    loginKey: newClassLoginKey(),
  });
  const first = pupil(`Fuzz Pupil ${k}`, classId);
  const other = pupil(`Other Pupil ${k}`, classId);
  const member = await memberWithSession("member", k);
  const adminAccount = await memberWithSession("admin", k);
  const visitor = await getOrCreatePlayer(new Request("http://x/"));
  const visitorCookie = visitor.headers.get("Set-Cookie")!.split(";")[0]!;
  const cookies: Record<Role, string> = {
    nobody: "",
    visitor: visitorCookie,
    member: member.cookie,
    admin: adminAccount.cookie,
    teacher: await schoolSession({ teacherId: teacher.value }),
    pupil: await schoolSession({ studentId: first.value }),
  };
  const memberPlayer = await getPlayer(new Request("http://x/", { headers: { Cookie: member.cookie } }));
  return {
    schoolId,
    teacherId: teacher.value,
    teacherCode: teacher.code,
    classId,
    classId2,
    competitionId: competitionOf(schoolId, [classId, classId2]),
    classKey,
    pupilId: first.value,
    pupilCode: first.code,
    otherPupilId: other.value,
    memberId: member.id,
    memberEmail: member.email,
    adminId: adminAccount.id,
    adminEmail: adminAccount.email,
    heldRunId: await heldRun(visitor.player),
    parentToken: parentLinkOf(first.value),
    liveCode: liveGameOf(teacher.value, classId),
    spentTokens: {
      visitor: await spentRun(visitor.player, SOLO),
      member: await spentRun(memberPlayer!, SOLO),
      pupil: await spentRun(studentPlayer(first.value), studentSpec(first.value)!),
    },
    cookies,
    players: { visitor: visitor.player, member: memberPlayer!, pupil: studentPlayer(first.value) },
  };
}

/** A competition of the classes, on from today for a week; its id. */
function competitionOf(schoolId: string, classIds: string[]): string {
  const today = ukDay(Date.now());
  return db.$client.transaction(() =>
    insertCompetition(
      {
        schoolId,
        name: "Fuzz Cup",
        startsOn: today,
        endsOn: addDays(today, 6),
        startedByKind: "teacher",
        startedByName: "Fuzz",
        classIds,
      },
      Date.now(),
    ),
  )();
}

/** A live game for the teacher's class: its join code. */
function liveGameOf(teacherId: string, classId: string): string {
  const opened = openLiveGame({
    host: { kind: "teacher", teacherId, classId },
    spec: { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] },
    durationSeconds: 30,
    // The class's game as a teacher opens it: its pupils only until a fuzzed "guests-on" (decision 0071).
    admission: newAdmission({ classId, rosterSize: 1, guests: false }),
  });
  if (!opened.ok) throw new Error(opened.message);
  return opened.code;
}

/** Gives the pupil a new parent link and returns its token. */
function parentLinkOf(studentId: string): string {
  const { row, token } = newParentLink(studentId, Date.now());
  upsertParentLinks([row]);
  return token;
}

/**
 * The world made ready for `role` again: a successful fuzzed write may have ended the role's session (a new one is
 * made), given a new login code (read back), or deleted the school's people (a new world is made).
 */
async function ready(role: Role): Promise<void> {
  const w = world;
  const codes = db.$client
    .prepare(
      `SELECT (SELECT login_code FROM teachers WHERE id = ?) AS teacher,
              (SELECT login_code FROM students WHERE id = ?) AS pupil,
              (SELECT count(*) FROM students WHERE id = ?) AS other,
              (SELECT count(*) FROM users WHERE id IN (?, ?)) AS members`,
    )
    .get(w.teacherId, w.pupilId, w.otherPupilId, w.memberId, w.adminId) as {
    teacher: string | null;
    pupil: string | null;
    other: number;
    members: number;
  };
  if (!codes.teacher || !codes.pupil || codes.other !== 1 || codes.members !== 2) {
    world = await makeWorld();
    return;
  }
  w.teacherCode = codes.teacher;
  w.pupilCode = codes.pupil;
  // A fuzzed form may have cancelled the competition.
  if (!db.$client.prepare("SELECT 1 FROM competitions WHERE id = ?").get(w.competitionId))
    w.competitionId = competitionOf(w.schoolId, [w.classId, w.classId2]);
  // A fuzzed teacher's form may have stopped or replaced the pupil's parent link.
  if (!db.$client.prepare("SELECT 1 FROM parent_links WHERE token_hash = ?").get(hashToken(w.parentToken)))
    w.parentToken = parentLinkOf(w.pupilId);
  const request = new Request("http://x/", { headers: { Cookie: w.cookies[role] } });
  switch (role) {
    case "member":
    case "admin": {
      const userId = role === "member" ? w.memberId : w.adminId;
      if ((await getSessionUser(request))?.userId !== userId) w.cookies[role] = await memberSession(userId);
      break;
    }
    case "teacher":
      if ((await getSchoolUser(request))?.kind !== "teacher")
        w.cookies.teacher = await schoolSession({ teacherId: w.teacherId });
      break;
    case "pupil":
      if ((await getSchoolUser(request))?.kind !== "student")
        w.cookies.pupil = await schoolSession({ studentId: w.pupilId });
      break;
  }
}

let world: World;

/** Every table of `sqlite`, row by row. */
function tableDigests(sqlite: Database.Database): Map<string, string> {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const digests = new Map<string, string>();
  for (const table of tables) {
    const hash = crypto.createHash("sha256");
    for (const row of sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate()) {
      hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("base64") : v)));
    }
    digests.set(table, hash.digest("hex"));
  }
  return digests;
}

/** SQLite's count of rows written on this connection: the app's only one. */
const totalChanges = () => db.$client.prepare("SELECT total_changes()").pluck().get() as number;

/**
 * The database before a request: the count of rows written so far and, made again only when that has moved, a copy
 * of its bytes (most requests write nothing, so most need no new copy).
 */
type Snapshot = { changes: number; bytes: Buffer };
let last: Snapshot | undefined;
function snapshot(): Snapshot {
  const changes = totalChanges();
  if (last?.changes !== changes) last = { changes, bytes: db.$client.serialize() };
  return last;
}

/** The tables whose rows are not those of `before`: none when no row was written since. */
function changedSince(before: Snapshot): string[] {
  if (totalChanges() === before.changes) return [];
  const bytes = Buffer.from(before.bytes);
  bytes[18] = bytes[19] = 1; // the copy opens in memory, which cannot be in WAL mode
  const copy = new Database(bytes);
  try {
    const was = tableDigests(copy);
    const is = tableDigests(db.$client);
    return [...new Set([...was.keys(), ...is.keys()])].filter((table) => was.get(table) !== is.get(table));
  } finally {
    copy.close();
  }
}

/* What a request is made of, symbolically (so fast-check prints it small), and how it is built. */

/** A value: a string, `@name` for a value of the world (a real id, code or token), or a long run of one unit. */
type Val = string | { big: [unit: string, length: number] };
type Pair = [key: string, value: Val];

type Body =
  | { kind: "form"; pairs: Pair[]; contentType: string | null }
  | { kind: "multipart"; pairs: Pair[]; file: { name: string; bytes: Uint8Array } | null }
  | { kind: "json"; value: unknown; contentType: string | null }
  | { kind: "text"; text: Val; contentType: string | null }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | { kind: "none" };

type Cookie = "role" | { replace: string } | { add: string };

type Spec = {
  method: string;
  query: string;
  params: Record<string, Val>;
  cookie: Cookie;
  contentLength: number | null;
  body: Body;
};

const REFS = [
  "@liveCode",
  "@schoolId",
  "@teacherId",
  "@classId",
  "@classKey",
  "@pupilId",
  "@otherPupilId",
  "@teacherCode",
  "@pupilCode",
  "@memberEmail",
  "@adminEmail",
  "@password",
  "@stamp",
  "@token",
  "@sealed",
  "@oldToken",
  "@sealedHonest",
  "@honest",
  "@spentToken",
  "@sealedSpent",
  "@foreignToken",
  "@runId",
  "@verifyToken",
  "@mtcToken",
  "@mtcSealed",
  "@parentToken",
  "@unsubscribeToken",
  "@confirmToken",
  "@cardKey",
  "@signInToken",
  "@classId2",
  "@competitionId",
  "@today",
  "@inAWeek",
] as const;
type Ref = (typeof REFS)[number];
const isRef = (value: unknown): value is Ref =>
  typeof value === "string" && (REFS as readonly string[]).includes(value);

type BrokenAnswer = { at: number; field: string; value: unknown };

/** Resolves the `@` values of one request, each made once (a token and its sealed answers belong together). */
class Resolver {
  private made = new Map<Ref, unknown>();
  private honestRun: { token: string; answers: SubmittedAnswer[] } | undefined;
  constructor(
    private readonly w: World,
    private readonly role: Role,
    private readonly game: "solo" | "student" | "calm",
  ) {}

  private player(): Player {
    if (this.game === "student") return this.w.players.pupil;
    return this.role === "member" ? this.w.players.member : this.w.players.visitor;
  }

  private spec(): RunSpec {
    if (this.game === "calm") return CALM;
    return this.game === "student" ? studentSpec(this.w.pupilId)! : SOLO;
  }

  private oldRun(): { token: string; answers: SubmittedAnswer[] } {
    return (this.honestRun ??= pastRun(this.spec(), this.player()));
  }

  /** A run finished already (made with the world): its finish again is a replay. */
  private spentRun(): string {
    if (this.game === "student") return this.w.spentTokens.pupil;
    return this.role === "member" ? this.w.spentTokens.member : this.w.spentTokens.visitor;
  }

  get(ref: Ref): unknown {
    if (!this.made.has(ref)) this.made.set(ref, this.make(ref));
    return this.made.get(ref);
  }

  private make(ref: Ref): unknown {
    const w = this.w;
    switch (ref) {
      case "@schoolId":
      case "@teacherId":
      case "@classId":
      case "@classKey":
      case "@pupilId":
      case "@otherPupilId":
      case "@teacherCode":
      case "@pupilCode":
      case "@memberEmail":
      case "@adminEmail":
      case "@parentToken":
      case "@classId2":
      case "@competitionId":
      case "@liveCode":
        return w[ref.slice(1) as keyof World];
      case "@unsubscribeToken":
        return unsubscribeToken(w.teacherId);
      case "@confirmToken":
        return confirmToken(
          w.teacherId,
          digestSettingsOf(w.teacherId)?.digestEmail ?? "fuzz@school.example",
          Date.now(),
        );
      case "@cardKey":
        return cardKeyOf(w.pupilId, w.pupilCode);
      case "@signInToken":
        // Signed over the teacher's confirmed address's time: without one (the digest's fuzz may clear it), a 404.
        return signInToken(
          teacherSignInOf({ id: w.teacherId }) ?? { id: w.teacherId, loginCode: w.teacherCode, confirmedAt: null },
          Date.now(),
        );
      case "@today":
        return ukDay(Date.now());
      case "@inAWeek":
        return addDays(ukDay(Date.now()), 6);
      case "@password":
        return PASSWORD;
      case "@stamp":
        return issueFormStamp(CONTEXT.clientAddress, Date.now() - 60_000);
      case "@token":
        return issueRun(this.spec(), this.player()).token;
      case "@sealed":
        return sealAnswers(this.get("@token") as string, []);
      case "@oldToken":
        return this.oldRun().token;
      case "@honest":
        return this.oldRun().answers;
      case "@sealedHonest":
        return sealAnswers(this.get("@oldToken") as string, this.get("@honest") as SubmittedAnswer[]);
      case "@spentToken":
        return this.spentRun();
      case "@sealedSpent":
        return sealAnswers(this.get("@spentToken") as string, []);
      case "@foreignToken":
        // The other game's kind of run: a pupil's on the site's game, a visitor's on the pupil's game.
        return this.game === "student"
          ? issueRun(SOLO, w.players.visitor).token
          : issueRun(studentSpec(w.pupilId)!, w.players.pupil).token;
      case "@runId":
        return w.heldRunId;
      case "@verifyToken":
        return issueToken("email_verification", w.memberId);
      case "@mtcToken":
        // A times tables check rehearsal of the player's (docs/product.md#multiplication-tables-check-rehearsal).
        return issueRun({ mode: "mtc", questionSeconds: 6 }, this.player()).token;
      case "@mtcSealed":
        return sealAnswers(this.get("@mtcToken") as string, []);
    }
  }

  text(value: Val): string {
    if (typeof value !== "string") return value.big[0].repeat(Math.ceil(value.big[1] / value.big[0].length));
    return isRef(value) ? String(this.get(value)) : value;
  }

  /** A JSON value with its `@` strings replaced (the honest answers as a list). */
  json(value: unknown): unknown {
    if (isRef(value)) return this.get(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value && typeof value === "object") {
      if ("big" in value && Array.isArray((value as { big: unknown }).big)) return this.text(value as Val);
      if ("@honestBroken" in value) {
        // Honest answers with one field of one answer changed.
        const { at: index, field, value: changed } = (value as { "@honestBroken": BrokenAnswer })["@honestBroken"];
        const answers: Record<string, unknown>[] = this.oldRun().answers.map((a) => ({ ...a }));
        answers[index % answers.length]![field] = changed;
        return answers;
      }
      if ("@many" in value) {
        // Many answers: as many as a long list may hold, well under the JSON limit.
        const n = (value as { "@many": number })["@many"];
        return Array.from({ length: n }, (_, i) => ({ i, value: String(i % 10), t: 500 + i }));
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.json(v)]));
    }
    return value;
  }
}

function buildRequest(target: Target, spec: Spec, role: Role, w: World): { request: Request; params: Params } {
  const r = new Resolver(w, role, target.game ?? "solo");
  const params: Params = Object.fromEntries(Object.entries(spec.params).map(([k, v]) => [k, r.text(v)]));
  const path = target.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ""));
  const headers = new Headers();
  const roleCookie = w.cookies[role];
  const cookie =
    spec.cookie === "role"
      ? roleCookie
      : "replace" in spec.cookie
        ? spec.cookie.replace
        : [roleCookie, spec.cookie.add].filter(Boolean).join("; ");
  if (cookie) headers.set("Cookie", cookie);
  // A query may name the world's rows (`?class=@classId`), as the page's own links do.
  const query = spec.query.replace(/@\w+/g, (ref) => (isRef(ref) ? encodeURIComponent(String(r.get(ref))) : ref));
  const url = `http://x${path}${query}`;
  if (target.kind === "query") {
    const query = spec.body.kind === "form" ? new URLSearchParams(encodePairs(spec.body.pairs, r)).toString() : "";
    return { request: new Request(`http://x${path}?${query}`, { headers }), params };
  }
  let body: Uint8Array<ArrayBuffer> | FormData | undefined;
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const sent = spec.body;
  const setType = (type: string | null) => {
    if (type !== null) headers.set("Content-Type", type);
  };
  switch (sent.kind) {
    case "form":
      body = utf8(new URLSearchParams(encodePairs(sent.pairs, r)).toString());
      setType(sent.contentType);
      break;
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of encodePairs(sent.pairs, r)) form.append(k, v);
      if (sent.file)
        form.append(target.fileField ?? "logo", new Blob([new Uint8Array(sent.file.bytes)]), sent.file.name);
      body = form;
      break;
    }
    case "json":
      body = utf8(JSON.stringify(r.json(sent.value)) ?? "");
      setType(sent.contentType);
      break;
    case "text":
      body = utf8(r.text(sent.text));
      setType(sent.contentType);
      break;
    case "bytes":
      body = new Uint8Array(sent.bytes);
      setType(sent.contentType);
      break;
    case "none":
      break;
  }
  if (spec.contentLength !== null) headers.set("Content-Length", String(spec.contentLength));
  return { request: new Request(url, { method: spec.method, headers, body }), params };
}

const encodePairs = (pairs: Pair[], r: Resolver): [string, string][] => pairs.map(([k, v]) => [k, r.text(v)]);

/** The request in a line or two, for a failure's message. */
function summary(request: Request, spec: Spec): string {
  const text = JSON.stringify(spec, (_k, v: unknown) =>
    v instanceof Uint8Array
      ? `<${v.byteLength} bytes>`
      : typeof v === "string" && v.length > 200
        ? v.slice(0, 200) + "…"
        : v,
  );
  return `${request.method} ${request.url.slice(0, 200)} (Content-Type: ${request.headers.get("Content-Type")})\n${text.slice(0, 2_000)}`;
}

/* The routes: what each one's forms carry, and who it is for. */

type Params = Record<string, string>;
type Call = (args: { request: Request; params: Params; context: typeof CONTEXT }) => Promise<unknown> | unknown;

/** What a route's forms carry: the fuzz draws its requests from these. */
type Form = {
  /** The body a POST takes: a form (the default) or the game's finish JSON. A GET sends its form as the query. */
  kind?: "form" | "json";
  /** The field names its forms send, and values they take (besides the world's `@` values). */
  fields: string[];
  values: string[];
  /** Whole forms the page sends: a start the fuzz cuts into, adds to and overwrites. */
  templates: Record<string, string>[];
  /** Query strings the page is posted with (`@` values of the world resolved). */
  queries?: string[];
  /** The name of a multipart form's file field (a logo's, unless said). */
  fileField?: string;
  params?: fc.Arbitrary<Record<string, Val>>;
  /** Whose run the `@token` values are: a visitor's or member's solo game (the default), a pupil's, a calm game. */
  game?: "solo" | "student" | "calm";
};

type Target = Omit<Form, "kind"> & {
  name: string;
  path: string;
  roles: Role[];
  kind: "form" | "json" | "query";
  call: Call;
};

type RouteModule = { action?: (args: never) => unknown; loader?: (args: never) => unknown };

/**
 * One route's line in the table: `METHOD /path` (its name; the path may be given apart, for a name that says more),
 * the route module (its action for a POST, its loader for a GET), who it is for, and its form.
 */
type Line = { name: string; route: RouteModule; roles: Role[]; form: Form; path?: string };

function targetOf({ name, route, roles, form, path }: Line): Target {
  const [method, named] = name.split(" ") as [string, string];
  const get = method === "GET";
  const handler = (get ? route.loader : route.action) as ((args: never) => unknown) | undefined;
  if (!handler) throw new Error(`${name}: the route has no ${get ? "loader" : "action"}`);
  return {
    ...form,
    name,
    path: path ?? named,
    roles,
    kind: get ? "query" : (form.kind ?? "form"),
    call: (args) => handler(args as never),
  };
}

/** A member's or visitor's calm game (docs/product.md#calm-play). */
const CALM: RunSpec = { mode: "calm", difficulty: "normal", operations: ["+", "-", "*", "/"] };

const STUDENT_FIELDS = [
  "intent",
  "classId",
  "studentId",
  "name",
  "operations",
  "timesTables",
  "difficulty",
  "extraTime",
  "calm",
  // The games a teacher gives (docs/decisions/0083-extra-games-per-pupil.md).
  "games",
  "game-bonds",
  "game-doubles",
];
const STUDENT_VALUES = [
  "addition",
  "subtraction",
  "multiplication",
  "division",
  "easy",
  "medium",
  "hard",
  "2",
  "7",
  "12",
  "13",
  "Sam",
  "1",
  "1.5",
  "on",
  "shown",
  "10",
  "100",
  "tens",
  // A web address in a name pupils read (docs/product.md#public-names): refused beside the field, never a 500.
  "Sam at www . evil . com",
  "evil [dot] com",
];

/* The forms, shared where routes share one. */

/** A form with nothing in it but its button (a logout). */
const BUTTON_ONLY: Form = { fields: ["intent"], values: [], templates: [{}] };
const FINISH: Form = { kind: "json", fields: ["token", "answers"], values: [], templates: [] };
const PLAY: Form = {
  fields: ["token", "answers", "intent", "key", "answer"],
  values: ["finish", "enter", "backspace", "clear", "-", ".", "0", "5", "9", "12", "-3"],
  templates: [
    { token: "@token", answers: "@sealed", key: "5", answer: "1" },
    { token: "@token", answers: "@sealed", key: "enter", answer: "12" },
    { token: "@token", answers: "@sealed", intent: "finish" },
    { token: "@oldToken", answers: "@sealedHonest", intent: "finish" },
    { token: "@spentToken", answers: "@sealedSpent", intent: "finish" },
  ],
};
const MTC_PLAY: Form = {
  fields: ["token", "answers", "intent", "answer"],
  values: ["finish", "answer", "start-check", "0", "56", "-3", "1e2"],
  templates: [
    { token: "@mtcToken", answers: "@mtcSealed", intent: "answer", answer: "56" },
    { token: "@mtcToken", answers: "@mtcSealed", intent: "start-check" },
    { token: "@mtcToken", answers: "@mtcSealed", intent: "finish" },
    { token: "@token", answers: "@sealed", intent: "answer", answer: "12" },
    { token: "@oldToken", answers: "@sealedHonest", intent: "finish" },
  ],
};
const MTC_START: Form = { fields: ["go"], values: ["island", "paged"], templates: [{ go: "island" }, { go: "paged" }] };
/** The site's rehearsal start, also sent with no field at all. */
const GAME_MTC_START: Form = { ...MTC_START, templates: [...MTC_START.templates, {}] };
const ROSTER: Form = {
  fields: ["intent", "text", "file"],
  values: ["preview", "import", "Sam", "name", "name;class", "=1+1", "\uFEFFname,difficulty\nSam,Hard"],
  templates: [
    { intent: "preview", text: "Sam\nAmy" },
    { intent: "import", text: "name,operations,times tables,difficulty\nSam,addition division,2 5,Hard" },
  ],
  fileField: "file",
};
/** A login code's form, with the codes it is tried with (besides the world's). */
const codeForm = (...values: string[]): Form => ({
  fields: ["code"],
  values,
  templates: [{ code: "@pupilCode" }, { code: "@teacherCode" }, { code: "1234 5678" }],
});
const CLASS_CODE: Form = {
  ...codeForm("12345678", "1234-5678"),
  params: fc.record({ classKey: fc.oneof(fc.constant("@classKey"), fc.string()) }),
};
// A login card's own address (docs/product.md#short-card-address): only its pupil's code opens there.
const CARD_CODE: Form = {
  ...codeForm("12345678", "1234-5678"),
  params: fc.record({ shortKey: fc.oneof(fc.constant("@cardKey"), fc.constant("2345678"), fc.string()) }),
};
// A teacher's one-time sign-in link (docs/product.md#guessing-login-codes): GET writes nothing, POST signs in once.
const SIGN_IN_LINK: Form = {
  fields: ["token"],
  values: ["@signInToken"],
  templates: [{}],
  params: fc.record({ token: fc.oneof(fc.constant("@signInToken"), fc.string()) }),
};
const TEACHER_IMPORT: Form = { ...ROSTER, queries: ["?class=@classId", "?class=@classId&imported=1", "?class=x"] };
const ADMIN_IMPORT: Form = {
  ...ROSTER,
  templates: ROSTER.templates.concat([{ intent: "preview", text: "name,class\nSam,Fuzz Class" }]),
  queries: ["?class=@classId", "?school=@schoolId", "?school=@classId", "?class=@schoolId&school=x"],
};

const SETTINGS: Form = {
  fields: [
    "intent",
    "username",
    "difficulty",
    "timeLimit",
    "operations",
    "currentPassword",
    "password",
    "confirmPassword",
    "confirm",
    "returnTo",
    "calm",
  ],
  values: [
    ...["name", "game", "password", "signout-others", "delete", "normal", "hard", "extreme", "60", "300", "add"],
    ...["on", "off"],
    // Names that pass for staff (docs/product.md#public-names): refused beside the field, never a 500.
    ...["Head Teacher", "A d m i n Team", "Head.Teacher", "H\u0435adteacher", "Headley", "Adminah"],
  ],
  templates: [
    { intent: "name", username: "Fuzzy Fox" },
    { intent: "name", username: "Admin Team" },
    { intent: "game", difficulty: "hard", timeLimit: "60", operations: "add", returnTo: "/" },
    { intent: "game", difficulty: "normal", timeLimit: "30", operations: "divide", calm: "on" },
    { intent: "password", currentPassword: "@password", password: "@password", confirmPassword: "@password" },
    { intent: "signout-others" },
    { intent: "delete", confirm: "yes" },
  ],
};
const ADMIN: Form = {
  fields: [
    "intent",
    "username",
    "password",
    "name",
    "schoolId",
    "teacherId",
    "email",
    "owner",
    "ownerId",
    "logo",
  ].concat(STUDENT_FIELDS),
  values: [
    "login",
    "create-school",
    "create-class",
    "create-teacher",
    "edit-teacher",
    "regenerate-teacher-code",
    "remove-logo",
    "add-student",
    "edit-student",
    "regenerate-student-code",
    "erase-student",
    "upload-logo",
    "school",
    "class",
    "t@fuzz.example",
  ].concat(STUDENT_VALUES),
  templates: [
    { intent: "login", username: "@adminEmail", password: "@password" },
    { intent: "create-school", name: "Fuzz Academy" },
    { intent: "create-school", name: "Fuzz (.) com" },
    { intent: "create-class", schoolId: "@schoolId", name: "4B", teacherId: "@teacherId" },
    { intent: "create-teacher", name: "Ms Fuzz", email: "t@fuzz.example", schoolId: "@schoolId" },
    { intent: "edit-teacher", teacherId: "@teacherId", name: "Ms Fuzz", email: "" },
    { intent: "regenerate-teacher-code", teacherId: "@teacherId" },
    { intent: "remove-logo", owner: "school", ownerId: "@schoolId" },
    { intent: "upload-logo", owner: "class", ownerId: "@classId" },
    { intent: "add-student", classId: "@classId", name: "Sam", operations: "addition", difficulty: "easy" },
    { intent: "edit-student", studentId: "@otherPupilId", name: "Sam", operations: "division", timesTables: "7" },
    { intent: "regenerate-student-code", studentId: "@otherPupilId" },
    { intent: "erase-student", studentId: "@otherPupilId" },
  ],
  queries: ["?tab=students", "?tab=students&q=Fuzz&after=x", "?index"],
};
const EXPORT_FILE: Form = {
  fields: ["school", "format"],
  values: ["zip", "json", "csv", "school"],
  templates: [
    { school: "@schoolId", format: "zip" },
    { school: "@schoolId", format: "json" },
  ],
};
const REVIEW: Form = {
  fields: ["intent", "runId"],
  values: ["release", "reject"],
  templates: [
    { intent: "release", runId: "@runId" },
    { intent: "reject", runId: "@runId" },
  ],
};
const AUTH: Form = {
  fields: ["with", "email", "phone", "password", "confirmPassword", "username"],
  values: [
    ...["email", "phone", "+44 7700 900123", "07700900123", "kid@fuzz.example", "KID@FUZZ.EXAMPLE", "Fuzzy"],
    ...["Head Teacher", "Admin Team", "T e a c h e r s"],
  ],
  templates: [
    { username: "Head Teacher", with: "email", email: "head@fuzz.example", password: "@password" },
    { with: "email", email: "@memberEmail", password: "@password" },
    { with: "phone", phone: "+44 7700 900123", password: "@password" },
    { username: "Fuzz Kid", with: "email", email: "kid@fuzz.example", password: "@password" },
    { username: "Fuzz Caller", with: "phone", phone: "07700 900456", password: "@password" },
    { email: "@memberEmail" },
    { password: "@password", confirmPassword: "@password" },
  ],
  queries: ["?mode=signup", "?mode=forgot", "?mode=reset", "?mode=signin&with=phone", "?mode=%00"],
};
const OAUTH_START: Form = {
  fields: ["intent", "returnTo"],
  values: [],
  templates: [{}],
  params: fc.record({
    provider: fc.oneof(fc.constantFrom("google", "facebook", "twitter", "", "..", "GOOGLE"), fc.string()),
  }),
};
const VERIFY: Form = { fields: ["token"], values: [], templates: [{ token: "@verifyToken" }] };
const CALM_START: Form = {
  fields: ["from", "difficulty", "operations", "always", "go", "timeLimit"],
  values: ["start", "normal", "hard", "extreme", "easy", "add", "divide", "+", "on", "yes", "island", "paged", "60"],
  templates: [
    { from: "start", difficulty: "hard", operations: "add", always: "on", go: "island" },
    { from: "start", difficulty: "normal", operations: "divide", go: "paged" },
    { from: "start", go: "paged" },
  ],
};
const PRACTICE_START: Form = {
  fields: ["from", "operations", "go", "runId", "difficulty", "timeLimit"],
  values: ["start", "add", "multiply", "divide", "island", "paged", "hard", "60", "*7,8"],
  templates: [
    { from: "start", operations: "multiply", go: "island" },
    { from: "start", go: "paged" },
    { runId: "@runId", go: "paged" },
    { runId: "no-such-run" },
  ],
};
const TABLES_START: Form = {
  fields: ["from", "tables", "operations", "timeLimit", "go", "mode"],
  values: ["start", "2", "7", "12", "1", "13", "07", "7.0", "multiply", "divide", "add", "island", "paged", "30", "45"],
  templates: [
    { from: "start", tables: "7", operations: "multiply", timeLimit: "60", go: "island" },
    { from: "start", tables: "12", operations: "divide", go: "paged" },
    { from: "start", go: "paged" },
  ],
};
/** The start of a mode whose definition makes its page (number bonds, doubles and halves), and names that are none. */
const MODE_START: Form = {
  fields: ["from", "totals", "ranges", "operations", "timeLimit", "go"],
  values: ["start", "10", "20", "100", "50", "tens", "double", "halve", "triple", "30", "60", "45", "island", "paged"],
  templates: [
    { from: "start", totals: "10", timeLimit: "60", go: "island" },
    { from: "start", ranges: "tens", operations: "halve", timeLimit: "30", go: "paged" },
    { from: "start", go: "paged" },
  ],
  params: fc.record({ mode: fc.oneof(fc.constantFrom("bonds", "doubles", "solo", "student"), fc.string()) }),
};
const MODE_PAGE: Form = {
  fields: ["token"],
  values: ["not-a-token"],
  templates: [{}, { token: "x" }],
  params: fc.record({ mode: fc.oneof(fc.constantFrom("bonds", "doubles", "tables", "constructor"), fc.string()) }),
};
const STUDENT_PRACTICE: Form = {
  fields: ["go", "runId"],
  values: ["island", "paged", "no-such-run"],
  templates: [{ go: "island" }, { runId: "@runId", go: "paged" }, { go: "paged" }],
};
const TEACHER_DASHBOARD: Form = {
  fields: STUDENT_FIELDS,
  values: [
    "add-student",
    "edit-student",
    "delete-student",
    "regenerate-code",
    "give-parent-link",
    "stop-parent-link",
    "give-class-parent-links",
  ].concat(STUDENT_VALUES),
  templates: [
    { intent: "add-student", classId: "@classId", name: "Sam", operations: "addition", difficulty: "easy" },
    { intent: "edit-student", studentId: "@otherPupilId", name: "Sam", operations: "subtraction", timesTables: "2" },
    { intent: "edit-student", studentId: "@otherPupilId", name: "Sam", operations: "addition", games: "shown" },
    { intent: "regenerate-code", studentId: "@otherPupilId" },
    { intent: "delete-student", studentId: "@otherPupilId" },
    // Parent links (docs/product.md#parents).
    { intent: "give-parent-link", studentId: "@otherPupilId" },
    { intent: "stop-parent-link", studentId: "@otherPupilId" },
    { intent: "give-class-parent-links", classId: "@classId" },
  ],
  queries: ["?class=x", "?index"],
};
const CLASS_SETTINGS: Form = {
  fields: [...STUDENT_FIELDS, "rewards", "goalCount", "goalDay"],
  values: ["class-settings", "rewards", "on", "off", "class-goal", "class-goal-remove", "500", "2099-02-12"].concat(
    STUDENT_VALUES,
  ),
  templates: [
    // The class goal in secured facts (docs/product.md#class-goal).
    { intent: "class-goal", classId: "@classId", goalCount: "500", goalDay: "12/02/2027" },
    { intent: "class-goal", classId: "@classId", goalCount: "0", goalDay: "2020-01-01" },
    { intent: "class-goal-remove", classId: "@classId" },
    // The class's stickers switch (docs/product.md#sticker-book).
    { intent: "rewards", classId: "@classId", rewards: "off" },
    { intent: "rewards", classId: "@classId", rewards: "on" },
    { intent: "class-settings", classId: "@classId", operations: "addition", extraTime: "2", calm: "on" },
    { intent: "class-settings", classId: "@classId", operations: "division", timesTables: "7", difficulty: "hard" },
    { intent: "class-settings", classId: "@classId", operations: "addition", games: "shown", "game-bonds": "10" },
  ],
  queries: ["?class=x", "?index"],
};
const CONTACT: Form = {
  fields: ["name", "email", "subject", "message", "website", "formStamp", "botCheckToken"],
  values: ["Ann", "ann@fuzz.example", "Hello", "A question about the game"],
  templates: [
    {
      name: "Ann",
      email: "ann@fuzz.example",
      subject: "Hi",
      message: "A question about the game",
      website: "",
      formStamp: "@stamp",
    },
  ],
};
const TWO_PLAYER: Form = {
  fields: ["playerCount", "rounds", "difficulty", "name1", "name2", "name3", "name4", "name5", "name6", "name7"],
  values: ["2", "3", "6", "7", "1", "5", "10", "Normal", "Hard", "Extreme", "normal", "Ann", "Bo"],
  templates: [{ playerCount: "2", rounds: "3", difficulty: "Normal", name1: "Ann", name2: "Bo" }],
};
/** The game's start link's query. */
const START_QUERY: Form = {
  fields: ["mode", "difficulty", "timeLimit", "operations", "tables", "from"],
  values: [
    ...["daily", "solo", "tables", "normal", "hard", "extreme", "easy", "30", "60", "120", "300", "add", "divide"],
    ...["+", "multiply", "2", "7", "12", "0", "13", "start"],
  ],
  templates: [
    { mode: "daily" },
    { difficulty: "hard", timeLimit: "120", operations: "add" },
    { mode: "tables", tables: "7", operations: "multiply", timeLimit: "30" },
  ],
};
const NEW_GAME_QUERY: Form = {
  fields: ["mode", "tables", "operations", "timeLimit", "from", "difficulty"],
  values: ["tables", "daily", "2", "7", "12", "1", "13", "multiply", "divide", "add", "30", "45", "start", "hard"],
  templates: [
    { mode: "tables", tables: "7", operations: "multiply", timeLimit: "60" },
    { mode: "tables", from: "start", tables: "8" },
  ],
};
const CALM_PAGE: Form = {
  fields: ["token", "clock"],
  values: ["not-a-token", "@token", "1"],
  templates: [{}, { token: "@token" }, { token: "x" }],
  game: "calm",
};
const CALM_PLAY_PAGE: Form = {
  fields: ["token", "answers", "input"],
  values: ["@token", "@sealed", "5", "12", "not-a-token"],
  templates: [
    { token: "@token", answers: "@sealed" },
    { token: "@oldToken", answers: "@sealedHonest" },
  ],
  game: "calm",
};
const TABLES_PAGE: Form = {
  fields: ["tables", "operations", "timeLimit", "token"],
  values: ["2", "7", "12", "1", "13", "multiply", "divide", "add", "30", "45", "not-a-token"],
  templates: [{ tables: "7" }, { tables: "3", operations: "divide", timeLimit: "300" }, { token: "x" }],
};
const PARENT_PAGE: Form = {
  fields: ["op"],
  values: ["add", "take-away", "times", "divide", "x"],
  templates: [{}, { op: "times" }],
  params: fc.record({ token: fc.oneof(fc.constant("@parentToken"), fc.string()) }),
};
const STUDENT_START: Form = {
  fields: ["mode", "difficulty", "operations"],
  values: ["daily", "hard", "division"],
  templates: [{}],
};

/** Who a route is for, besides nobody. */
const PLAYERS: Role[] = ["nobody", "visitor", "member"];
const MEMBER: Role[] = ["nobody", "member"];
const ADMIN_ROLES: Role[] = ["nobody", "member", "admin"];
const PUPIL: Role[] = ["nobody", "pupil"];
const TEACHER: Role[] = ["nobody", "teacher"];
/** A start any player may send (a pupil's is refused or sent to their own game). */
const STARTERS: Role[] = ["nobody", "visitor", "member", "pupil"];
/** A pupil's start, sent by the pupil and by those it is not for. */
const PUPIL_STARTERS: Role[] = ["nobody", "visitor", "pupil", "teacher"];

/** Every action, and every loader that starts a game or reads a token: one line each (each line's seed is its place). */
// Class competitions (docs/product.md#class-competition): a start needs two classes, which the fuzz's duplicated
// fields give; a cancel names the world's competition.
// Points from scores or secured facts (docs/decisions/0093-competitions-on-secured-facts.md): anything else is refused.
const COMPETITION: Form = {
  fields: ["intent", "name", "startsOn", "endsOn", "classes", "id", "pointsFrom"],
  values: [
    ...["start", "cancel", "@today", "@inAWeek", "@classId", "@classId2", "@competitionId", "31/02/2027"],
    ...["Cup at www . evil . com", "evil(.)co(.)uk", "Spring Cup. Well done", "scores", "facts", "stickers"],
  ],
  templates: [
    { intent: "start", name: "Cup", startsOn: "@today", endsOn: "@inAWeek", classes: "@classId2" },
    { intent: "start", name: "Cup", startsOn: "@today", endsOn: "@inAWeek", classes: "@classId2", pointsFrom: "facts" },
    { intent: "start", name: "Cup", startsOn: "30/11/2026", endsOn: "@inAWeek", classes: "@classId" },
    { intent: "cancel", id: "@competitionId" },
  ],
};
const ADMIN_COMPETITION: Form = { ...COMPETITION, queries: ["?school=@schoolId", "?school=@classId", "?school=x", ""] };
// The new school year (docs/product.md#new-school-year): its fields are named by class and pupil ids, so a drawn
// body is stale (409), refused (400) or names no archived pupil (404).
const NEW_YEAR: Form = {
  fields: ["intent", "version", "studentId"],
  values: ["preview", "start", "erase-archived", "up", "leaves", "on"],
  templates: [
    { intent: "preview", version: "x" },
    { intent: "start", version: "x" },
    { intent: "erase-archived", studentId: "@pupilId" },
  ],
  queries: ["?school=@schoolId", "?school=@classId", "?school=x"],
};
// The weekly digest (docs/product.md#weekly-digest): the teacher's own form, and its mails' two links.
const DIGEST: Form = {
  fields: ["digest", "email"],
  values: ["on", "off", "ms.rahman@school.example", "not an address", "@memberEmail"],
  // Ticked; an address for sign-in links alone (docs/product.md#weekly-digest); an empty address (forgets it).
  templates: [{ digest: "on", email: "ms.rahman@school.example" }, { email: "x@school.example" }, { email: "" }, {}],
};
const digestLinks = (link: "confirm" | "unsubscribe"): Line[] => {
  const route = link === "confirm" ? digestConfirm : digestUnsubscribe;
  const token = link === "confirm" ? "@confirmToken" : "@unsubscribeToken";
  const params = fc.record({ token: fc.oneof(fc.constant(token), fc.string()) });
  return [
    {
      name: `GET /digest/${link}/:token`,
      route,
      roles: TEACHER,
      form: { fields: ["token"], values: [token], templates: [{}], params },
    },
    {
      name: `POST /digest/${link}/:token`,
      route,
      roles: TEACHER,
      form: {
        fields: ["List-Unsubscribe"],
        values: ["One-Click"],
        templates: [{ "List-Unsubscribe": "One-Click" }, {}],
        params,
      },
    },
  ];
};

// Set work (docs/product.md#set-work): set, change and remove, for the teacher's own class only.
const WORK: Form = {
  fields: ["intent", "targetKind", "target", "gameKind", "due", "note", "workId"],
  values: [
    "set-work",
    "change-work",
    "remove-work",
    "games",
    "minutes",
    "any",
    "timed",
    "practice",
    "mtc",
    "0",
    "5",
    "50",
    "301",
    "-1",
    "1e3",
    "2026-12-04",
    "4/12/2026",
    "2999-01-01",
    "31/02/2026",
    "https://example.test",
    // Web addresses disguised (docs/product.md#set-work): refused beside the note, never a 500.
    ...["www . evil . com", "evil [dot] com", "e v i l . c o m", "evil\u3002com", "https : //", "Dr. Seuss fan"],
  ],
  templates: [
    { intent: "set-work", targetKind: "games", target: "5", gameKind: "any", due: "2030-01-01", note: "Hi" },
    { intent: "set-work", targetKind: "minutes", target: "20", gameKind: "mtc", due: "4/12/2026" },
    { intent: "change-work", workId: "x", targetKind: "games", target: "1", gameKind: "timed", due: "2026-12-04" },
    { intent: "remove-work", workId: "x" },
  ],
  queries: ["?class=@classId", "?class=x", ""],
};
// The sticker books (docs/product.md#sticker-book): the operation in the address.
const STICKER_PAGE: Form = {
  fields: ["op"],
  values: ["times", "add", "take-away", "divide", "x", ""],
  templates: [{ op: "times" }, { op: "divide" }],
};

/** Certificates (docs/product.md#sticker-book): the award asked for, and for the teacher a class and a pupil. */
const CERTIFICATE_PAGE: Form = {
  fields: ["award", "class", "student"],
  values: ["badge-m7", "count-1", "all-m", "@classId", "@pupilId", "@otherPupilId", "x", ""],
  templates: [{}, { award: "count-1" }, { class: "@classId" }, { class: "@classId", student: "@pupilId" }],
};
const PARENT_CERTIFICATES: Form = {
  ...CERTIFICATE_PAGE,
  params: fc.record({ token: fc.oneof(fc.constant("@parentToken"), fc.string()) }),
};

const WORK_PAGE: Form = {
  fields: ["class", "change", "remove"],
  values: ["@classId", "x", ""],
  templates: [{ class: "@classId" }, { class: "@classId", remove: "x" }, { class: "@classId", change: "x" }],
};

// The live class game (docs/product.md#live-game): joining, hosting, the big screen's buttons and a player's answer.
const LIVE_JOIN: Form = {
  fields: ["intent", "code", "adjective", "animal"],
  values: ["pupil", "guest", "login", "Brave", "Otter", "Ann", "123456", "00000000000", "0000 0000 000", "00000000001"],
  templates: [
    { intent: "pupil", code: "@liveCode" },
    { intent: "guest", code: "@liveCode", adjective: "Brave", animal: "Otter" },
  ],
};
const LIVE_HOST: Form = {
  fields: ["classId", "operations", "difficulty", "duration", "weakFacts", "guests"],
  values: ["addition", "division", "add", "easy", "hard", "Normal", "30", "60", "120", "on", "off"],
  templates: [
    { classId: "@classId", operations: "addition", difficulty: "easy", duration: "30" },
    { classId: "@classId", operations: "addition", difficulty: "easy", duration: "30", guests: "on" },
    { classId: "@classId", difficulty: "medium", duration: "60", weakFacts: "on" },
  ],
};
const liveCode = fc.record({ code: fc.oneof(fc.constant("@liveCode"), fc.string()) });
const LIVE_SCREEN: Form = {
  fields: ["intent", "id"],
  values: ["start", "end", "again", "close", "remove", "lock", "unlock", "guests-on", "guests-off", "p1", "p2"],
  templates: [{ intent: "start" }, { intent: "remove", id: "p1" }, { intent: "lock" }, { intent: "guests-on" }],
  params: liveCode,
};
// Without JavaScript the player answers with the solo game's field and pad: a pad key builds the answer (decision 0087).
const LIVE_ANSWER: Form = {
  fields: ["i", "answer", "key"],
  values: ["0", "1", "12", "1.5", "-3", "1e2", "enter", "Backspace", ".", "7"],
  templates: [
    { i: "0", answer: "5" },
    { i: "0", answer: "5", key: "enter" },
    { i: "0", answer: "1", key: "7" },
  ],
  params: liveCode,
};

const TARGETS: Target[] = (
  [
    { name: "POST /settings", route: settings, roles: MEMBER, form: SETTINGS },
    { name: "POST /admin", route: admin, roles: ADMIN_ROLES, form: ADMIN },
    { name: "POST /admin/export/file", route: adminExportFile, roles: ADMIN_ROLES, form: EXPORT_FILE },
    { name: "POST /admin/review", route: adminReview, roles: ADMIN_ROLES, form: REVIEW },
    { name: "POST /auth", route: auth, roles: MEMBER, form: AUTH },
    { name: "POST /auth/logout", route: logout, roles: MEMBER, form: BUTTON_ONLY },
    { name: "POST /auth/:provider", route: oauthStart, roles: MEMBER, form: OAUTH_START },
    { name: "POST /auth/verify", route: verify, roles: MEMBER, form: VERIFY },
    { name: "POST /game/finish", route: gameFinish, roles: STARTERS, form: FINISH },
    { name: "POST /game/play", route: gamePlay, roles: STARTERS, form: PLAY },
    { name: "POST /game/calm", route: gameCalm, roles: STARTERS, form: CALM_START },
    { name: "POST /game/calm/play", route: gameCalmPlay, roles: STARTERS, form: { ...PLAY, game: "calm" } },
    { name: "POST /game/practice", route: gamePractice, roles: STARTERS, form: PRACTICE_START },
    { name: "POST /game/tables", route: gameTables, roles: STARTERS, form: TABLES_START },
    { name: "POST /student-game/practice", route: studentPractice, roles: PUPIL_STARTERS, form: STUDENT_PRACTICE },
    { name: "POST /game/:mode", route: gameMode, roles: STARTERS, form: MODE_START },
    { name: "POST /student-game/:mode", route: studentMode, roles: PUPIL_STARTERS, form: MODE_START },
    { name: "POST /game/mtc", route: gameMtc, roles: STARTERS, form: GAME_MTC_START },
    { name: "POST /game/mtc/play", route: gameMtcPlay, roles: STARTERS, form: MTC_PLAY },
    { name: "POST /student-game/mtc", route: studentMtc, roles: PUPIL_STARTERS, form: MTC_START },
    {
      name: "POST /student-game/mtc/play",
      route: studentMtcPlay,
      roles: PUPIL,
      form: { ...MTC_PLAY, game: "student" },
    },
    { name: "POST /student-game/finish", route: studentFinish, roles: PUPIL, form: { ...FINISH, game: "student" } },
    { name: "POST /student-game/play", route: studentPlay, roles: PUPIL, form: { ...PLAY, game: "student" } },
    {
      name: "POST /student-login",
      route: studentLogin,
      roles: PUPIL,
      form: codeForm("12345678", "1234-5678", "１２３４５６７８"),
    },
    { name: "POST /student-login/:classKey", route: studentLogin, roles: PUPIL, form: CLASS_CODE },
    { name: "POST /c/:shortKey", route: cardAddress, roles: PUPIL, form: CARD_CODE },
    { name: "GET /c/:shortKey", route: cardAddress, roles: PUPIL, form: CARD_CODE },
    { name: "GET /teacher-login/link/:token", route: teacherLoginLink, roles: TEACHER, form: SIGN_IN_LINK },
    { name: "POST /teacher-login/link/:token", route: teacherLoginLink, roles: TEACHER, form: SIGN_IN_LINK },
    { name: "POST /student-logout", route: studentLogout, roles: PUPIL, form: BUTTON_ONLY },
    { name: "POST /teacher-dashboard", route: teacherDashboard, roles: TEACHER, form: TEACHER_DASHBOARD },
    { name: "POST /teacher-dashboard/import", route: teacherImport, roles: TEACHER, form: TEACHER_IMPORT },
    { name: "POST /teacher-dashboard/work", route: teacherWork, roles: TEACHER, form: WORK },
    { name: "GET /teacher-dashboard/work", route: teacherWork, roles: ["nobody", "teacher", "pupil"], form: WORK_PAGE },
    { name: "GET /facts/stickers", route: factStickers, roles: MEMBER, form: STICKER_PAGE },
    { name: "GET /student-stickers", route: studentStickers, roles: PUPIL, form: STICKER_PAGE },
    { name: "GET /facts/certificates", route: factCertificates, roles: MEMBER, form: CERTIFICATE_PAGE },
    { name: "GET /student-certificates", route: studentCertificates, roles: PUPIL, form: CERTIFICATE_PAGE },
    {
      name: "GET /teacher-dashboard/certificates",
      route: teacherCertificates,
      roles: ["nobody", "teacher", "pupil"],
      form: CERTIFICATE_PAGE,
    },
    {
      name: "GET /parent/:token/certificates",
      route: parentCertificates,
      roles: ["nobody", "member", "teacher", "pupil"],
      form: PARENT_CERTIFICATES,
    },
    { name: "POST /admin/import", route: adminImport, roles: ADMIN_ROLES, form: ADMIN_IMPORT },
    { name: "POST /teacher-dashboard/settings", route: teacherClassSettings, roles: TEACHER, form: CLASS_SETTINGS },
    { name: "POST /teacher-dashboard/competitions", route: teacherCompetitions, roles: TEACHER, form: COMPETITION },
    { name: "POST /admin/competitions", route: adminCompetitions, roles: ADMIN_ROLES, form: ADMIN_COMPETITION },
    { name: "POST /admin/new-year", route: adminNewYear, roles: ADMIN_ROLES, form: NEW_YEAR },
    { name: "POST /teacher-dashboard/digest", route: teacherDigest, roles: TEACHER, form: DIGEST },
    ...digestLinks("confirm"),
    ...digestLinks("unsubscribe"),
    { name: "POST /teacher-login", route: teacherLogin, roles: TEACHER, form: codeForm("12345678", "1234 5678") },
    { name: "POST /teacher-logout", route: teacherLogout, roles: TEACHER, form: BUTTON_ONLY },
    { name: "POST /contact", route: contact, roles: MEMBER, form: CONTACT },
    { name: "POST /* (not found)", path: "/no-such-page", route: notFound, roles: MEMBER, form: BUTTON_ONLY },
    { name: "POST /live", route: liveJoin, roles: PUPIL, form: LIVE_JOIN },
    { name: "POST /live/host", route: liveHost, roles: ["nobody", "member", "teacher"], form: LIVE_HOST },
    { name: "POST /live/:code/host", route: liveScreen, roles: ["nobody", "teacher", "member"], form: LIVE_SCREEN },
    { name: "POST /live/:code", route: livePlayer, roles: PUPIL, form: LIVE_ANSWER },
    { name: "POST /two-player", route: twoPlayer, roles: MEMBER, form: TWO_PLAYER },
    { name: "GET /game/start", route: gameStart, roles: STARTERS, form: START_QUERY },
    {
      name: "GET /game/play (a new game from a start form or link)",
      route: gamePlay,
      roles: PLAYERS,
      form: NEW_GAME_QUERY,
    },
    { name: "GET /game/calm", route: gameCalm, roles: STARTERS, form: CALM_PAGE },
    { name: "GET /game/calm/play", route: gameCalmPlay, roles: STARTERS, form: CALM_PLAY_PAGE },
    { name: "GET /game/tables", route: gameTables, roles: STARTERS, form: TABLES_PAGE },
    { name: "GET /game/:mode", route: gameMode, roles: STARTERS, form: MODE_PAGE },
    { name: "GET /student-game/:mode", route: studentMode, roles: PUPIL_STARTERS, form: MODE_PAGE },
    // The parent page (docs/product.md#parents): read-only for everyone, whatever the token and query.
    {
      name: "GET /parent/:token",
      route: parentPage,
      roles: ["nobody", "member", "teacher", "pupil"],
      form: PARENT_PAGE,
    },
    { name: "GET /student-game/start", route: studentStart, roles: PUPIL, form: STUDENT_START },
  ] satisfies Line[]
).map(targetOf);

/* The arbitraries. */

/** Values no form sends but a program might: unicode of every kind, control characters, odd numbers. */
const ODD_VALUES = [
  "",
  " ",
  "😀",
  "👩‍👩‍👧‍👦",
  "\u202Eevil\u202C",
  "שלום",
  "مرحبا",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00",
  "\uFEFF",
  "\r\n",
  "%",
  "%00",
  "%E0%A4%A",
  "+",
  "&",
  "=",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "[object Object]",
  "__proto__",
  "NaN",
  "-0",
  "1e309",
  "0x10",
  " 12345678 ",
  "１２",
  "<script>alert(1)</script>",
  "'; DROP TABLE students; --",
];
/** Names beside the forms' own: prototype names, conform's reserved fields, and paths. */
const ODD_KEYS = ["", "__proto__", "constructor", "toString", "hasOwnProperty", "__intent__", "__state__", "a.b", "[]"];

const printable = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const bigArb: fc.Arbitrary<Val> = fc
  .tuple(
    fc.constantFrom("a", "é", "😀", "\u0000", "%", "&=", "\uD800", "9"),
    fc.oneof(fc.integer({ min: 1_000, max: 60_000 }), fc.integer({ min: 60_000, max: 100_000 })),
  )
  .map(([unit, length]) => ({ big: [unit, length] }));

function valueArb(t: Target): fc.Arbitrary<Val> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...t.values, "yes") },
    { weight: 3, arbitrary: fc.constantFrom(...REFS) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_VALUES) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
    { weight: 1, arbitrary: bigArb },
  );
}

function keyArb(t: Target): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...t.fields) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_KEYS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...t.fields),
          fc.constantFrom("[]", "[0]", "[7]", ".x", "[x]", "..", "[65535]", "[99999999]"),
        )
        .map(([field, path]) => field + path),
    },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  );
}

/** A form: one of the page's own (or none), with fields dropped, added again, overwritten or made up. */
function pairsArb(t: Target): fc.Arbitrary<Pair[]> {
  const templates: Record<string, string>[] = [...t.templates, {}];
  return fc
    .record({
      template: fc.constantFrom(...templates),
      drop: fc.array(fc.constantFrom(...t.fields), { maxLength: 2 }),
      extra: fc.array(fc.tuple(keyArb(t), valueArb(t), fc.boolean()), { maxLength: 8 }),
    })
    .map(({ template, drop, extra }) => {
      let pairs: Pair[] = Object.entries(template).filter(([k]) => !drop.includes(k));
      for (const [key, value, overwrite] of extra) {
        if (overwrite) pairs = pairs.filter(([k]) => k !== key);
        pairs.push([key, value]);
      }
      return pairs;
    });
}

const FORM_TYPE = "application/x-www-form-urlencoded";
const contentTypeArb = (usual: string): fc.Arbitrary<string | null> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(usual) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `${usual}; charset=UTF-8`,
        "application/x-www-form-urlencoded;charset=utf-16",
        "APPLICATION/X-WWW-FORM-URLENCODED",
        "text/plain",
        "text/plain;charset=application/json",
        "application/json",
        "Application/JSON; charset=utf-8",
        "multipart/form-data",
        "multipart/form-data; boundary=nope",
        "",
        null,
      ),
    },
    { weight: 1, arbitrary: printable(40) },
  );

/** A finish's JSON: its token and answers, each real, broken or of the wrong type. */
function finishJsonArb(): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1e21, Number.MAX_SAFE_INTEGER));
  const answer = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ i: number, value: fc.oneof(fc.string(), anyJson), t: number }, { requiredKeys: [] }),
    },
    { weight: 1, arbitrary: anyJson },
  );
  const honestBroken = fc
    .record({
      at: fc.nat(30),
      field: fc.constantFrom("i", "value", "t", "extra"),
      value: fc.oneof(anyJson, fc.constantFrom(-1, 1e15, "", "1".repeat(500))),
    })
    .map((change) => ({ "@honestBroken": change }));
  const answers = fc.oneof(
    { weight: 3, arbitrary: fc.constant("@honest") },
    { weight: 2, arbitrary: honestBroken },
    { weight: 3, arbitrary: fc.array(answer, { maxLength: 40 }) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.nat(5_000).map((n) => ({ "@many": n })) },
  );
  const token = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom("@token", "@oldToken", "@spentToken", "@foreignToken") },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    { weight: 1, arbitrary: bigArb },
  );
  return fc.oneof(
    // A finish as the game sends it (saved once, then a replay), and with one answer broken.
    { weight: 2, arbitrary: fc.constant({ token: "@oldToken", answers: "@honest" }) },
    { weight: 2, arbitrary: fc.record({ token: fc.constant("@oldToken"), answers: honestBroken }) },
    { weight: 6, arbitrary: fc.record({ token, answers }, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.record({ token, answers }), fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }))
        .map(([finish, extra]) => ({ ...extra, ...finish })),
    },
    { weight: 2, arbitrary: anyJson },
  );
}

function bodyArb(t: Target): fc.Arbitrary<Body> {
  const pairs = pairsArb(t);
  const form = fc.record({ kind: fc.constant("form" as const), pairs, contentType: contentTypeArb(FORM_TYPE) });
  if (t.kind === "query") return form;
  const file = fc.option(
    fc.record({ name: fc.constantFrom("logo.png", "", "a\u0000.svg"), bytes: fc.uint8Array({ maxLength: 64 }) }),
  );
  const others = [
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("text" as const),
        text: fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), bigArb),
        contentType: contentTypeArb(t.kind === "json" ? "application/json" : FORM_TYPE),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("bytes" as const),
        bytes: fc.uint8Array({ maxLength: 200 }),
        contentType: contentTypeArb(t.kind === "json" ? "application/json" : FORM_TYPE),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  ];
  if (t.kind === "json") {
    return fc.oneof(
      {
        weight: 10,
        arbitrary: fc.record({
          kind: fc.constant("json" as const),
          value: finishJsonArb(),
          contentType: contentTypeArb("application/json"),
        }),
      },
      { weight: 2, arbitrary: form },
      ...others,
    );
  }
  return fc.oneof(
    { weight: 10, arbitrary: form },
    // A page whose form is multipart (its own file field) gets multipart bodies most often.
    { weight: t.fileField ? 20 : 2, arbitrary: fc.record({ kind: fc.constant("multipart" as const), pairs, file }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("json" as const),
        value: fc.oneof(
          pairs.map((p) => Object.fromEntries(p)),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        contentType: contentTypeArb("application/json"),
      }),
    },
    ...others,
  );
}

function specArb(t: Target): fc.Arbitrary<Spec> {
  const queryPairs = fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 })), { maxLength: 3 });
  return fc.record({
    method:
      t.kind === "query"
        ? fc.constant("GET")
        : fc.oneof(
            { weight: 12, arbitrary: fc.constant("POST") },
            { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE") },
          ),
    query: fc.oneof(
      { weight: 6, arbitrary: fc.constant("") },
      { weight: t.fileField ? 12 : 2, arbitrary: fc.constantFrom("", ...(t.queries ?? [])) },
      { weight: 1, arbitrary: queryPairs.map((p) => `?${new URLSearchParams(p)}`) },
    ),
    params: t.params ?? fc.constant({}),
    cookie: fc.oneof(
      { weight: 8, arbitrary: fc.constant("role" as const) },
      { weight: 1, arbitrary: printable(80).map((replace) => ({ replace })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom("__session=x", "__school=%", "__player=s%3Anope.sig", `__flash=${"a".repeat(5_000)}`)
          .map((add) => ({ add })),
      },
    ),
    contentLength: fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(0, 1, 65_537, 300_000, 10_000_000_000) },
    ),
    body: bodyArb(t),
  });
}

/* The property. */

/** A refusal may write only what docs/product.md says it does. */
const ALLOWED_REFUSAL_WRITES: { target: string; status: number; tables: string[] }[] = [
  // Signing in before confirming the address is refused, and sends a new link (docs/product.md#sign-in-and-sign-up).
  { target: "POST /auth", status: 403, tables: ["verification_tokens"] },
];

const STACK_TRACE = /\n\s+at \S/;

/** The statuses each target answered with (FUZZ_STATS=1 prints them: how deep the fuzz reaches). */
const statuses: Record<string, Partial<Record<number | "writes", number>>> = {};

async function bodyText(o: Outcome): Promise<string> {
  if (o.response) return o.response.clone().text();
  return JSON.stringify(o.data ?? "");
}

async function checkOne(t: Target, role: Role, spec: Spec): Promise<void> {
  resetLimits();
  await ready(role);
  const { request, params } = buildRequest(t, spec, role, world);
  const said = () => `${t.name} as ${role}: ${summary(request, spec)}`;
  const before = snapshot();
  let o: Outcome;
  try {
    o = await outcome(async () => t.call({ request, params, context: CONTEXT }));
  } catch (error) {
    throw new Error(`threw ${error instanceof Error ? error.stack : String(error)}\n${said()}`);
  }
  const seen = (statuses[`${t.name} as ${role}`] ??= {});
  seen[o.status] = (seen[o.status] ?? 0) + 1;
  if (o.status >= 500) throw new Error(`answered ${o.status}: ${(await bodyText(o)).slice(0, 300)}\n${said()}`);
  if (o.status >= 400) {
    const text = await bodyText(o);
    if (STACK_TRACE.test(text)) throw new Error(`a stack trace in a ${o.status}: ${text.slice(0, 300)}\n${said()}`);
  }
  if (totalChanges() !== before.changes) seen.writes = (seen.writes ?? 0) + 1;
  // A loader that starts a game writes nothing, whatever it answers (docs/decisions/0001-signed-run-tokens.md).
  if (o.status >= 400 || t.kind === "query") {
    const changed = changedSince(before);
    const allowed = ALLOWED_REFUSAL_WRITES.find((a) => a.target === t.name && a.status === o.status)?.tables ?? [];
    const wrong = changed.filter((table) => !allowed.includes(table));
    if (wrong.length) throw new Error(`${o.status}, but wrote to ${wrong.join(", ")}\n${said()}`);
  }
}

afterAll(() => {
  if (process.env.FUZZ_STATS) console.table(statuses);
});

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  world = await makeWorld();
});

describe("every action, fuzzed: never a 500, and a refusal writes nothing", () => {
  let index = 0;
  for (const t of TARGETS) {
    for (const role of t.roles) {
      const seed = SEED + index++;
      it(`${t.name} as ${role}`, async () => {
        await fc.assert(
          fc.asyncProperty(specArb(t), (spec) => checkOne(t, role, spec)),
          { numRuns: RUNS, seed },
        );
      });
    }
  }
});

/* What the fuzz found, kept as plain cases (docs/decisions/0009-one-form-pattern.md: only plainly named fields). */
describe("fields conform would read as its own or as paths", () => {
  const post = async (t: Target, role: Role, pairs: Pair[]) => {
    resetLimits();
    await ready(role);
    const body: Body = { kind: "form", pairs, contentType: FORM_TYPE };
    const spec: Spec = { method: "POST", query: "", params: {}, cookie: "role", contentLength: null, body };
    const { request, params } = buildRequest(t, spec, role, world);
    const before = snapshot();
    const o = await outcome(async () => t.call({ request, params, context: CONTEXT }));
    return { o, wrote: changedSince(before) };
  };
  const target = (name: string) => TARGETS.find((t) => t.name === name)!;

  it("malformed __intent__ or __state__ is dropped, not a 500 (conform parsed it as JSON and threw)", async () => {
    const cases: [string, Role, Pair[]][] = [
      ["POST /two-player", "nobody", [["__intent__", "x"]]],
      [
        "POST /teacher-login",
        "nobody",
        [
          ["code", "1234"],
          ["__state__", "x"],
        ],
      ],
      [
        "POST /contact",
        "nobody",
        [
          ["name", "Ann"],
          ["__intent__", "null"],
        ],
      ],
      [
        "POST /admin",
        "nobody",
        [
          ["intent", "login"],
          ["__intent__", "{"],
        ],
      ],
      [
        "GET /game/start",
        "visitor",
        [
          ["timeLimit", "7"],
          ["__state__", "daily"],
        ],
      ],
    ];
    for (const [name, role, pairs] of cases) {
      const { o, wrote } = await post(target(name), role, pairs);
      expect([name, o.status, wrote]).toEqual([name, 400, []]);
    }
    const { o } = await post(target("GET /game/start"), "visitor", [["__intent__", "x"]]);
    expect(o.status).toBe(200);
  });

  it("a field named as a list index builds no list (operations[99999999] cost seconds and megabytes)", async () => {
    const { o, wrote } = await post(target("POST /teacher-dashboard"), "teacher", [
      ["intent", "add-student"],
      ["classId", "@classId"],
      ["name", "Sam"],
      ["operations[99999999]", "addition"],
    ]);
    expect(o.status).toBe(400);
    expect(wrote).toEqual([]);
    expect(JSON.stringify(o.data).length).toBeLessThan(5_000);
    const started = await post(target("GET /game/start"), "visitor", [["operations[99999999]", "add"]]);
    expect(started.o.status).toBe(200);
  }, 10_000);
});

describe("the check itself", () => {
  const probe = (call: Target["call"]): Target => ({ ...TARGETS.find((t) => t.name === "POST /two-player")!, call });
  const spec: Spec = {
    method: "POST",
    query: "",
    params: {},
    cookie: "role",
    contentLength: null,
    body: { kind: "none" },
  };

  it("fails a refusal that wrote, naming the table", async () => {
    const writes = probe(() => {
      insertSchool("Written by a refusal");
      return new Response("no", { status: 400 });
    });
    await expect(checkOne(writes, "nobody", spec)).rejects.toThrow(/400, but wrote to schools/);
  });

  it("fails a 500 and a thrown error", async () => {
    await expect(
      checkOne(
        probe(() => new Response("", { status: 500 })),
        "nobody",
        spec,
      ),
    ).rejects.toThrow(/500/);
    const throws = probe(() => {
      throw new TypeError("boom");
    });
    await expect(checkOne(throws, "nobody", spec)).rejects.toThrow(/threw TypeError: boom/);
  });
});

it("has a target for every role it names", () => {
  const used = new Set(TARGETS.flatMap((t) => t.roles));
  expect(ROLES.filter((role) => !used.has(role))).toEqual([]);
});

/**
 * Routes app/routes.ts lists that answer POSTs but are fuzzed elsewhere or not at all, each with the reason. A route
 * without an action has nothing to fuzz here (its loader's roles are the role matrix's: school-roles.test.ts).
 */
const NOT_FUZZED: Record<string, string> = {};

it("has a target for every route with an action in app/routes.ts (a new one fails until it has)", () => {
  expect(entryProblems([import.meta.filename], NOT_FUZZED, hasAction)).toEqual([]);
});
