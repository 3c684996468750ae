import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepRetryAfter, tooManyRequests, tooManyRequestsHead } from "~/utils/http.server";

/*
 * Every 429 carries Retry-After (docs/decisions/0013-one-rate-limiter.md). The helpers make them (lint allows no
 * other 429: tests/unit/site/lint-boundaries.test.ts); a page route's headers must pass the header on, since Remix
 * keeps only the cookies of a loader's or action's headers on a page or a `.data` answer.
 */

const ROUTES = path.resolve("app/routes");
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

describe("Retry-After", () => {
  it("comes with every 429 the helpers make, other headers and cookies kept", () => {
    expect(tooManyRequestsHead({ retryAfterSeconds: 42 }, { "Cache-Control": "no-store" })).toEqual({
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": "42" },
    });
    const cookies = new Headers();
    cookies.append("Set-Cookie", "a=1");
    cookies.append("Set-Cookie", "b=2");
    const init = tooManyRequests({ retryAfterSeconds: 0.2 }, cookies);
    expect(init.status).toBe(429);
    expect(init.headers.get("Retry-After")).toBe("1");
    expect(init.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("reaches the page: a route's headers pass on its loader's or action's Retry-After", () => {
    const headers = keepRetryAfter({ "Cache-Control": "no-store" });
    const none = new Headers();
    const args = { parentHeaders: none, loaderHeaders: none, actionHeaders: none, errorHeaders: undefined };
    const answered = (init: Partial<typeof args>) => new Headers(headers({ ...args, ...init }));
    expect(answered({ actionHeaders: new Headers({ "Retry-After": "30" }) }).get("Retry-After")).toBe("30");
    expect(answered({ loaderHeaders: new Headers({ "Retry-After": "60" }) }).get("Retry-After")).toBe("60");
    expect(answered({}).get("Retry-After")).toBeNull();
    expect(answered({}).get("Cache-Control")).toBe("no-store");
  });

  it("every page route that can answer 429 exports headers that keep it", () => {
    const sources = new Map(filesUnder(ROUTES).map((file) => [file, fs.readFileSync(file, "utf8")]));
    const refusing = [...sources].filter(([, source]) => /tooManyRequests\(/.test(source)).map(([file]) => file);
    // A route's private helper (x.server.ts) answers for the routes beside it that import it.
    const routes = new Set(
      refusing.flatMap((file) => {
        if (!/\.server\.tsx?$/.test(file)) return [file];
        const name = `./${path.basename(file).replace(/\.tsx?$/, "")}`;
        return [...sources]
          .filter(([other, source]) => path.dirname(other) === path.dirname(file) && source.includes(`"${name}"`))
          .map(([other]) => other);
      }),
    );
    const pages = [...routes].filter((file) => /^export default /m.test(sources.get(file)!));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const page of pages) {
      // Their own, or the game pages' (app/pages/game-page.server.ts), which is keepRetryAfter's.
      expect(sources.get(page), path.relative(ROUTES, page)).toMatch(
        /^export const headers = (keepRetryAfter\(|gamePageHeaders;)/m,
      );
    }
  });
  it("every page of the game-page skeletons (a start, page by page) exports its headers, which keep it", () => {
    const pages = filesUnder(ROUTES).filter((file) =>
      /(gamePage|pagedPage)(Loader|Action)\(/.test(fs.readFileSync(file, "utf8")),
    );
    expect(pages.length).toBeGreaterThanOrEqual(11);
    for (const page of pages) {
      expect(fs.readFileSync(page, "utf8"), path.relative(ROUTES, page)).toMatch(
        /^export const headers = gamePageHeaders;/m,
      );
    }
  });
});
