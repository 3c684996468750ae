import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { problemSequence } from "~/game";
import {
  closeAllLiveGames,
  findLiveGame,
  hostAction,
  joinLiveGame,
  liveStats,
  openLiveGame,
} from "~/live-hub/registry.server";
import { handleLiveRequest } from "~/live-hub/lane.server";
import { lifecycle } from "~/lifecycle.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertStudent } from "~/models/students.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";

/*
 * The live game's hub (docs/decisions/0064-live-class-game.md) behind a real HTTP server: joining, answers through
 * the lane, the event streams (the big screen's race, each player's own state and nothing else), the results written
 * for pupils at the podium, and a shutdown that ends every game and tells every device.
 */

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => void handleLiveRequest(req, res, "127.0.0.1"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => closeAllLiveGames("ended"));
afterAll(() => server.close());

function makeClass() {
  const schoolId = insertSchool(`Live School ${Math.random()}`);
  const teacher = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Ms Live", email: null, schoolId, loginCode }),
  );
  const classId = insertClass({ name: "Year 3", schoolId, teacherId: teacher.value, loginKey: newClassLoginKey() });
  const pupil = (name: string) =>
    withFreshLoginCode((loginCode) =>
      insertStudent({ name, classId, loginCode, timesTables: [], allowedOperations: ["addition"], difficulty: "easy" }),
    ).value;
  return { teacherId: teacher.value, classId, amara: pupil("Amara Khan"), bilal: pupil("Bilal Shah") };
}

function open(klass: ReturnType<typeof makeClass>) {
  const opened = openLiveGame({
    host: { kind: "teacher", teacherId: klass.teacherId, classId: klass.classId },
    spec: { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] },
    durationSeconds: 30,
  });
  if (!opened.ok) throw new Error(opened.message);
  return opened;
}

function joined(code: string, who: Parameters<typeof joinLiveGame>[1]) {
  const outcome = joinLiveGame(code, who);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.player;
}

/** An open event stream, its text as it arrives. */
async function follow(path: string, cookie: string) {
  let text = "";
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${base}${path}`, { agent: false, headers: { Cookie: cookie } }, resolve).on("error", reject),
  );
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => (text += chunk));
  const ended = new Promise<void>((resolve) => response.on("end", resolve));
  return { response, text: () => text, ended, close: () => response.destroy() };
}

async function until(check: () => boolean, ms = 2_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const post = (code: string, cookie: string, body: unknown) =>
  fetch(`${base}/live/${code}/answer`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });

// In order: the last one shuts the process's app down for good.
describe("a live game over HTTP", { shuffle: false }, () => {
  it("streams the race to the big screen, each player only their own state, and writes the pupils' runs", async () => {
    const klass = makeClass();
    const { code, hostToken } = open(klass);
    const amara = joined(code, { name: "Amara", kind: "pupil", studentId: klass.amara });
    const guest = joined(code, { name: "Brave Otter", kind: "guest", studentId: null });
    const screen = await follow(`/live/${code}/events?as=host`, `live_host_${code}=${hostToken}`);
    const mine = await follow(`/live/${code}/events`, `live_player_${code}=${guest.token}`);
    await until(() => screen.text().includes("Brave Otter") && mine.text().includes("event: state"));
    expect(screen.text()).toContain("Amara");

    // A stranger's screen and an unknown token get nothing: the answer for no game (docs/decisions/0072).
    for (const cookie of [`live_host_${code}=${guest.token}`, `live_player_${code}=${"0".repeat(32)}`]) {
      const stranger = await fetch(`${base}/live/${code}/events${cookie.startsWith("live_host") ? "?as=host" : ""}`, {
        headers: { Cookie: cookie },
      });
      expect(stranger.status).toBe(200);
      expect(await stranger.text()).toMatch(
        /^retry: 3600000\n\nevent: closed\ndata: \{"now":\d+,"reason":"ended"\}\n\n$/,
      );
    }

    hostAction(code, { kind: "start" });
    const game = findLiveGame(code)!;
    game.startsAt = Date.now() - 5_000; // the countdown is over (the e2e suite's test route ends rounds the same way)
    game.endsAt = game.startsAt + 30_000;
    game.closesAt = game.endsAt + 2_000;
    const answer0 = String(problemSequence(game.spec, game.seed)(0).answer);
    const reply = await post(code, `live_player_${code}=${amara.token}`, {
      answers: [{ i: 0, value: answer0, t: 4_000 }],
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ held: 1, right: 1 });
    // No answer for another: a made-up token (the answer for no game), or none.
    expect((await post(code, `live_player_${code}=${"f".repeat(32)}`, { answers: [] })).status).toBe(409);
    expect((await post(code, "", { answers: [] })).status).toBe(403);
    expect((await post(code, `live_player_${code}=${amara.token}`, { answers: "x" })).status).toBe(400);
    await until(() => /"right":1/.test(screen.text()));

    hostAction(code, { kind: "end" });
    expect(findLiveGame(code)!.phase).toBe("podium");
    await until(() => mine.text().includes('"phase":"podium"'));
    // The guest's stream named no one but the guest.
    expect(mine.text()).not.toContain("Amara");
    // After the end, no more answers.
    expect(
      (await post(code, `live_player_${code}=${amara.token}`, { answers: [{ i: 1, value: "1", t: 6_000 }] })).status,
    ).toBe(409);

    const runs = db.$client.prepare("SELECT mode, score FROM game_runs WHERE student_id = ?").all(klass.amara);
    expect(runs).toEqual([{ mode: "student", score: 1 }]);
    const performance = db.$client
      .prepare("SELECT score FROM student_performance WHERE student_id = ?")
      .all(klass.amara);
    expect(performance).toEqual([{ score: 1 }]);
    expect(amara.runId).not.toBeNull();
    screen.close();
    mine.close();
  });

  it("answers wrong methods and unknown games plainly", async () => {
    expect((await fetch(`${base}/live/00000000000/answer`)).status).toBe(405);
    expect((await fetch(`${base}/live/00000000000/events`, { method: "POST" })).status).toBe(405);
    const gone = await fetch(`${base}/live/00000000000/events`);
    expect(gone.status).toBe(200);
    expect(await gone.text()).toContain("event: closed");
  });

  it("a shutdown ends every game and tells every device, writing nothing for a round in play", async () => {
    const klass = makeClass();
    const { code, hostToken } = open(klass);
    const bilal = joined(code, { name: "Bilal", kind: "pupil", studentId: klass.bilal });
    const screen = await follow(`/live/${code}/events?as=host`, `live_host_${code}=${hostToken}`);
    const pupil = await follow(`/live/${code}/events`, `live_player_${code}=${bilal.token}`);
    await until(() => pupil.text().includes("event: state"));
    hostAction(code, { kind: "start" });
    const count = lifecycle.beginShutdown();
    expect(count).toBeGreaterThanOrEqual(2);
    await Promise.all([screen.ended, pupil.ended]);
    expect(pupil.text()).toContain('"reason":"restart"');
    expect(screen.text()).toContain('"reason":"restart"');
    expect(findLiveGame(code)).toBeUndefined();
    expect(liveStats()).toEqual({ games: 0, streams: 0 });
    expect(db.$client.prepare("SELECT count(*) AS n FROM game_runs WHERE student_id = ?").get(klass.bilal)).toEqual({
      n: 0,
    });
  });
});
