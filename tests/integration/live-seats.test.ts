import { afterEach, describe, expect, it } from "vitest";
import { rngFromString } from "~/game/prng";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { db } from "~/db/client.server";
import { problemSequence } from "~/game";
import { GUESTS_PER_ADDRESS } from "~/live/admission";
import { answerLive, closeAllLiveGames, findLiveGame, playerState, raceOf } from "~/live-hub/registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { LIVE_LIMITS } from "~/live/protocol";
import { liveReport } from "~/live/report";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { decideHeldRun, findHeldRun } from "~/models/review.server";
import { findStudent, insertStudent } from "~/models/students.server";
import * as liveHost from "~/routes/live/live-host";
import * as liveJoin from "~/routes/live/live-join";
import * as liveScreen from "~/routes/live/live-screen";
import { eraseStudent } from "~/school/data-rights.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cookieSet, formRequest, outcome, type Outcome } from "./route-call";

/*
 * Who gets a seat in a live game (docs/product.md#live-game, docs/decisions/0071-live-seats-for-the-class.md), through
 * the real pages' actions from many addresses: a class's game is its pupils' unless the host lets guests in, the
 * class's pupils always find a seat, guests are capped per address, the host locks the door, a removed player stays
 * out, a script's race is judged by the one pace judge and left off the podium, and an erased pupil leaves no trace
 * in the hub. The adversarial runs are seeded: each seed interleaves the class's pupils with strangers differently.
 */

afterEach(() => closeAllLiveGames("ended"));

const both = (...parts: string[]) => parts.filter(Boolean).join("; ");
const school = async (owner: { teacherId: string } | { studentId: string }) =>
  cookieSet(await schoolSignInAndRedirect(new Request("http://x/"), owner, { to: "/" }), "__school");

function makeClass(size: number, tag = String(Math.random())) {
  const schoolId = insertSchool(`Seats School ${tag}`);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: `T ${tag}`, email: null, schoolId, loginCode }),
  );
  const classId = insertClass({
    name: `Class ${tag}`,
    schoolId,
    teacherId: teacher.value,
    loginKey: newClassLoginKey(),
  });
  const pupils = Array.from(
    { length: size },
    (_, k) =>
      withFreshLoginCode((loginCode) =>
        insertStudent({
          name: `Pupil${k} ${tag}`,
          classId,
          loginCode,
          timesTables: [],
          allowedOperations: ["addition"],
          difficulty: "easy",
        }),
      ).value,
  );
  return { teacherId: teacher.value, classId, pupils };
}

async function host(klass: ReturnType<typeof makeClass>, body: Record<string, string> = {}) {
  const teacher = await school({ teacherId: klass.teacherId });
  const opened = await outcome(() =>
    liveHost.action({
      request: formRequest("http://x/live/host", {
        cookie: teacher,
        body: { classId: klass.classId, operations: "addition", difficulty: "easy", duration: "60", ...body },
      }),
      params: {},
      context: {},
    } as never),
  );
  expect(opened.status).toBe(302);
  const code = /\/live\/(\d{11})\/host/.exec(opened.location ?? "")![1]!;
  const cookie = both(teacher, cookieSet(opened.response, `live_host_${code}`));
  const press = async (intent: string, id?: string) =>
    (
      await outcome(() =>
        liveScreen.action({
          request: formRequest(`http://x/live/${code}/host`, { cookie, body: { intent, ...(id ? { id } : {}) } }),
          params: { code },
          context: {},
        } as never),
      )
    ).status;
  return { code, press };
}

type Joined = Outcome & { browser: string; player: string };

async function join(code: string, body: Record<string, string>, address: string, cookie = ""): Promise<Joined> {
  const joined = await outcome(() =>
    liveJoin.action({
      request: formRequest("http://x/live", { cookie, body: { code, ...body } }),
      params: {},
      context: { clientAddress: address },
    } as never),
  );
  return {
    ...joined,
    browser: cookieSet(joined.response, "live_browser"),
    player: cookieSet(joined.response, `live_player_${code}`),
  };
}

const guest = (code: string, address: string, cookie = "") =>
  join(code, { intent: "guest", adjective: "Brave", animal: "Otter" }, address, cookie);
const pupil = async (code: string, studentId: string, address: string, cookie = "") =>
  join(code, { intent: "pupil" }, address, both(cookie, await school({ studentId })));
const message = (joined: Outcome) => JSON.stringify(joined.data);

/** A seeded source of numbers in [0, 1): the engine's one generator (app/game/prng.ts). */
const prng = (seed: number) => {
  const rng = rngFromString(`prng:${seed}`);
  return () => rng.next();
};

describe("a class's live game", () => {
  it("turns a guest away unless the host lets guests in, and a pupil of another class too", async () => {
    const klass = makeClass(2);
    const other = makeClass(1);
    const { code, press } = await host(klass);
    const stranger = await guest(code, "203.0.113.7");
    // A stranger is answered as for a code no game has (docs/decisions/0072-live-games-closed-to-strangers.md).
    expect([stranger.status, message(stranger)]).toEqual([404, expect.stringContaining(M.noGame)]);
    expect(stranger.player).toBe("");
    const outsider = await pupil(code, other.pupils[0]!, "203.0.113.8");
    expect(outsider.status).toBe(404);
    expect((await pupil(code, klass.pupils[0]!, "203.0.113.9")).status).toBe(302);
    expect(raceOf(findLiveGame(code)!).door).toMatchObject({ guests: false, classGame: true, turnedAway: 2 });

    expect(await press("guests-on")).toBe(302);
    expect((await guest(code, "203.0.113.7")).status).toBe(302);
    expect(await press("guests-off")).toBe(302);
    expect((await guest(code, "203.0.113.10")).status).toBe(404);
  });

  it("lets guests in from the start when the host ticks the box", async () => {
    const { code } = await host(makeClass(1), { guests: "on" });
    expect((await guest(code, "198.51.100.1")).status).toBe(302);
  });

  it("40 guest joins from one address seat 3; the class's pupils all find a seat, whatever came first", async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = prng(seed);
      const klass = makeClass(30, `seed ${seed} ${Math.random()}`);
      const { code } = await host(klass, { guests: "on" });
      // 40 from one address, 40 from 40 addresses, the 30 pupils, shuffled together.
      const knocks: (() => Promise<Joined>)[] = [
        ...Array.from({ length: 40 }, () => () => guest(code, "192.0.2.1")),
        ...Array.from({ length: 40 }, (_, k) => () => guest(code, `198.18.${seed}.${k + 1}`)),
        ...klass.pupils.map((id, k) => () => pupil(code, id, `10.0.${seed}.${k}`)),
      ];
      for (let k = knocks.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [knocks[k], knocks[j]] = [knocks[j]!, knocks[k]!];
      }
      for (const knock of knocks) await knock();
      const game = findLiveGame(code)!;
      const active = game.players.filter((player) => !player.removed);
      const guests = active.filter((player) => player.studentId === null);
      expect([seed, active.filter((player) => player.studentId !== null).length]).toEqual([seed, 30]);
      expect(guests.length).toBeLessThanOrEqual(LIVE_LIMITS.maxPlayers - 30);
      expect(active.length).toBeLessThanOrEqual(LIVE_LIMITS.maxPlayers);
      expect(game.admission.guestsByAddress.get([...game.admission.guestsByAddress.keys()][0]!)).toBeLessThanOrEqual(
        GUESTS_PER_ADDRESS,
      );
      for (const count of game.admission.guestsByAddress.values())
        expect(count).toBeLessThanOrEqual(GUESTS_PER_ADDRESS);
      closeAllLiveGames("ended");
    }
  });

  it("counts an IPv6 /64 as one address", async () => {
    const { code } = await host(makeClass(1), { guests: "on" });
    const seated = [];
    for (let k = 1; k <= 6; k++) seated.push((await guest(code, `2001:db8:1:2::${k.toString(16)}`)).status);
    expect(seated).toEqual([302, 302, 302, 404, 404, 404]);
    expect((await guest(code, "2001:db8:1:3::1")).status).toBe(302);
  });

  it("a locked game lets no one new in; a pupil already in comes back; unlocked, they join", async () => {
    const klass = makeClass(3);
    const { code, press } = await host(klass, { guests: "on" });
    expect((await pupil(code, klass.pupils[0]!, "10.1.0.1")).status).toBe(302);
    expect(await press("lock")).toBe(302);
    const late = await pupil(code, klass.pupils[1]!, "10.1.0.2");
    expect([late.status, message(late)]).toEqual([409, expect.stringContaining(M.locked)]);
    expect((await guest(code, "10.1.0.3")).status).toBe(404);
    // The pupil already in, on another device: their own seat back.
    expect((await pupil(code, klass.pupils[0]!, "10.1.0.4")).status).toBe(302);
    expect(await press("unlock")).toBe(302);
    expect((await pupil(code, klass.pupils[1]!, "10.1.0.2")).status).toBe(302);
  });

  it("a removed player stays out: with a new player cookie, from a new address, the same browser", async () => {
    const klass = makeClass(2);
    const { code, press } = await host(klass, { guests: "on" });
    const first = await guest(code, "203.0.113.50");
    expect(first.status).toBe(302);
    expect(first.browser).toMatch(/^live_browser=[0-9a-f]{32}$/);
    const kid = await pupil(code, klass.pupils[0]!, "203.0.113.51");
    const game = findLiveGame(code)!;
    for (const player of [...game.players]) expect(await press("remove", player.id)).toBe(302);
    // The guest, its player cookie dropped, from another address: the browser's id keeps them out.
    const back = await guest(code, "198.51.100.99", first.browser);
    expect([back.status, message(back)]).toEqual([404, expect.stringContaining(M.noGame)]);
    // The pupil, from a browser that never saw the game: their account keeps them out.
    expect((await pupil(code, klass.pupils[0]!, "198.51.100.98")).status).toBe(403);
    expect((await pupil(code, klass.pupils[0]!, "198.51.100.98", kid.browser)).status).toBe(403);
    // A fresh browser at the removed guest's address: a new guest, counted with the removed one (3 an address).
    expect((await guest(code, "203.0.113.50")).status).toBe(302);
    expect((await guest(code, "203.0.113.50")).status).toBe(302);
    expect((await guest(code, "203.0.113.50")).status).toBe(404);
    expect(game.players.filter((player) => !player.removed)).toHaveLength(2);
  });
});

describe("a live game's pace", () => {
  it("leaves a script's race off the podium, in kind words, and writes its pupil's run held", async () => {
    const klass = makeClass(2);
    const { code, press } = await host(klass);
    const [scriptId, childId] = klass.pupils as [string, string];
    await pupil(code, scriptId, "10.2.0.1");
    await pupil(code, childId, "10.2.0.2");
    expect(await press("start")).toBe(302);
    const game = findLiveGame(code)!;
    const started = Date.now() - 50_000;
    game.startsAt = started; // the countdown is over (the e2e suite's test route ends rounds the same way)
    game.endsAt = started + 60_000;
    game.closesAt = game.endsAt + 2_000;
    const problems = problemSequence(game.spec, game.seed);
    const tokenOf = (id: string) => game.players.find((player) => player.studentId === id)!.token;
    // The script: every answer right, 420 ms apart, like a metronome (the live game's own checks let it through).
    const script = Array.from({ length: 100 }, (_, i) => ({ i, value: String(problems(i).answer), t: 600 + i * 420 }));
    for (let k = 0; k < script.length; k += 20) {
      expect(answerLive(code, tokenOf(scriptId), script.slice(k, k + 20))).toMatchObject({ ok: true });
    }
    // A child: fewer, slower, uneven.
    const random = prng(7);
    let t = 0;
    const child = Array.from({ length: 14 }, (_, i) => {
      t += 1_500 + Math.floor(random() * 2_500);
      return { i, value: String(problems(i).answer), t };
    });
    expect(answerLive(code, tokenOf(childId), child)).toMatchObject({ ok: true, held: 14 });
    expect(await press("end")).toBe(302);
    expect(game.phase).toBe("podium");

    const race = raceOf(game);
    const scriptLine = race.lines.find((line) => line.right === 100)!;
    const childLine = race.lines.find((line) => line.right === 14)!;
    expect(scriptLine.checking).toBe(true);
    expect(childLine).toMatchObject({ place: 1 });
    expect(childLine.checking).toBeUndefined();
    const scriptPlayer = game.players.find((player) => player.studentId === scriptId)!;
    const state = playerState(game, scriptPlayer);
    expect(state).toMatchObject({ place: null, checking: true, right: 100 });
    expect(
      playerState(
        game,
        game.players.find((player) => player.studentId === childId)!,
      ),
    ).toMatchObject({
      place: 1,
      checking: false,
    });
    const runs = db.$client
      .prepare("SELECT student_id AS id, review, score FROM game_runs WHERE student_id IN (?, ?) ORDER BY score")
      .all(scriptId, childId);
    expect(runs).toEqual([
      { id: childId, review: null, score: 14 },
      { id: scriptId, review: "held", score: 100 },
    ]);
    // Kept for the pupil as every held run is: in their progress.
    expect(
      db.$client.prepare("SELECT count(*) AS n FROM student_performance WHERE student_id = ?").get(scriptId),
    ).toEqual({ n: 1 });
    // In the admins' queue as a pupil's; its release writes no board entry (a pupil's run has no board).
    const held = findHeldRun(scriptPlayer.runId!)!;
    expect(held).toMatchObject({ studentId: scriptId, memberName: null });
    expect(decideHeldRun(held.runId, "release")).toBe(true);
    expect(
      db.$client.prepare("SELECT count(*) AS n FROM daily_leaderboard_entries WHERE run_id = ?").get(held.runId),
    ).toEqual({ n: 0 });
  });
});

describe("an erased pupil", () => {
  it("is forgotten by every live game at once: seat, name, answers, report, the removed list", async () => {
    const klass = makeClass(2, `Erase ${Math.random()}`);
    const name = `Zephyrine Quillfeather`;
    const erasedId = withFreshLoginCode((loginCode) =>
      insertStudent({
        name,
        classId: klass.classId,
        loginCode,
        timesTables: [],
        allowedOperations: ["addition"],
        difficulty: "easy",
      }),
    ).value;
    const loginCode = findStudent(erasedId)!.loginCode;
    const { code, press } = await host(klass);
    const second = await host(klass);
    await pupil(code, erasedId, "10.3.0.1");
    await pupil(code, klass.pupils[0]!, "10.3.0.2");
    await pupil(second.code, erasedId, "10.3.0.3");
    // In the second game she was removed: the door's list holds her id.
    const secondGame = findLiveGame(second.code)!;
    expect(await second.press("remove", secondGame.players[0]!.id)).toBe(302);

    expect(await press("start")).toBe(302);
    const game = findLiveGame(code)!;
    game.startsAt = Date.now() - 20_000;
    game.endsAt = game.startsAt + 60_000;
    game.closesAt = game.endsAt + 2_000;
    const problems = problemSequence(game.spec, game.seed);
    for (const player of game.players) {
      // One right answer, one wrong: the report's misses name her too.
      answerLive(code, player.token, [
        { i: 0, value: String(problems(0).answer), t: 3_000 },
        { i: 1, value: String(problems(1).answer + 1), t: 6_000 },
      ]);
    }
    expect(await press("end")).toBe(302);
    const seen = () =>
      JSON.stringify(
        [findLiveGame(code), findLiveGame(second.code), liveReport(game), raceOf(game), raceOf(secondGame)],
        (_key, value: unknown) => (value instanceof Set || value instanceof Map ? [...value] : value),
      );
    const before = seen();
    for (const trace of ["Zephyrine", erasedId]) expect(before).toContain(trace);

    expect(eraseStudent({ id: erasedId }, { kind: "teacher", id: klass.teacherId, name: "T" })).toBe(true);
    const after = seen();
    for (const trace of ["Zephyrine", "Quillfeather", erasedId, loginCode]) expect(after).not.toContain(trace);
    // The class's other pupil is still in the game and its report.
    expect(liveReport(game).players).toHaveLength(1);
  });
});
