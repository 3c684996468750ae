/*
 * The import map's rule (docs/decisions/0076-layers-and-the-import-map.md): the folders stand in layers, and an
 * import goes only down the list or sideways within a layer, never back up; no module imports itself back through
 * others (a circle). `npm run check:map` checks it on every `npm test`; it reads every import in app/, server/,
 * bench/ and scripts/, type-only ones too.
 */

/** Top to bottom. A path is a folder (with everything under it) or one file. */
const LAYERS = [
  { name: "entry points", paths: ["server", "bench", "scripts"] },
  {
    name: "routes",
    paths: ["app/routes", "app/routes.ts", "app/root.tsx", "app/entry.server.tsx", "app/entry.client.tsx"],
  },
  { name: "jobs", paths: ["app/jobs"] },
  { name: "services", paths: ["app/pages", "app/markup", "app/school", "app/runs", "app/live-hub"] },
  { name: "forms and components", paths: ["app/forms", "app/components"] },
  { name: "sessions and live rules", paths: ["app/realtime", "app/auth", "app/live"] },
  { name: "models", paths: ["app/models"] },
  { name: "storage, accounts and limits", paths: ["app/db", "app/accounts", "app/limits"] },
  { name: "helpers and school rules", paths: ["app/email", "app/utils", "app/school-rules"] },
  {
    name: "config and shared types",
    paths: [
      "app/config.server.ts",
      "app/session-secret.server.ts",
      "app/build-env.ts",
      "app/shortcut-names.ts",
      "app/build-dir.ts",
      "app/lifecycle.server.ts",
      "app/load-context.ts",
      "app/types",
      "app/facts",
      "app/styles",
    ],
  },
  { name: "engine", paths: ["app/game"] },
];

/**
 * Circles allowed for now, each by name, to be removed (never added to). None today: the engine's run spec and its
 * mode files stopped importing each other when the modes' registry replaced run-spec's switches (decision 0081).
 */
const TEMPORARY_CIRCLES = [];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pattern = (paths) =>
  `^(${paths.map((p) => (/\.[jt]sx?$/.test(p) ? escape(p) + "$" : escape(p) + "/")).join("|")})`;
const allPlaced = pattern(LAYERS.flatMap((layer) => layer.paths));

module.exports = {
  forbidden: [
    ...LAYERS.slice(1).map((layer, k) => ({
      name: `up-from-${layer.name.replace(/\W+/g, "-")}`,
      comment: `${layer.name} imports only its own layer and those below it, never ${LAYERS.slice(0, k + 1)
        .map((above) => above.name)
        .join(", ")}: move the shared code down (docs/decisions/0076-layers-and-the-import-map.md).`,
      severity: "error",
      from: { path: pattern(layer.paths) },
      to: { path: pattern(LAYERS.slice(0, k + 1).flatMap((above) => above.paths)) },
    })),
    {
      name: "placed-in-a-layer",
      comment: "Every folder of app/ stands in a layer: add a new one to LAYERS in .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^(app|server|bench|scripts)/" },
      to: { path: "^(app|server|bench|scripts)/", pathNot: allPlaced },
    },
    {
      name: "importing-from-a-layer",
      comment:
        "Every module of app/ that imports stands in a layer: add its folder to LAYERS in .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^(app|server|bench|scripts)/", pathNot: allPlaced },
      to: {},
    },
    {
      name: "no-circle",
      comment: "No module imports itself back through others: move what both need down into a module of its own.",
      severity: "error",
      from: { pathNot: TEMPORARY_CIRCLES.map((circle) => circle.path) },
      to: { circular: true },
    },
    ...TEMPORARY_CIRCLES.map((circle) => ({
      name: `temporary-circle-${circle.name}`,
      comment: "A circle allowed for now (TEMPORARY_CIRCLES in .dependency-cruiser.cjs): remove it, never add one.",
      severity: "warn",
      from: { path: circle.path },
      to: { circular: true },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build[^/]*|tmp|bench/floor/build|bench/\\.data)/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports are arrows too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".jsx", ".d.ts"],
    },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};
