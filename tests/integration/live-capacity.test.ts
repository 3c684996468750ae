import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { sessionCookie } from "~/auth/session.server";
import { config } from "~/config.server";
import { closeAllLiveGames, findLiveGame, hostAction, joinLiveGame, liveStats, tick } from "~/live-hub/registry.server";
import { handleLiveRequest } from "~/live-hub/lane.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { LIVE_LIMITS } from "~/live/protocol";
import { addressBlockOf } from "~/limits/live-limits.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import { insertMemberSession } from "~/models/sessions.server";
import { createMember } from "~/models/users.server";
import * as liveHost from "~/routes/live/live-host";
import * as liveJoin from "~/routes/live/live-join";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { cookieSet, formRequest, outcome, refusal } from "./route-call";

/*
 * Nobody can spend the live games on purpose (docs/decisions/0072-live-games-closed-to-strangers.md): a host holds
 * 3 open games, a member needs a confirmed e-mail address, members hold 6 games from one address and 300 in all
 * (so a flood of members never closes a school's game), an idle lobby closes after 15 minutes, and one address
 * holds at most LIVE_GAME_MAX_STREAMS_PER_ADDRESS event streams.
 */

let server: http.Server;
let base: string;
let made = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const address = req.headers["x-test-address"];
    void handleLiveRequest(req, res, typeof address === "string" ? address : "127.0.0.1");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  closeAllLiveGames("ended");
  resetLimits();
});
afterAll(() => server.close());

async function member(how: "confirmed" | "unconfirmed" | "phone"): Promise<string> {
  made += 1;
  const created = createMember({
    email: how === "phone" ? null : `host${made}-${Math.random()}@live.example`,
    phone: how === "phone" ? `+4477009${String(made).padStart(5, "0")}${Math.floor(Math.random() * 10)}` : null,
    passwordHash: null,
    username: `Live Host ${made} ${Math.random()}`.slice(0, 30),
    emailVerified: how === "confirmed",
  });
  if (!created.ok) throw new Error(created.taken);
  const sessionId = `live-${crypto.randomUUID()}`;
  insertMemberSession({ id: sessionId, userId: created.id, userAgent: null, expiresAt: Date.now() + 3_600_000 });
  return (await sessionCookie.serialize(sessionId)).split(";")[0]!;
}

async function teacher(): Promise<{ cookie: string; classId: string }> {
  const schoolId = insertSchool(`Capacity School ${Math.random()}`);
  const teacherId = withFreshLoginCode((loginCode) =>
    insertTeacher({ name: "Mr Host", email: null, schoolId, loginCode }),
  ).value;
  const classId = insertClass({ name: "Year 4", schoolId, teacherId, loginKey: newClassLoginKey() });
  const cookie = cookieSet(
    await schoolSignInAndRedirect(new Request("http://x/"), { teacherId }, { to: "/" }),
    "__school",
  );
  return { cookie, classId };
}

const host = (cookie: string, address = "198.51.100.9", classId?: string) =>
  outcome(async () =>
    liveHost.action({
      request: formRequest("http://x/live/host", {
        cookie,
        // Guests let in, so the stream and idle tests can seat guests in a class's game (decision 0071).
        body: {
          ...(classId ? { classId, guests: "on" } : {}),
          operations: "addition",
          difficulty: "easy",
          duration: "30",
        },
      }),
      params: {},
      context: { clientAddress: address },
    } as never),
  );

const codeOf = (location: string | null | undefined) => /\/live\/(\d{11})\/host/.exec(location ?? "")![1]!;

describe("who may host, and how many", () => {
  it("a member needs a confirmed e-mail address; a phone sign-up cannot host; a teacher always can", async () => {
    for (const how of ["unconfirmed", "phone"] as const) {
      const refused = await host(await member(how));
      expect([how, refused.status]).toEqual([how, 403]);
      expect(refusal(refused).errors[""]).toEqual([M.confirmToHost]);
    }
    expect((await host(await member("confirmed"))).status).toBe(302);
    const { cookie, classId } = await teacher();
    expect((await host(cookie, "198.51.100.9", classId)).status).toBe(302);
    expect(liveStats().games).toBe(2);
  });

  it("a host holds 3 open games; closing one lets them open another", async () => {
    const { cookie, classId } = await teacher();
    const codes: string[] = [];
    for (let k = 0; k < 3; k++) codes.push(codeOf((await host(cookie, "198.51.100.9", classId)).location));
    const fourth = await host(cookie, "198.51.100.9", classId);
    expect(fourth.status).toBe(403);
    expect(refusal(fourth).errors[""]).toEqual([M.tooManyOpen]);
    hostAction(codes[0]!, { kind: "close" });
    expect((await host(cookie, "198.51.100.9", classId)).status).toBe(302);
  });

  it("members hold 6 games from one address (an IPv6 /64 counted as one), and open 20 an hour from one", async () => {
    const block = "2001:db8:1:2:";
    for (let k = 0; k < 6; k++) expect((await host(await member("confirmed"), `${block}:${k + 1}`)).status).toBe(302);
    const seventh = await host(await member("confirmed"), `${block}ffff:1:2:3`);
    expect(seventh.status).toBe(403);
    expect(refusal(seventh).errors[""]).toEqual([M.tooManyFromHere]);
    // Another /64 is another address.
    expect((await host(await member("confirmed"), "2001:db8:1:3::1")).status).toBe(302);
    closeAllLiveGames("ended");
    // Opened and closed again and again: the hour's openings run out, with Retry-After.
    const flooder = await member("confirmed");
    let last = await host(flooder, "203.0.113.50");
    for (let k = 1; k < 25 && last.status === 302; k++) {
      hostAction(codeOf(last.location), { kind: "close" });
      last = await host(flooder, "203.0.113.50");
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers?.get("Retry-After"))).toBeGreaterThan(0);
    // Everyone else still hosts.
    expect((await host(await member("confirmed"), "203.0.113.51")).status).toBe(302);
  });

  it("members fill at most 300 of the 500 games: a teacher still opens one", async () => {
    let opened = 0;
    for (let address = 0; opened < 300; address++) {
      for (let k = 0; k < 2 && opened < 300; k++) {
        const cookie = await member("confirmed");
        for (let g = 0; g < 3 && opened < 300; g++) {
          expect((await host(cookie, `10.9.${address >> 8}.${address & 255}`)).status).toBe(302);
          opened += 1;
        }
      }
    }
    const refused = await host(await member("confirmed"), "10.10.0.1");
    expect(refused.status).toBe(429);
    expect(refused.headers?.get("Retry-After")).toBe("900");
    expect(refusal(refused).errors[""]).toEqual([M.tooManyGames]);
    const { cookie, classId } = await teacher();
    expect((await host(cookie, "10.9.0.0", classId)).status).toBe(302);
    expect(liveStats().games).toBe(301);
  }, 60_000);
});

describe("idle lobbies and open streams", () => {
  it("a lobby left 15 minutes closes itself; a game being played does not", async () => {
    const { cookie, classId } = await teacher();
    const idle = codeOf((await host(cookie, "198.51.100.9", classId)).location);
    const played = codeOf((await host(cookie, "198.51.100.9", classId)).location);
    expect(joinLiveGame(played, { name: "Brave Otter", kind: "guest", studentId: null }).ok).toBe(true);
    expect(hostAction(played, { kind: "start" })).toBe(true);
    const opened = findLiveGame(idle)!.lastActive;
    tick(opened + LIVE_LIMITS.lobbyIdleMs - 1_000);
    expect(findLiveGame(idle)).toBeDefined();
    tick(opened + LIVE_LIMITS.lobbyIdleMs + 1_000);
    expect(findLiveGame(idle)).toBeUndefined();
    expect(findLiveGame(played)).toBeDefined();
  });

  it("one address holds at most the configured number of streams, with Retry-After past it", async () => {
    const cap = config.liveGame.maxStreamsPerAddress;
    (config.liveGame as { maxStreamsPerAddress: number }).maxStreamsPerAddress = 4;
    try {
      const { cookie, classId } = await teacher();
      const code = codeOf((await host(cookie, "198.51.100.9", classId)).location);
      const players: string[] = [];
      for (let k = 0; k < 3; k++) {
        const joined = await outcome(async () =>
          liveJoin.action({
            request: formRequest("http://x/live", {
              body: { intent: "guest", code, adjective: "Brave", animal: "Otter" },
            }),
            params: {},
            context: { clientAddress: "198.51.100.9" },
          } as never),
        );
        players.push(cookieSet(joined.response, `live_player_${code}`));
      }
      const open: http.IncomingMessage[] = [];
      const stream = (player: string, address: string) =>
        new Promise<http.IncomingMessage>((resolve, reject) =>
          http
            .get(
              `${base}/live/${code}/events`,
              { agent: false, headers: { Cookie: player, "x-test-address": address } },
              resolve,
            )
            .on("error", reject),
        );
      // Two streams each for two players from one /64; the fifth is refused, another /64 is not.
      for (const player of players.slice(0, 2)) {
        for (let k = 0; k < 2; k++) open.push(await stream(player, `2001:db8:5:5::${open.length + 1}`));
      }
      expect(open.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const fifth = await stream(players[2]!, "2001:db8:5:5:ffff::1");
      expect(fifth.statusCode).toBe(429);
      expect(Number(fifth.headers["retry-after"])).toBeGreaterThan(0);
      fifth.resume();
      const elsewhere = await stream(players[2]!, "2001:db8:5:6::1");
      expect(elsewhere.statusCode).toBe(200);
      open.push(elsewhere);
      // A closed stream gives its place back.
      open[0]!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await stream(players[2]!, "2001:db8:5:5::9");
      expect(again.statusCode).toBe(200);
      open.push(again);
      for (const response of open) response.destroy();
    } finally {
      (config.liveGame as { maxStreamsPerAddress: number }).maxStreamsPerAddress = cap;
    }
  });

  it("one browser holds a game open in at most 3 tabs, the big screen in 6, with Retry-After past it", async () => {
    const { cookie, classId } = await teacher();
    const hosted = await host(cookie, "198.51.100.9", classId);
    const code = codeOf(hosted.location);
    const hostCookie = cookieSet(hosted.response, `live_host_${code}`);
    const joined = await outcome(async () =>
      liveJoin.action({
        request: formRequest("http://x/live", { body: { intent: "guest", code, adjective: "Brave", animal: "Otter" } }),
        params: {},
        context: { clientAddress: "198.51.100.9" },
      } as never),
    );
    const player = cookieSet(joined.response, `live_player_${code}`);
    const stream = (who: string, asHost: boolean) =>
      new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            `${base}/live/${code}/events${asHost ? "?as=host" : ""}`,
            { agent: false, headers: { Cookie: who } },
            resolve,
          )
          .on("error", reject),
      );
    const open: http.IncomingMessage[] = [];
    for (const [who, asHost, tabs] of [
      [player, false, LIVE_LIMITS.streamsPerToken],
      [hostCookie, true, LIVE_LIMITS.streamsPerToken * 2],
    ] as const) {
      for (let k = 0; k < tabs; k++) open.push(await stream(who, asHost));
      const refused = await stream(who, asHost);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("5");
      let text = "";
      for await (const chunk of refused) text += String(chunk);
      expect(text).toContain("This game is open in too many tabs. Close one, then reload.");
    }
    expect(open.map((response) => response.statusCode)).toEqual(open.map(() => 200));
    for (const response of open) response.destroy();
  });

  it("counts an IPv6 address by its /64 and an IPv4 one whole", () => {
    expect(addressBlockOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressBlockOf("2001:0db8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(addressBlockOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBlockOf("::ffff:203.0.113.4")).toBe("203.0.113.4");
    expect(addressBlockOf("203.0.113.4")).toBe("203.0.113.4");
    expect(addressBlockOf(null)).toBeNull();
  });
});
