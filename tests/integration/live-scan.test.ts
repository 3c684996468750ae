import http from "node:http";
import { rngFromString } from "~/game/prng";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllLiveGames, openLiveGame } from "~/live-hub/registry.server";
import { handleLiveRequest } from "~/live-hub/lane.server";
import { joinCodeFrom } from "~/live/join-code";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher } from "~/models/schools.server";
import * as liveJoin from "~/routes/live/live-join";
import * as livePlayer from "~/routes/live/live-player";
import * as liveReport from "~/routes/live/live-report";
import * as liveScreen from "~/routes/live/live-screen";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import { formRequest, outcome, type Outcome } from "./route-call";

/*
 * Live games cannot be found by scanning (docs/decisions/0072-live-games-closed-to-strangers.md): 10,000 codes tried
 * from one address and from 100 addresses, on every live route and lane, without and with a forged secret. The real
 * games' codes are among them, each where an address has spent its allowance of join codes (a code tried earlier is
 * the chance the docs count). A code counts as found when any answer differs from the answer for a code no game has,
 * or a join succeeds. Seeded: the same codes every run.
 */

const GAMES = 20;
const SCANNED = 10_000;
let server: http.Server;
let base: string;
let agent: http.Agent;
const real: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const address = req.headers["x-test-address"];
    void handleLiveRequest(req, res, typeof address === "string" ? address : "127.0.0.1");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const schoolId = insertSchool(`Scan School ${Math.random()}`);
  for (let k = 0; k < GAMES; k++) {
    const teacher = withFreshLoginCode((loginCode) =>
      insertTeacher({ name: `T ${k}`, email: null, schoolId, loginCode }),
    ).value;
    const classId = insertClass({ name: `Class ${k}`, schoolId, teacherId: teacher, loginKey: newClassLoginKey() });
    const opened = openLiveGame({
      host: { kind: "teacher", teacherId: teacher, classId },
      spec: { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] },
      durationSeconds: 30,
    });
    if (!opened.ok) throw new Error(opened.message);
    real.push(opened.code);
  }
});
afterAll(() => {
  closeAllLiveGames("ended");
  agent.destroy();
  server.close();
});

/** A seeded source of numbers in [0, 1): the engine's one generator (app/game/prng.ts). */
const seeded = (seed: number) => {
  const rng = rngFromString(`seeded:${seed}`);
  return () => rng.next();
};

/** A well-formed code of the real codes' form (its check digit right), seeded. */
function codeFrom(random: () => number): string {
  const length = real[0]!.length;
  let digits = "";
  for (let k = 0; k < length - 1; k++) digits += Math.floor(random() * 10);
  return length === 11 ? joinCodeFrom(digits) : digits + Math.floor(random() * 10);
}

/** The 10,000 codes, each address's share in order; the real ones placed past each address's first 20 tries. */
function scanList(addresses: number, seed: number): { code: string; address: string }[] {
  const random = seeded(seed);
  const perAddress = SCANNED / addresses;
  const list = Array.from({ length: SCANNED }, (_, k) => ({
    code: codeFrom(random),
    address: `203.0.${Math.floor(k / perAddress) >> 8}.${Math.floor(k / perAddress) & 255}`,
  }));
  real.forEach((code, k) => {
    const slot = Math.floor(random() * (perAddress - 40)) + 20;
    // Past the first 20 of its address, and of the tenth of the list it is tried in (the scan runs 10 at once).
    const at = ((k * perAddress) % SCANNED) + slot;
    list[at % (SCANNED / 10) < 20 ? at + 20 : at]!.code = code;
  });
  return list;
}

/** A forged secret of the right form, new for each code (one shared would meet the per-secret answer limit). */
const forge = seeded(7);
const forged = () => Array.from({ length: 32 }, () => Math.floor(forge() * 16).toString(16)).join("");

function lane(method: string, path: string, address: string, cookie = "") {
  return new Promise<string>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: { "x-test-address": address, ...(cookie ? { Cookie: cookie } : {}) } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          const headers = Object.entries(res.headers)
            .filter(([name]) => name !== "date" && name !== "content-length" && name !== "connection")
            .sort();
          resolve(`${res.statusCode} ${JSON.stringify(headers)} ${body}`);
        });
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? JSON.stringify({ answers: [{ i: 0, value: "1", t: 500 }] }) : undefined);
  });
}

function page(o: Outcome): string {
  const headers = o.headers ? [...o.headers.entries()].filter(([name]) => name !== "set-cookie").sort() : [];
  return `${o.status} ${o.location ?? ""} ${JSON.stringify(headers)} ${JSON.stringify(o.data ?? null)}`;
}

const call = (
  route: { loader?: unknown; action?: unknown },
  which: "loader" | "action",
  request: Request,
  code: string,
  address: string,
) =>
  outcome(async () =>
    (route[which] as (args: unknown) => unknown)({ request, params: { code }, context: { clientAddress: address } }),
  );

/**
 * Every answer a stranger gets for a code, as text with the code and the clock taken out; and the join form's
 * answer. The event stream and the join form for every code; every route for the real codes (and the reference),
 * since only a code a game has can be told apart.
 */
async function probe(code: string, address: string, every: boolean): Promise<{ answers: string; join: Outcome }> {
  const player = `live_player_${code}=${forged()}`;
  const host = `live_host_${code}=${forged()}`;
  const answers = [await lane("GET", `/live/${code}/events`, address, player)];
  if (every) {
    answers.push(
      await lane("GET", `/live/${code}/events`, address),
      await lane("HEAD", `/live/${code}/events`, address, player),
      await lane("GET", `/live/${code}/events?as=host`, address, host),
      await lane("POST", `/live/${code}/answer`, address, player),
      page(await call(livePlayer, "loader", formRequest(`http://x/live/${code}`), code, address)),
      page(await call(livePlayer, "loader", formRequest(`http://x/live/${code}`, { cookie: player }), code, address)),
      page(
        await call(
          livePlayer,
          "action",
          formRequest(`http://x/live/${code}`, { cookie: player, body: { i: "0", value: "1" } }),
          code,
          address,
        ),
      ),
      page(await call(liveScreen, "loader", formRequest(`http://x/live/${code}/host`), code, address)),
      page(
        await call(liveScreen, "loader", formRequest(`http://x/live/${code}/host`, { cookie: host }), code, address),
      ),
      page(
        await call(
          liveScreen,
          "action",
          formRequest(`http://x/live/${code}/host`, { cookie: host, body: { intent: "start" } }),
          code,
          address,
        ),
      ),
      page(
        await call(liveReport, "loader", formRequest(`http://x/live/${code}/report`, { cookie: host }), code, address),
      ),
      page(await call(liveJoin, "loader", formRequest(`http://x/live?code=${code}`), code, address)),
    );
  }
  const join = await call(
    liveJoin,
    "action",
    formRequest("http://x/live", { body: { intent: "guest", code, adjective: "Brave", animal: "Otter" } }),
    code,
    address,
  );
  const clean = (text: string) => text.replaceAll(code, "CODE").replace(/"now":\d+/g, '"now":0');
  return { answers: answers.map(clean).join("\n"), join };
}

async function scan(addresses: number, seed: number) {
  resetLimits();
  const list = scanList(addresses, seed);
  expect(list.filter(({ code }) => real.includes(code))).toHaveLength(GAMES);
  // What a code no game has gets: the references every answer is compared with.
  const missing = codeFrom(seeded(seed + 1));
  expect(real).not.toContain(missing);
  const light = (await probe(missing, "198.51.100.1", false)).answers;
  const every = (await probe(missing, "198.51.100.2", true)).answers;
  const found: string[] = [];
  const joinAnswers = new Set<string>();
  // Each address's codes in order (its allowance is spent in order), 10 addresses' worth at a time (one address:
  // 10 slices of its list, each slice in order).
  const results = new Array<{ code: string; answers: string; join: Outcome; full: boolean }>(list.length);
  const lanes = 10;
  const slice = list.length / lanes;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let k = lane * slice; k < (lane + 1) * slice; k++) {
        const { code, address } = list[k]!;
        const full = real.includes(code);
        results[k] = { code, full, ...(await probe(code, address, full)) };
      }
    }),
  );
  for (const { code, answers, join, full } of results) {
    if (join.status === 302 || answers !== (full ? every : light)) found.push(code);
    // The join form's answer: "no game open to you" until the address has spent its allowance, then a wait; the
    // same two for every code.
    joinAnswers.add(
      page(join)
        .replaceAll(code, "CODE")
        .replace(/\["retry-after","\d+"\]/, "[retry-after]"),
    );
    expect(join.status === 429 ? join.headers?.get("Retry-After") : "none").toMatch(/^(none|\d+)$/);
  }
  expect(joinAnswers.size).toBeLessThanOrEqual(2);
  return found;
}

describe("scanning for live games", () => {
  it("finds nothing from one address, though every real code is tried", async () => {
    expect(await scan(1, 41)).toEqual([]);
  }, 120_000);

  it("finds nothing from 100 addresses, though every real code is tried", async () => {
    expect(await scan(100, 42)).toEqual([]);
  }, 120_000);
});
