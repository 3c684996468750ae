import { describe, expect, it } from "vitest";
import { SCHOOL_LOGIN_LIMIT_MESSAGES as L } from "~/utils/school-login-messages";
import { serverForFile } from "./server-for-file";

/*
 * An IPv6 address counts by its /64 in every per-address rule (docs/product.md#one-address-five-places): the server
 * reads the client's address once, as its group (server/lanes.ts clientAddress), and every rule counts what it reads.
 * Here, on the real server behind Fly's edge (Fly-Client-IP), the sign-in, pupil-login and game-start limits: the
 * addresses of one /64 share one count, and the next /64 has its own. The boards: address-floods.test.ts.
 */

/** Ports for the server this file starts (the others' are in the files that use serverForFile). */
const PORTS: [number, number] = [3590, 3599];

// FLY_APP_NAME: the server trusts Fly-Client-IP, which Fly's edge sets (and overwrites) on every request.
const real = serverForFile({ name: "groups", ports: PORTS, env: () => ({ FLY_APP_NAME: "address-groups-test" }) });

/** A /64 of the documentation range, and its n-th address (each a different device behind one home router). */
const inBlock = (block: number, n: number) => `2001:db8:${block}:64:${n.toString(16)}::${n + 1}`;

function post(urlPath: string, fields: Record<string, string>, from: string) {
  return fetch(`${real.server.baseUrl}${urlPath}`, {
    method: "POST",
    headers: {
      Origin: real.server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      "Fly-Client-IP": from,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The statuses of `count` sends, each from the next address of `block`, from the `first`-th on. */
async function statusesFrom(block: number, first: number, count: number, send: (from: string) => Promise<Response>) {
  const statuses: number[] = [];
  for (let n = first; n < first + count; n++) {
    const response = await send(inBlock(block, n));
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

describe("the addresses of one IPv6 /64 share every per-address count", () => {
  it("wrong passwords for one account: five from five addresses of a /64, then the /64 waits, and the next does not", async () => {
    const wrong = (from: string) =>
      post("/auth", { with: "email", email: "someone@groups.example", password: "not the right one" }, from);
    expect(await statusesFrom(1, 0, 6, wrong)).toEqual([401, 401, 401, 401, 401, 429]);
    const waiting = await wrong(inBlock(1, 99));
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("Retry-After"))).toBeGreaterThan(0);
    await waiting.arrayBuffer();
    expect(await statusesFrom(2, 0, 1, wrong)).toEqual([401]);
  });

  it("wrong login codes on /student-login: a new place's 2, shared by its /64", async () => {
    const wrong = (from: string) => post("/student-login", { code: "00000000" }, from);
    expect(await statusesFrom(3, 0, 2, wrong)).toEqual([401, 401]);
    const third = await wrong(inBlock(3, 7));
    expect(third.status).toBe(429);
    // The page says so; its apostrophes are escaped in the HTML, so the sentence before them is matched.
    expect(await third.text()).toContain(L.studentWaitHere.split(".")[0]);
    expect(await statusesFrom(4, 0, 1, wrong)).toEqual([401]);
  });

  it("game starts: 600 a minute from a /64's addresses, then 429, and another /64 starts at once", async () => {
    const start = (from: string) =>
      fetch(`${real.server.baseUrl}/game/start?difficulty=normal&timeLimit=60`, { headers: { "Fly-Client-IP": from } });
    // Each start a new visitor (no cookie): the player's own 20 a minute never applies, only the address's 600.
    const statuses = await statusesFrom(5, 0, 601, start);
    expect(statuses.slice(0, 600).every((status) => status === 200)).toBe(true);
    expect(statuses[600]).toBe(429);
    expect(await statusesFrom(6, 0, 1, start)).toEqual([200]);
  });
});
