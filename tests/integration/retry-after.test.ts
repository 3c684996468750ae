import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { issueFormStamp } from "~/limits/bot-check.server";
import { serverForFile } from "./server-for-file";

/*
 * Every 429 carries Retry-After (docs/product.md#rate-limits), as the real server sends it: Remix keeps only the
 * cookies of a loader's or action's headers unless the route's own headers pass them on, so a test of the action
 * alone would not see a page lose it. Forms posted without JavaScript (a page), and with it (`.data`, JSON).
 */

/** Ports for the server this file starts (the others' are in server-headers.test.ts and request-guard.test.ts). */
const PORTS: [number, number] = [3550, 3559];

const real = serverForFile({
  name: "retry",
  ports: PORTS,
  // The same secret as this process, so that a contact stamp signed here is the server's own.
  env: (dir) => ({ SESSION_SECRET: config.sessionSecret, OUTBOX_DIR: path.join(dir, "outbox") }),
});

const same = () => ({ Origin: real.server.baseUrl, "Sec-Fetch-Site": "same-origin" });

function postForm(urlPath: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${real.server.baseUrl}${urlPath}`, {
    method: "POST",
    headers: { ...same(), "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Sends until a 429 comes (at most `tries`), and returns it. */
async function until429(send: () => Promise<Response>, tries = 300): Promise<Response> {
  for (let i = 0; i < tries; i++) {
    const response = await send();
    if (response.status === 429) return response;
    await response.arrayBuffer();
  }
  throw new Error(`no 429 in ${tries} tries`);
}

function expectRetryAfter(response: Response, what: string) {
  expect(response.status, what).toBe(429);
  expect(Number(response.headers.get("Retry-After")), what).toBeGreaterThanOrEqual(1);
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .join("; ");

describe("a limited request answers 429 with Retry-After", () => {
  it("a sign-in, as a page and as .data", async () => {
    const fields = { with: "email", email: "someone@school.example", password: "not the right one" };
    const page = await until429(() => postForm("/auth", fields));
    expectRetryAfter(page, "page");
    expect(await page.text()).toContain("<form");
    expectRetryAfter(await postForm("/auth.data", fields), ".data");
  });

  it("a contact message, as a page and as .data", async () => {
    const message = () => ({
      name: "Ann Teacher",
      email: "ann@school.example",
      subject: "Our class",
      message: `Hello ${Math.random()}`,
      website: "",
      formStamp: issueFormStamp("127.0.0.1", Date.now() - 10_000),
    });
    const page = await until429(() => postForm("/contact", message()), 10);
    expectRetryAfter(page, "page");
    expectRetryAfter(await postForm("/contact.data", message()), ".data");
  });

  it("a game started without JavaScript, and the JSON start and finish of the page's island", async () => {
    const first = await fetch(`${real.server.baseUrl}/game/play?difficulty=normal&timeLimit=60`, {
      redirect: "manual",
    });
    const cookie = cookieOf(first);
    expect(cookie).not.toBe("");
    const start = (urlPath: string) =>
      fetch(`${real.server.baseUrl}${urlPath}`, { headers: { Cookie: cookie }, redirect: "manual" });
    const page = await until429(() => start("/game/play?difficulty=normal&timeLimit=60"));
    expectRetryAfter(page, "page");
    expect(await page.text()).toContain("Please wait a minute");
    expectRetryAfter(await start("/game/play.data?difficulty=normal&timeLimit=60"), ".data");
    expectRetryAfter(await start("/game/start?difficulty=normal&timeLimit=60"), "JSON start");
  });

  it("a game's finish, answered by the finish lane", async () => {
    const first = await fetch(`${real.server.baseUrl}/game/start?difficulty=normal&timeLimit=60`);
    const cookie = cookieOf(first);
    const tokens: string[] = [((await first.json()) as { run: { token: string } }).run.token];
    for (let i = 0; i < 15; i++) {
      const started = await fetch(`${real.server.baseUrl}/game/start?difficulty=normal&timeLimit=60`, {
        headers: { Cookie: cookie },
      });
      if (started.status !== 200) break;
      tokens.push(((await started.json()) as { run: { token: string } }).run.token);
    }
    let at = 0;
    const finish = await until429(
      () =>
        fetch(`${real.server.baseUrl}/game/finish`, {
          method: "POST",
          headers: { ...same(), Cookie: cookie, "Content-Type": "application/json" },
          body: JSON.stringify({ token: tokens[at++ % tokens.length], answers: [] }),
        }),
      tokens.length,
    );
    expectRetryAfter(finish, "finish");
    expect(finish.headers.get("Content-Type")).toMatch(/^application\/json/);
  });
});
