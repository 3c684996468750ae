import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The folder boundaries in eslint.config.js (docs/decisions/0011-lint-folder-boundaries-and-prettier.md), proved
 * on small snippets linted as if they stood at a given path (the path decides which rules apply; no file is
 * written). A boundary that stops failing here has been weakened. The config is not type-aware, so this is fast.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL("../../..", import.meta.url)) });
const BOUNDARY_RULES = [
  "no-restricted-imports",
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-properties",
  "no-restricted-syntax",
  "settings/env-in-one-place",
];

/** The boundary errors (only errors: a warning would not fail the build) for `code` linted as `filePath`. */
async function restrictions(filePath: string, code: string): Promise<string[]> {
  // A virtual path that the config ignores would lint nothing and prove nothing.
  expect(await eslint.isPathIgnored(filePath)).toBe(false);
  const [result] = await eslint.lintText(code, { filePath });
  const boundary = result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? ""));
  expect(boundary.every((m) => m.severity === 2)).toBe(true);
  return boundary.map((m) => m.message);
}

/** The boundary errors for `import * as m from "<specifier>"` at `filePath`. */
const importing = (filePath: string, specifier: string) =>
  restrictions(filePath, `import * as m from "${specifier}";\nexport const x = m;\n`);

const SERVER_MESSAGE = "never imports server modules";
const ROUTES_MESSAGE = "Only the route config and tests import route modules";

describe("lint boundaries", () => {
  it("components never import server modules, server folders, node modules or zod", async () => {
    const file = "app/components/__fixture__.tsx";
    for (const specifier of [
      "~/utils/flash.server",
      "../utils/clock.server",
      "~/config.server",
      "~/utils/flash.server.ts",
      "~/runs.server/x",
      "node:crypto",
      "fs",
      "fs/promises",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining(SERVER_MESSAGE)]);
    }
    for (const specifier of [
      "~/models/leaderboard",
      "~/db/schema",
      "~/auth/session",
      "~/runs/daily",
      "~/limits/game-limits",
      "../limits/rate-limit",
      "~/email/send",
      "~/jobs/housekeeping",
      "../jobs/housekeeping",
      "~/realtime/feed",
      "~/forms/form-parse",
      "../db/schema",
      "../../models/leaderboard",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([
        expect.stringContaining("Components never import models, db"),
      ]);
    }
    expect(await importing(file, "zod")).toEqual([expect.stringContaining("zod stays out of browser bundles")]);
    expect(await importing(file, "~/routes/game/results")).toEqual([expect.stringContaining(ROUTES_MESSAGE)]);
    // What components may use: the engine, shared types and utils, other components, React and Remix.
    for (const specifier of [
      "~/game",
      "~/types/runs",
      "~/utils/meta",
      "./site-header",
      "../forms/field",
      "react",
      "@remix-run/react",
    ]) {
      expect(await importing("app/components/game/__fixture__.tsx", specifier), specifier).toEqual([]);
    }
  });

  it("browser code takes conform's types only, never its runtime; the server parses with it", async () => {
    const message = "conform's browser runtime stays out of the bundles";
    for (const file of [
      "app/components/forms/__fixture__.tsx",
      "app/routes/site/__fixture__.tsx",
      "app/forms/__fixture__.ts",
    ]) {
      for (const specifier of ["@conform-to/react", "@conform-to/dom"]) {
        expect(await importing(file, specifier), `${file} ${specifier}`).toEqual([expect.stringContaining(message)]);
      }
      const types = 'import type { SubmissionResult } from "@conform-to/react";\nexport type X = SubmissionResult;\n';
      expect(await restrictions(file, types), file).toEqual([]);
    }
    expect(await importing("app/forms/__fixture__.server.ts", "@conform-to/react")).toEqual([]);
  });

  it("the engine imports only itself and never reads the clock or global randomness", async () => {
    const file = "app/game/__fixture__.ts";
    for (const specifier of ["react", "drizzle-orm", "~/utils/meta", "../utils/meta", "~/types/runs", "node:crypto"]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("pure engine")]);
    }
    expect(await importing(file, "./prng")).toEqual([]);
    expect(await importing(file, "~/game/prng")).toEqual([]);
    for (const code of ["Date.now()", "new Date()", "new Date", "Date()", "performance.now()"]) {
      expect(await restrictions(file, `export const a = ${code};\n`), code).toEqual([
        expect.stringContaining("take the time as an argument"),
      ]);
    }
    for (const code of ["Math.random()", "crypto.getRandomValues(new Uint8Array(4))", "crypto.randomUUID()"]) {
      expect(await restrictions(file, `export const a = ${code};\n`), code).toEqual([
        expect.stringContaining("seeded PRNG"),
      ]);
    }
    expect(await restrictions(file, "export const a = new Date(0);\n")).toEqual([]);
    expect(await restrictions(file, "export const a = (ms: number) => new Date(ms).getUTCDate();\n")).toEqual([]);
  });

  it("browser code never uses Math.random; server code and tests may", async () => {
    const code = "export const a = Math.random();\n";
    for (const file of [
      "app/components/__fixture__.tsx",
      "app/utils/__fixture__.ts",
      "app/routes/site/__fixture__.tsx",
    ]) {
      expect(await restrictions(file, code), file).toEqual([expect.stringContaining("seeded PRNG")]);
    }
    for (const file of ["app/utils/__fixture__.server.ts", "app/runs/__fixture__.server.ts", "tests/__fixture__.ts"]) {
      expect(await restrictions(file, code), file).toEqual([]);
    }
  });

  it("models never import routes, components or React", async () => {
    const file = "app/models/__fixture__.server.ts";
    expect(await importing(file, "~/routes/game/results")).toEqual([expect.stringContaining(ROUTES_MESSAGE)]);
    expect(await importing(file, "../routes/game/results")).toEqual([expect.stringContaining(ROUTES_MESSAGE)]);
    for (const specifier of [
      "~/components/leaderboard/board-table",
      "../components/site-header",
      "react",
      "react-dom/server",
      "@remix-run/react",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("Models hold data access")]);
    }
    for (const specifier of ["~/db/client.server", "~/db/schema", "~/utils/clock.server", "~/game", "drizzle-orm"]) {
      expect(await importing(file, specifier), specifier).toEqual([]);
    }
  });

  it("models never import the folders built on them: the dependency goes one way", async () => {
    const file = "app/models/__fixture__.server.ts";
    for (const specifier of [
      "~/auth/player.server",
      "../auth/session.server",
      "~/runs/finish.server",
      "~/limits/rate-limit.server",
      "~/realtime/feed.server",
      "~/jobs/housekeeping.server",
      "~/email/send.server",
      "~/forms/form-parse.server",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("Models sit below auth")]);
    }
    for (const specifier of ["./player.server", "~/models/runs.server", "~/utils/signing.server", "~/authors"]) {
      expect(await importing(file, specifier), specifier).toEqual([]);
    }
  });

  it("server-drawn HTML lives in app/markup, which imports React, components and types only", async () => {
    const markup = "app/markup/__fixture__.server.ts";
    for (const specifier of ["react", "react-dom/server", "~/components/game/wrong-answers", "~/types/runs", "./x"]) {
      expect(await importing(markup, specifier), specifier).toEqual([]);
    }
    for (const specifier of ["~/models/runs.server", "~/school/set-work.server", "~/db/client.server"]) {
      expect(await importing(markup, specifier), specifier).toEqual([expect.stringContaining("app/markup draws")]);
    }
    for (const file of ["app/school/__fixture__.server.ts", "app/runs/__fixture__.server.ts"]) {
      expect(await importing(file, "react-dom/server"), file).toEqual([expect.stringContaining("lives in app/markup")]);
    }
  });

  it("the schema is a leaf: drizzle only", async () => {
    const file = "app/db/schema.ts";
    for (const specifier of ["~/game", "./client.server", "../game/types", "zod"]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("The schema is a leaf")]);
    }
    expect(await importing(file, "drizzle-orm")).toEqual([]);
    expect(await importing(file, "drizzle-orm/sqlite-core")).toEqual([]);
  });

  it("a route imports its own private helpers, never another area's", async () => {
    const file = "app/routes/daily/__fixture__.tsx";
    for (const specifier of [
      "../game/start-params.server",
      "~/routes/game/start-params.server",
      "~/routes/daily/x.server",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([
        expect.stringContaining("A route imports only its own folder's private helpers"),
      ]);
    }
    for (const specifier of [
      "./helpers.server",
      "~/models/leaderboard.server",
      "~/runs/finish.server",
      "~/components/site-header",
      "~/game",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([]);
    }
  });

  it("nothing outside the routes imports a route module, tests aside", async () => {
    const cases: [string, string][] = [
      ["app/runs/__fixture__.server.ts", "~/routes/game/start-params.server"],
      ["app/realtime/__fixture__.server.ts", "../routes/boards/events"],
      ["app/__fixture__.tsx", "./routes/site/home"],
      ["server/__fixture__.ts", "../app/routes/site/home"],
    ];
    for (const [file, specifier] of cases) {
      expect(await importing(file, specifier), `${file} -> ${specifier}`).toEqual([
        expect.stringContaining(ROUTES_MESSAGE),
      ]);
    }
    expect(await importing("tests/unit/__fixture__.test.ts", "~/routes/game/results")).toEqual([]);
  });

  it("browser-side utils and forms, the client entry and shared types stay free of server code", async () => {
    for (const file of ["app/utils/__fixture__.ts", "app/forms/__fixture__.ts", "app/entry.client.tsx"]) {
      for (const specifier of ["./clock.server", "~/db/client.server", "node:crypto", "crypto"]) {
        expect(await importing(file, specifier), `${file} -> ${specifier}`).toEqual([
          expect.stringContaining(SERVER_MESSAGE),
        ]);
      }
      expect(await importing(file, "zod"), file).toEqual([expect.stringContaining("zod stays out")]);
      expect(await importing(file, "~/game"), file).toEqual([]);
    }
    // A *.server file is server code: it may import server modules and node.
    for (const file of ["app/utils/__fixture__.server.ts", "app/forms/__fixture__.server.ts"]) {
      for (const specifier of ["./clock.server", "node:crypto", "zod"]) {
        expect(await importing(file, specifier), `${file} -> ${specifier}`).toEqual([]);
      }
    }
    const types = "app/types/__fixture__.ts";
    for (const specifier of ["~/auth/player.server", "~/utils/meta", "../game/types", "@remix-run/node"]) {
      expect(await importing(types, specifier), specifier).toEqual([
        expect.stringContaining("Shared types build only on the engine"),
      ]);
    }
    for (const specifier of ["~/game", "~/game/types", "~/types/read", "./read"]) {
      expect(await importing(types, specifier), specifier).toEqual([]);
    }
  });

  it("no 429 is written but by the one helper, which adds Retry-After", async () => {
    const refusing = "export const refused = () => new Response(null, { status: 429 });\n";
    const HELPER = "Answer a limit's refusal with tooManyRequests";
    for (const file of [
      "app/routes/site/__fixture__.server.ts",
      "app/routes/game/__fixture__.tsx",
      "app/runs/__fixture__.server.ts",
      "app/realtime/__fixture__.server.ts",
      "app/limits/__fixture__.server.ts",
      "server/__fixture__.ts",
      "server/lanes.ts",
    ]) {
      expect(await restrictions(file, refusing), file).toEqual([expect.stringContaining(HELPER)]);
    }
    // The engine keeps its own rules (the clock) beside this one.
    expect(await restrictions("app/game/__fixture__.ts", `${refusing}export const t = Date.now();\n`)).toEqual([
      expect.stringContaining(HELPER),
      expect.stringContaining("take the time as an argument"),
    ]);
    expect(await restrictions("app/utils/http.server.ts", refusing)).toEqual([]);
    expect(await restrictions("tests/integration/__fixture__.test.ts", refusing)).toEqual([]);
  });

  it("the fact model imports only itself and the engine, and is as pure as the engine", async () => {
    const file = "app/facts/__fixture__.ts";
    for (const specifier of ["react", "drizzle-orm", "~/models/runs.server", "../utils/meta", "node:crypto"]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("pure model")]);
    }
    for (const specifier of ["./state", "~/facts/state", "~/game/facts"]) {
      expect(await importing(file, specifier), specifier).toEqual([]);
    }
    for (const code of ["Date.now()", "Math.random()"]) {
      expect(await restrictions(file, `export const a = ${code};\n`), code).toHaveLength(1);
    }
  });

  it("the school's rules import only themselves and the pure folders, and are as pure as the engine", async () => {
    const file = "app/school-rules/__fixture__.ts";
    for (const specifier of [
      "react",
      "drizzle-orm",
      "~/models/set-work.server",
      "~/school/set-work.server",
      "~/utils/clock.server",
      "~/utils/meta",
      "../utils/first-use",
      "node:crypto",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([expect.stringContaining("school's pure rules")]);
    }
    for (const specifier of [
      "./set-work-limits",
      "~/school-rules/set-work",
      "~/game",
      "~/game/run-spec",
      "~/facts/summary",
      "~/types/teacher",
      "~/utils/first-use",
    ]) {
      expect(await importing(file, specifier), specifier).toEqual([]);
    }
    for (const code of ["Date.now()", "new Date()", "Math.random()"]) {
      expect(await restrictions(file, `export const a = ${code};\n`), code).toHaveLength(1);
    }
  });

  it("the end-to-end suite waits for states, never a fixed time", async () => {
    const file = "tests/e2e/__fixture__.spec.ts";
    for (const code of [
      "export const f = (page: { waitForTimeout(ms: number): Promise<void> }) => page.waitForTimeout(450);\n",
      "export const f = () => new Promise((resolve) => setTimeout(resolve, 600));\n",
    ]) {
      expect(await restrictions(file, code), code).toEqual([expect.stringMatching(/wait for a state/i)]);
    }
    // A test's own time limit is no wait; other tests may use timers.
    expect(
      await restrictions(file, "export const f = (t: { setTimeout(ms: number): void }) => t.setTimeout(60_000);\n"),
    ).toEqual([]);
    expect(
      await restrictions("tests/integration/__fixture__.test.ts", "export const f = () => setTimeout(() => {}, 1);\n"),
    ).toEqual([]);
  });

  it("reads the environment only in the three settings modules", async () => {
    const read = "export const a = process.env.DATABASE_PATH;\nexport const b = { ...process.env };\n";
    for (const file of ["app/models/__fixture__.server.ts", "server/__fixture__.ts", "scripts/__fixture__.ts"]) {
      expect(await restrictions(file, read), file).toEqual([
        expect.stringContaining("app/config.server.ts"),
        expect.stringContaining("app/config.server.ts"),
      ]);
    }
    expect(await restrictions("vite.__fixture__.config.ts", read)).toHaveLength(2);
    // Setting a value for what runs next is no read; tests and benches set up the processes they start.
    expect(await restrictions("server/__fixture__.ts", 'process.env.NODE_ENV = "development";\n')).toEqual([]);
    expect(await restrictions("tests/integration/__fixture__.test.ts", read)).toEqual([]);
    expect(await restrictions("app/build-env.ts", read)).toEqual([]);
  });
});
