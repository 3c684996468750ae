import { expect, test } from "@playwright/test";
import http from "node:http";
import net from "node:net";
import { BASE_URL } from "../../playwright.config";

// Plain HTTP behaviour does not depend on the browser's JavaScript setting: run it once, in js-on
// (see the projects in playwright.config.ts).

const ALIASES: Record<string, string[]> = {
  "/game": [
    "mental-maths-practice",
    "mental-maths-games",
    "fast-maths-practice",
    "timed-maths-games",
    "multiplication-practice",
    "addition-practice",
    "subtraction-practice",
    "division-practice",
    "times-tables-practice",
    "ks2-maths-games",
    "ks2-mental-maths",
    "year-6-maths-practice",
  ],
  "/daily-challenge": ["daily-maths-challenge", "maths-challenge-today", "competitive-maths"],
  "/two-player": ["multiplayer-maths-games", "2-player-maths", "family-maths-games", "maths-competition"],
  "/leaderboard": ["maths-leaderboard", "top-scores", "maths-high-scores"],
  "/school": [
    "school-maths-games",
    "classroom-maths",
    "teacher-maths-tools",
    "educational-maths-games",
    "primary-school-maths",
  ],
};

test("every alias path redirects permanently to its page", async ({ request }) => {
  for (const [target, names] of Object.entries(ALIASES)) {
    for (const name of names) {
      const response = await request.get(`/${name}`, { maxRedirects: 0 });
      expect(response.status(), name).toBe(301);
      expect(response.headers()["location"], name).toBe(target);
    }
  }
});

test("an alias keeps its query string", async ({ request }) => {
  const response = await request.get("/top-scores?tab=all-time", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/leaderboard?tab=all-time");
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/about", "/no-such-page", "/healthcheck", "/robots.txt"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("inline scripts carry this response's nonce and no third-party script is loaded", async ({ request }) => {
  const response = await request.get("/");
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  const html = await response.text();
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) {
    if (/src="/.test(attrs)) expect(attrs).toMatch(/src="\//);
    else expect(attrs).toContain(`nonce="${nonce}"`);
  }
});

test("the social card image the meta tags promise exists", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image).toMatch(/\/social-card\.png$/);
  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("the health check answers 200 when the database does", async ({ request }) => {
  const response = await request.get("/healthcheck");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});

test("robots.txt and sitemap.xml", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/about", "/privacy", "/terms", "/school", "/game/bonds", "/game/doubles"]) {
    expect(xml).toContain(`<loc>${BASE_URL}${path}</loc>`);
  }
});

test("odd methods on pages are refused cleanly, never with a 500", async ({ request }) => {
  for (const path of ["/", "/about", "/privacy", "/terms", "/school"]) {
    const post = await request.post(path, { form: { a: "1" } });
    expect(post.status(), `POST ${path}`).toBe(405);
    const put = await request.put(path, { data: "x" });
    expect(put.status(), `PUT ${path}`).toBe(405);
    const del = await request.delete(path);
    expect(del.status(), `DELETE ${path}`).toBe(405);
  }
  const postMissing = await request.post("/no-such-page", { form: { a: "1" } });
  expect(postMissing.status()).toBe(404);
});

test("an oversized form is refused with 413, never read whole", async ({ request }) => {
  const response = await request.post("/two-player", { form: { playerCount: "2", name1: "x".repeat(100_000) } });
  expect(response.status()).toBe(413);
});

test("malformed and oversized query strings are answered cleanly", async ({ request }) => {
  const malformed = await request.get("/about?%E0%A4%A=%%&a[b][c][d][e][f][g]=1&=&&");
  expect(malformed.status()).toBe(200);
  const many = await request.get(`/about?${Array.from({ length: 2000 }, (_, i) => `k${i}=v`).join("&")}`);
  expect(many.status()).toBe(200);
  const huge = await request.get(`/about?q=${"x".repeat(20_000)}`);
  expect([200, 414, 431]).toContain(huge.status());
  const badPath = await request.get("/%E0%A4%A");
  expect([400, 404]).toContain(badPath.status());
});

/** Sends bytes as they are (no client tidies them up) and returns the response's status line. */
function rawStatusLine(requestText: string): Promise<string> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () =>
      socket.write(requestText),
    );
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("close", () => resolve(received.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
}

test("methods the site does not use are answered in front of the app: 405, OPTIONS 204, nothing issued", async ({
  request,
}) => {
  for (const method of ["TRACE", "PATCH", "PUT", "DELETE"]) {
    for (const path of ["/", "/game/play", "/game/start", "/leaderboard/events"]) {
      const response = await request.fetch(path, { method });
      expect(response.status(), `${method} ${path}`).toBe(405);
      expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
    }
  }
  // OPTIONS neither starts a game (no token, no cookie) nor opens a stream.
  for (const path of ["/game/start", "/leaderboard/events"]) {
    const response = await request.fetch(path, { method: "OPTIONS" });
    expect(response.status(), `OPTIONS ${path}`).toBe(204);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toBe("");
  }
});

test("a request target that is not a path, or a Host that is not a host, gets 400", async () => {
  const { host } = new URL(BASE_URL);
  expect(await rawStatusLine(`GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toBe(
    "HTTP/1.1 400 Bad Request",
  );
  expect(await rawStatusLine("GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
  expect(await rawStatusLine(`GET /about HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).toBe(
    "HTTP/1.1 200 OK",
  );
});

test("a POST from another site is refused before it reaches a form or the game, and writes nothing", async ({
  request,
}) => {
  const start = await request.get("/game/start?difficulty=normal&timeLimit=30");
  const { run } = (await start.json()) as { run: { token: string } };
  const crossSite: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "cross-site" },
    { Origin: "not a url" },
  ];
  for (const headers of crossSite) {
    const finish = await request.post("/game/finish", { data: { token: run.token, answers: [] }, headers });
    expect(finish.status(), JSON.stringify(headers)).toBe(403);
    const setup = await request.post("/two-player", { form: { playerCount: "2" }, headers });
    expect(setup.status(), JSON.stringify(headers)).toBe(403);
  }
  // The same requests from the site's own pages go through (the run was not finished by the refused ones).
  const own = { Origin: new URL(BASE_URL).origin, "Sec-Fetch-Site": "same-origin" };
  expect((await request.post("/two-player", { form: { playerCount: "9" }, headers: own })).status()).toBe(400);
  // One answer: a finish with none is no game (400).
  const answers = [{ i: 0, value: "1", t: 100 }];
  const finish = await request.post("/game/finish", { data: { token: run.token, answers }, headers: own });
  expect(finish.status()).toBe(200);
});

test("the finish takes exactly JSON, and answers that are numbers", async ({ request }) => {
  const start = await request.get("/game/start?difficulty=normal&timeLimit=30");
  const { run } = (await start.json()) as { run: { token: string } };
  const body = JSON.stringify({ token: run.token, answers: [{ i: 0, value: "1", t: 100 }] });
  const disguised = await request.post("/game/finish", {
    data: body,
    headers: { "Content-Type": "text/plain;charset=application/json" },
  });
  expect(disguised.status()).toBe(415);
  const markup = await request.post("/game/finish", {
    data: { token: run.token, answers: [{ i: 0, value: "<img src=x>", t: 900 }] },
  });
  expect(markup.status()).toBe(400);
  expect(await markup.json()).toMatchObject({ message: "Answer 1 is not a number." });
  const charset = await request.post("/game/finish", {
    data: body,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
  expect(charset.status()).toBe(200);
});

/** A chunked POST of `bytes` (no declared length); resolves with the status the server answered, or the error. */
function chunkedPost(path: string, bytes: number): Promise<string> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve) => {
    const request = http.request(
      { host: hostname, port, path, method: "POST", headers: { "Content-Type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(String(response.statusCode)));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

test("a 10 MB chunked body gets a clean 413, not a reset connection", async () => {
  expect(await chunkedPost("/game/finish", 10_000_000)).toBe("413");
});
