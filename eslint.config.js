import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { builtinModules } from "node:module";

/*
 * The folders' boundaries (README "Architecture", docs/decisions/0011-lint-folder-boundaries-and-prettier.md).
 * ESLint keeps only the last matching setting of a rule for a file, so each folder's import rule below is
 * built whole from the shared pieces; tests/unit/site/lint-boundaries.test.ts proves each boundary holds.
 */
const noRoutesFromOutside = {
  // ~/routes/x, or a relative path into a routes folder (../routes/x, ./routes/x from app/, ./app/routes/x).
  regex: "^(~/routes(/|$)|\\.\\.?/(\\.\\./)*(app/)?routes(/|$))",
  message:
    "Only the route config and tests import route modules: move the shared code to app/utils, app/models or another folder both can use.",
};
// Node's modules, with or without the node: prefix (fs, node:fs, fs/promises, ...).
const nodeModules = `^(node:|(${builtinModules.join("|")})(/|$))`;
const noServerModules = {
  regex: `(\\.server(\\.[jt]sx?)?$|\\.server/|${nodeModules})`,
  message:
    "Code that reaches the browser never imports server modules (*.server, node:): load the data in the route's loader and pass it as props.",
};
const noZodInBrowser = {
  regex: "^zod(/|$)",
  message:
    "zod stays out of browser bundles: put the schema in app/forms/*.server.ts and parse in the loader or action.",
};
const noServerFolders = {
  // By alias, or by a relative path that climbs out of app/components into a server folder (not "forms":
  // app/components/forms is a component folder).
  regex:
    "^(~/(models|db|auth|runs|limits|realtime|email|jobs|forms)|(\\.\\./)+(models|db|auth|runs|limits|realtime|email|jobs))(/|$)",
  message:
    "Components never import models, db, auth, runs, limits, realtime, email, jobs or forms: the route's loader reads the data and passes it as props.",
};

/** One no-restricted-imports setting from the given patterns. */
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

// The engine is a function of its inputs: no clock, no global randomness (a seed is passed in).
const noClock = "The engine is a function of its inputs: take the time as an argument instead of reading the clock.";
const noRandom =
  "The engine is a function of its inputs and seed: draw from the seeded PRNG (./prng, rngFor) instead of global randomness.";
// Every 429 says when to come back: tooManyRequests / tooManyRequestsHead (app/utils/http.server.ts) make them all
// (docs/decisions/0013-one-rate-limiter.md).
const no429 = {
  selector: "Literal[value=429]",
  message:
    "Answer a limit's refusal with tooManyRequests(verdict) or tooManyRequestsHead(verdict) from ~/utils/http.server, which add Retry-After.",
};

const engineIsPure = {
  "no-restricted-properties": [
    "error",
    { object: "Math", property: "random", message: noRandom },
    { object: "crypto", property: "getRandomValues", message: noRandom },
    { object: "crypto", property: "randomUUID", message: noRandom },
    { object: "Date", property: "now", message: noClock },
    { object: "performance", property: "now", message: noClock },
  ],
  "no-restricted-syntax": [
    "error",
    { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: noClock },
    { selector: "CallExpression[callee.name='Date']", message: noClock },
    no429,
  ],
};

// Every setting is read from the environment in one place (issue 42, "No drift"): the server's and the app's in
// app/config.server.ts (validated by zod), the build's in app/build-env.ts, the operator's plain-Node commands' in
// server/ops/ops-env.js. Anywhere else in app/, server/, scripts/ and the Vite configs, process.env is not read
// (setting a value, as `npm run dev` sets NODE_ENV, is allowed). Tests and benches set up the processes they start.
const ENV_READERS = ["app/config.server.ts", "app/build-env.ts", "server/ops/ops-env.js"];
const envInOnePlace = {
  meta: { type: "problem", schema: [] },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.object.type !== "Identifier" || node.object.name !== "process") return;
        if (node.computed || node.property.type !== "Identifier" || node.property.name !== "env") return;
        const parent = node.parent;
        const assigned =
          parent.type === "MemberExpression" &&
          parent.object === node &&
          parent.parent.type === "AssignmentExpression" &&
          parent.parent.left === parent;
        if (assigned) return;
        context.report({
          node,
          message:
            "Read settings through app/config.server.ts (the server and app), app/build-env.ts (the build) or server/ops/ops-env.js (the plain-Node ops commands), not process.env.",
        });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-e2e*/**",
      "node_modules/**",
      "test-results*/**",
      "playwright-report*/**",
      "bench/.data/**",
      // The floor app's build (bench/floor: npm run check:weight and the stack bench make it).
      "bench/floor/build/**",
      // Throwaway output: test databases and the builds the server-process tests make (tests/integration).
      "tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": "allow-with-description" }],
      // Browser code has no business with the global random source either (seeds come from crypto).
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Draw from the seeded PRNG in app/game (rngFor) with a seed from the server, not Math.random.",
        },
      ],
    },
  },
  // Server code, tests and tools may use Math.random (e.g. test data); browser code and the engine may not.
  {
    files: ["tests/**", "bench/**", "scripts/**", "server/**", "app/**/*.server.{ts,tsx}", "app/**/*.server/**"],
    rules: { "no-restricted-properties": "off" },
  },
  // The end-to-end suite waits for a state, never for the clock: a run's clock is moved on through a test route
  // (docs/decisions/0044-e2e-waits-for-states.md).
  {
    files: ["tests/e2e/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          property: "waitForTimeout",
          message:
            "Wait for a state (expect, expect.poll, waitForResponse), or move a run's clock (helpers/run-clock.ts).",
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='setTimeout']",
          message: "No sleeps: wait for a state, or move a run's clock (helpers/run-clock.ts).",
        },
      ],
    },
  },

  // Everything outside the routes (tests aside, they call loaders and actions): never import a route module.
  { ignores: ["app/routes/**", "app/routes.ts", "tests/**"], rules: restrict(noRoutesFromOutside) },
  // Routes: a route imports another area's code only through the shared folders, never by path.
  {
    files: ["app/routes/**"],
    rules: restrict({
      regex: "^(~/routes(/|$)|\\.\\./)",
      message:
        "A route imports only its own folder's private helpers (./x.server); code shared between areas belongs in a shared folder (app/models, app/runs, app/utils, ...), imported by ~/.",
    }),
  },
  // Code that reaches the browser: utils and forms other than *.server, the client entry.
  {
    files: ["app/utils/**", "app/forms/**", "app/entry.client.tsx"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.server/**"],
    rules: restrict(noRoutesFromOutside, noServerModules, noZodInBrowser),
  },
  // Shared types (also reach the browser): built only on the engine and each other, which covers the above.
  {
    files: ["app/types/**"],
    rules: restrict({
      regex: "^(?!(~/(game|types)(/|$)|\\./))",
      message:
        "Shared types build only on the engine (~/game) and each other (~/types/x): keep server-only types beside the server code.",
    }),
  },
  {
    files: ["app/components/**"],
    rules: restrict(noRoutesFromOutside, noServerModules, noServerFolders, noZodInBrowser),
  },
  // conform's browser runtime stays out of the bundles: the one form pattern's browser side is our own useForm
  // (docs/decisions/0028-own-form-hook.md). Its types cost nothing and may be imported anywhere.
  {
    files: ["app/**"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.server/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["@conform-to/react", "@conform-to/dom"].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "conform's browser runtime stays out of the bundles: use useForm from ~/components/forms/use-form (its types are fine as `import type`).",
          })),
        },
      ],
    },
  },
  // Models hold data access: they never reach up into pages, nor into the folders built on them (auth, runs, ...),
  // so the dependency goes one way (a model needing their code means that code belongs in models or utils).
  {
    files: ["app/models/**"],
    rules: restrict(
      noRoutesFromOutside,
      {
        regex: "^(~/components(/|$)|(\\.\\./)+components(/|$)|react(-dom)?(/|$)|@remix-run/react(/|$))",
        message:
          "Models hold data access only (no React, no components): return plain data and let the route's loader shape it for the page.",
      },
      {
        regex: "^(~/|(\\.\\./)+)(auth|runs|limits|realtime|jobs|email|forms)(/|$)",
        message:
          "Models sit below auth, runs, limits, realtime, jobs, email and forms, which import them: move what a model needs down into app/models or app/utils.",
      },
    ),
  },
  // No 429 but through the one helper (the engine's own no-restricted-syntax below repeats it).
  {
    files: ["app/**", "server/**"],
    ignores: ["app/utils/http.server.ts"],
    rules: { "no-restricted-syntax": ["error", no429] },
  },
  // The engine imports only itself, and is pure.
  {
    files: ["app/game/**"],
    rules: {
      ...restrict({
        regex: "^(?!(\\./|~/game/))",
        message:
          "app/game is a pure engine shared by browser and server: it imports only its own modules (./x or ~/game/x), no packages, node: or other app folders.",
      }),
      ...engineIsPure,
    },
  },
  // The fact model sits beside the engine under the same rules: pure, and it imports only itself and the engine
  // (docs/product.md#fact-records).
  {
    files: ["app/facts/**"],
    rules: {
      ...restrict({
        regex: "^(?!(\\./|~/game/|~/facts/))",
        message:
          "app/facts is a pure model beside the engine: it imports only its own modules and the engine (./x, ~/facts/x, ~/game/x).",
      }),
      ...engineIsPure,
    },
  },
  // The school's rules sit beside the engine under the same rules (docs/decisions/0076-layers-and-the-import-map.md):
  // pure, and they import only themselves, the engine, the fact model, the shared types and onFirstUse.
  {
    files: ["app/school-rules/**"],
    rules: {
      ...restrict({
        regex: "^(?!(\\./|~/(school-rules|game|facts|types)/|~/game$|~/utils/first-use$))",
        message:
          "app/school-rules holds the school's pure rules: it imports only its own modules, the engine, the fact model, shared types and ~/utils/first-use (no server code, no IO); a rule that needs data belongs in app/school.",
      }),
      ...engineIsPure,
    },
  },
  {
    files: ["app/**", "server/**", "scripts/**", "vite*.ts"],
    ignores: ENV_READERS,
    plugins: { settings: { rules: { "env-in-one-place": envInOnePlace } } },
    rules: { "settings/env-in-one-place": "error" },
  },
  // Server-drawn HTML (markup a page sets as it is) lives in app/markup alone, which draws components from the data
  // it is given: services return data (docs/decisions/0080-game-page-skeleton-and-weight.md).
  {
    files: ["app/markup/**"],
    rules: restrict(noRoutesFromOutside, {
      regex: "^(?!(react|react-dom/server|~/components/.+|~/types/.+|\\./.+)$)",
      message: "app/markup draws components from the data it is given: it imports React, components and types only.",
    }),
  },
  {
    files: ["app/**/*.server.{ts,tsx}", "app/**/*.server/**"],
    // Models refuse React already; the document's own render and the site chrome's kept markup are not a page's HTML.
    ignores: ["app/markup/**", "app/models/**", "app/entry.server.tsx", "app/utils/markup-cache.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-dom/server",
              message: "HTML drawn on the server for a page lives in app/markup: return the data, and draw it there.",
            },
          ],
        },
      ],
    },
  },
  // The schema is a leaf: drizzle only.
  {
    files: ["app/db/schema.ts"],
    rules: restrict({
      regex: "^(?!drizzle-orm(/|$))",
      message: "The schema is a leaf: it imports drizzle-orm only, so migrations never depend on app code.",
    }),
  },
);
