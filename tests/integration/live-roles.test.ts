import { beforeAll, describe, expect, it } from "vitest";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import { findLiveGame, openLiveGame } from "~/live-hub/registry.server";
import { joinCodeFrom } from "~/live/join-code";
import { insertMemberSession } from "~/models/sessions.server";
import { createMember } from "~/models/users.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import * as liveHost from "~/routes/live/live-host";
import * as liveJoin from "~/routes/live/live-join";
import * as livePlayer from "~/routes/live/live-player";
import * as liveReport from "~/routes/live/live-report";
import * as liveScreen from "~/routes/live/live-screen";
import * as studentGame from "~/routes/school/student-game";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cookieSet, formRequest, outcome } from "./route-call";

/*
 * The live game's roles (docs/product.md#live-game): the host (the teacher who opened it, in the browser that did),
 * a player (a pupil of the class), a stranger (a guest with a made-up name), the same teacher in another browser,
 * another school's teacher and nobody, against every live page and action. Only the host sees the big screen and
 * the report; each player sees only their own page, and a stranger sees no pupil's name.
 */

type Who = "host" | "teacherElsewhere" | "otherTeacher" | "pupil" | "otherPupil" | "stranger" | "nobody";
const cookies = {} as Record<Who, string>;
let code = "";
const classIds = { own: "", other: "" };
const PUPIL = "Zainab Quayle";

const school = async (owner: { teacherId: string } | { studentId: string }) =>
  cookieSet(await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" }), "__school");

function makeClass(tag: string) {
  const schoolId = insertSchool(`Roles School ${tag}`);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `T ${tag}`, email: null, schoolId, loginCode }),
  );
  const classId = insertClass({
    name: `Class ${tag}`,
    schoolId,
    teacherId: teacher.value,
    loginKey: newClassLoginKey(),
  });
  const pupil = withFreshLoginCode((loginCode) =>
    insertStudent({
      name: PUPIL,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  );
  return { teacherId: teacher.value, classId, pupilId: pupil.value };
}

const both = (...parts: string[]) => parts.filter(Boolean).join("; ");

beforeAll(async () => {
  const a = makeClass(`A${Math.random()}`);
  const b = makeClass(`B${Math.random()}`);
  classIds.own = a.classId;
  classIds.other = b.classId;
  const teacherA = await school({ teacherId: a.teacherId });
  const opened = await outcome(() =>
    liveHost.action({
      request: formRequest("http://x/live/host", {
        cookie: teacherA,
        body: { classId: a.classId, operations: "addition", difficulty: "easy", duration: "30", guests: "on" },
      }),
      params: {},
      context: {},
    } as never),
  );
  expect(opened.status).toBe(302);
  code = /\/live\/(\d{11})\/host/.exec(opened.location ?? "")![1]!;
  cookies.host = both(teacherA, cookieSet(opened.response, `live_host_${code}`));
  cookies.teacherElsewhere = teacherA;
  cookies.otherTeacher = await school({ teacherId: b.teacherId });
  cookies.nobody = "";
  const pupilSession = await school({ studentId: a.pupilId });
  const pupilJoined = await outcome(() =>
    liveJoin.action({
      request: formRequest("http://x/live", { cookie: pupilSession, body: { intent: "pupil", code } }),
      params: {},
      context: {},
    } as never),
  );
  cookies.pupil = both(pupilSession, cookieSet(pupilJoined.response, `live_player_${code}`));
  const strangerJoined = await outcome(() =>
    liveJoin.action({
      request: formRequest("http://x/live", { body: { intent: "guest", code, adjective: "Brave", animal: "Otter" } }),
      params: {},
      context: {},
    } as never),
  );
  cookies.stranger = cookieSet(strangerJoined.response, `live_player_${code}`);
  cookies.otherPupil = await school({ studentId: b.pupilId });
  expect(cookies.pupil).toContain(`live_player_${code}=`);
  expect(cookies.stranger).toContain(`live_player_${code}=`);
});

const page = (route: { loader: (args: never) => unknown }, path: string, who: Who) =>
  outcome(async () =>
    route.loader({
      request: formRequest(`http://x${path}`, { cookie: cookies[who] }),
      params: { code },
      context: {},
    } as never),
  );

describe("the live game's roles", () => {
  it("the big screen and the report: the host only", async () => {
    for (const who of ["host", "teacherElsewhere", "otherTeacher", "pupil", "stranger", "nobody"] as const) {
      const screen = await page(liveScreen, `/live/${code}/host`, who);
      const report = await page(liveReport, `/live/${code}/report`, who);
      const expected = who === "host" ? 200 : 403;
      expect([who, screen.status, report.status]).toEqual([who, expected, expected]);
    }
    const served = await page(liveScreen, `/live/${code}/host`, "host");
    // The class's own screen shows the pupil's first name.
    expect(JSON.stringify(served.data)).toContain("Zainab");
  });

  it("the host's buttons: only the host's start starts", async () => {
    for (const who of ["teacherElsewhere", "otherTeacher", "pupil", "stranger", "nobody"] as const) {
      const refused = await outcome(() =>
        liveScreen.action({
          request: formRequest(`http://x/live/${code}/host`, { cookie: cookies[who], body: { intent: "start" } }),
          params: { code },
          context: {},
        } as never),
      );
      expect([who, refused.status]).toEqual([who, 403]);
      expect(findLiveGame(code)!.phase).toBe("lobby");
    }
  });

  it("the door's switches (lock, guests): the host's only", async () => {
    const press = (who: Who, intent: string) =>
      outcome(() =>
        liveScreen.action({
          request: formRequest(`http://x/live/${code}/host`, { cookie: cookies[who], body: { intent } }),
          params: { code },
          context: {},
        } as never),
      );
    for (const who of ["teacherElsewhere", "otherTeacher", "pupil", "stranger", "nobody"] as const) {
      for (const intent of ["lock", "guests-off"])
        expect([who, intent, (await press(who, intent)).status]).toEqual([who, intent, 403]);
    }
    expect(findLiveGame(code)!.admission).toMatchObject({ locked: false, guests: true });
    expect((await press("host", "lock")).status).toBe(302);
    expect((await press("host", "guests-off")).status).toBe(302);
    expect(findLiveGame(code)!.admission).toMatchObject({ locked: true, guests: false });
    expect((await press("host", "unlock")).status).toBe(302);
    expect((await press("host", "guests-on")).status).toBe(302);
    expect(findLiveGame(code)!.admission).toMatchObject({ locked: false, guests: true });
  });

  it("a player's page: each player their own; a stranger sees no pupil's name; nobody is sent to join", async () => {
    const pupil = await page(livePlayer, `/live/${code}`, "pupil");
    expect(pupil.status).toBe(200);
    expect((pupil.data as { state: { name: string } }).state.name).toBe("Zainab");
    const stranger = await page(livePlayer, `/live/${code}`, "stranger");
    expect((stranger.data as { state: { name: string } }).state.name).toBe("Brave Otter");
    expect(JSON.stringify(stranger.data)).not.toContain("Zainab");
    const nobody = await page(livePlayer, `/live/${code}`, "nobody");
    expect([nobody.status, nobody.location]).toEqual([302, `/live?code=${code}`]);
  });
});

describe("the player's number pad and the pupils' Join (docs/decisions/0087)", () => {
  const key = (who: Who, body: Record<string, string>) =>
    outcome(() =>
      livePlayer.action({
        request: formRequest(`http://x/live/${code}`, { cookie: cookies[who], body }),
        params: { code },
        context: {},
      } as never),
    );

  it("a pad key builds the player's own answer in the address; nobody is sent to join; nothing is taken", async () => {
    const before = findLiveGame(code)!.players.map((player) => player.answers.length);
    for (const who of ["pupil", "stranger"] as const) {
      const pressed = await key(who, { i: "0", answer: "4", key: "2" });
      expect([who, pressed.status, pressed.location]).toEqual([who, 302, `/live/${code}?input=42#play`]);
    }
    const nobody = await key("nobody", { i: "0", answer: "4", key: "2" });
    expect([nobody.status, nobody.location]).toEqual([302, `/live?code=${code}`]);
    const host = await key("host", { i: "0", answer: "4", key: "2" });
    expect([host.status, host.location]).toEqual([302, `/live?code=${code}`]);
    expect(findLiveGame(code)!.players.map((player) => player.answers.length)).toEqual(before);
  });

  it("the host page comes with the dashboard's class chosen, only a class of the teacher's own", async () => {
    const chosen = async (classId: string) => {
      const o = await page(liveHost, `/live/host?class=${classId}`, "teacherElsewhere");
      return (o.data as { hosting: { chosen?: string } }).hosting.chosen;
    };
    expect(await chosen(classIds.own)).toBe(classIds.own);
    expect(await chosen(classIds.other)).toBeUndefined();
  });

  it("a pupil's dashboard offers Join to the class's pupils only", async () => {
    const dashboard = async (who: Who) => {
      const o = await page(studentGame, "/student-game", who);
      return (o.data as { live: string }).live;
    };
    expect(await dashboard("pupil")).toContain(`value="${code}"`);
    expect(await dashboard("pupil")).toContain(">Join</button>");
    expect(await dashboard("otherPupil")).toBe("");
  });
});

describe("strangers and hosts, against a game and against no game (docs/decisions/0072)", () => {
  it("a stranger to this game gets the same answer as for a code no game has, on every page", async () => {
    const missing = joinCodeFrom(code.slice(0, 10) === "0000000000" ? "1111111111" : "0000000000");
    const answers = async (which: string, cookieFor: (c: string) => string) => {
      const texts: string[] = [];
      for (const [route, path] of [
        [livePlayer, `/live/${which}`],
        [liveScreen, `/live/${which}/host`],
        [liveReport, `/live/${which}/report`],
        [liveJoin, `/live?code=${which}`],
      ] as const) {
        const o = await outcome(async () =>
          route.loader({
            request: formRequest(`http://x${path}`, { cookie: cookieFor(which) }),
            params: { code: which },
            context: {},
          } as never),
        );
        texts.push(`${o.status} ${o.location ?? ""} ${JSON.stringify(o.data ?? null)}`.replaceAll(which, "CODE"));
      }
      return texts;
    };
    for (const [who, cookieFor] of [
      ["nobody", () => ""],
      ["otherTeacher", () => cookies.otherTeacher],
      ["forged player", (c: string) => `live_player_${c}=${"ab".repeat(16)}`],
      ["forged host", (c: string) => `live_host_${c}=${"cd".repeat(16)}`],
    ] as const) {
      expect([who, ...(await answers(code, cookieFor))]).toEqual([who, ...(await answers(missing, cookieFor))]);
    }
    // A secret of this game, sent for another game's code, is a stranger's there.
    const other = openLiveGame({
      host: { kind: "member", userId: "roles-other-host" },
      spec: { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] },
      durationSeconds: 30,
    });
    if (!other.ok) throw new Error(other.message);
    const stolen = (c: string) => `live_player_${c}=${cookies.stranger.split("=")[1]}`;
    expect(await answers(other.code, stolen)).toEqual(await answers(missing, stolen));
  });

  it("hosting: a teacher and a member with a confirmed e-mail; not a member without one, nor nobody", async () => {
    const tryHost = (cookie: string) =>
      outcome(() =>
        liveHost.action({
          request: formRequest("http://x/live/host", {
            cookie,
            body: { operations: "addition", difficulty: "easy", duration: "30" },
          }),
          params: {},
          context: { clientAddress: "192.0.2.77" },
        } as never),
      );
    const memberCookie = async (confirmed: boolean, phone: boolean) => {
      const tag = Math.random().toString(36).slice(2, 10);
      const made = createMember({
        email: phone ? null : `roles-${tag}@live.example`,
        phone: phone ? `+44770${Math.floor(Math.random() * 1e8)}` : null,
        passwordHash: null,
        username: `Roles ${tag}`,
        emailVerified: confirmed,
      });
      if (!made.ok) throw new Error(made.taken);
      const sessionId = `roles-${tag}`;
      insertMemberSession({ id: sessionId, userId: made.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
      return (await sessionCookie.serialize(sessionId)).split(";")[0]!;
    };
    expect((await tryHost("")).status).toBe(403);
    expect((await tryHost(await memberCookie(false, false))).status).toBe(403);
    expect((await tryHost(await memberCookie(false, true))).status).toBe(403);
    expect((await tryHost(await memberCookie(true, false))).status).toBe(302);
  });
});
