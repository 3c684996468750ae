import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/*
 * The route-matching patch (patches/README.md, docs/speed-shortcuts.md) keeps each path's matches for the next
 * request: its rule is that a caller's matches are its own, so one request's params never reach another's. The
 * server loads the CommonJS build that the patch changes (its bundle holds that file), so this test does too.
 */
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [{ id: "root", path: "/", children: [{ id: "run", path: "game/results/:runId" }] }];

describe("the route-matching patch", () => {
  it("is applied to the file the server loads", () => {
    expect(readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("knownMatchesOf(branches)");
  });

  it("gives each caller its own matches and params for the same path", () => {
    const first = router.matchRoutes(routes, "/game/results/a1")!;
    (first[1]!.params as Record<string, string>).runId = "changed by the first request";
    (first[1] as { extra?: string }).extra = "x";
    const second = router.matchRoutes(routes, "/game/results/a1")!;
    expect(second[1]!.params.runId).toBe("a1");
    expect(second[1]).not.toHaveProperty("extra");
    expect(second[0]!.params).toBe(second[1]!.params);
  });

  it("matches another path anew", () => {
    expect(router.matchRoutes(routes, "/game/results/b2")![1]!.params.runId).toBe("b2");
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
  });
});
