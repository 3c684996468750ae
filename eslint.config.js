import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/*
 * The folders' boundaries (README "Architecture", docs/decisions/0011-lint-folder-boundaries-and-prettier.md).
 * ESLint keeps only the last matching setting of a rule for a file, so each folder's import rule below is
 * built whole from the shared pieces; tests/unit/site/lint-boundaries.test.ts proves each boundary holds.
 */
const noRoutesFromOutside = {
  regex: "^(~/routes(/|$)|(\\.\\./)+routes/)",
  message: "Only the route config and tests import route modules; move shared code to a folder both can use.",
};
const noServerModules = {
  regex: "(\\.server(\\.[jt]sx?)?$|\\.server/|^node:|^~/config\\.server$)",
  message:
    "Code that reaches the browser never imports server modules: load the data in the route's loader and pass it as props.",
};
const noZodInBrowser = {
  regex: "^zod(/|$)",
  message:
    "zod stays out of browser bundles: put the schema in app/forms/*.server.ts and parse in the loader or action.",
};
const noServerFolders = {
  regex: "^~/(models|db|auth|runs|limits|realtime|email|forms)(/|$)",
  message: "Components never import models, db, auth or other server folders: the route's loader passes the data in.",
};

/** One no-restricted-imports setting from the given patterns. */
const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

// The engine is a function of its inputs: no clock, no global randomness (a seed is passed in).
const engineIsPure = {
  "no-restricted-properties": [
    "error",
    { object: "Math", property: "random", message: "Use the seeded PRNG in app/game." },
    { object: "Date", property: "now", message: "The engine takes the time as an argument; it never reads the clock." },
  ],
  "no-restricted-syntax": [
    "error",
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: "The engine takes the time as an argument; it never reads the clock.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-e2e/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/.data/**",
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
        { object: "Math", property: "random", message: "Use the seeded PRNG in app/game." },
      ],
    },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**", "app/**/*.server.ts", "server/**", "server.js", "app/utils/**"],
    rules: { "no-restricted-properties": "off" },
  },

  // Everything in app/ outside the routes: never import a route module.
  { files: ["app/**"], ignores: ["app/routes/**", "app/routes.ts"], rules: restrict(noRoutesFromOutside) },
  // Routes: a route imports another area's code only through the shared folders, never by path.
  {
    files: ["app/routes/**"],
    rules: restrict({
      regex: "^(~/routes(/|$)|\\.\\./)",
      message:
        "A route imports only its own folder's private helpers (./x.server); shared code belongs in app/, not in another area.",
    }),
  },
  // Code that reaches the browser (utils other than *.server, shared types).
  {
    files: ["app/utils/**", "app/types/**"],
    ignores: ["app/**/*.server.ts"],
    rules: restrict(noRoutesFromOutside, noServerModules, noZodInBrowser),
  },
  {
    files: ["app/types/**"],
    rules: restrict({
      regex: "^(?!~/(game|types)(/|$)|\\./)",
      message: "Shared types build only on the engine's types and each other.",
    }),
  },
  {
    files: ["app/components/**"],
    rules: restrict(noRoutesFromOutside, noServerModules, noServerFolders, noZodInBrowser),
  },
  // Models hold data access: they never reach up into pages.
  {
    files: ["app/models/**"],
    rules: restrict(noRoutesFromOutside, {
      regex: "^(~/components(/|$)|react(-dom)?(/|$)|@remix-run/react$)",
      message: "Models hold data access only: no React, no components.",
    }),
  },
  // The engine imports only itself, and is pure.
  {
    files: ["app/game/**"],
    rules: {
      ...restrict({
        regex: "^(?!\\./)",
        message: "app/game is a pure leaf shared by browser and server: it imports only its own modules (./x).",
      }),
      ...engineIsPure,
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
