// The JavaScript each page of a client build loads, gzipped file by file (docs/decisions/0026-client-weight-budget.md):
// what scripts/check-weight.js holds to the budget and bench/shortcuts.bench.ts weighs with the chunk groups off.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The route manifest of a client build (window.__remixManifest={...}). */
function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const files = fs.existsSync(assets) ? fs.readdirSync(assets).filter((file) => /^manifest-.*\.js$/.test(file)) : [];
  if (files.length !== 1) {
    console.error(`Expected one manifest-*.js in ${assets}, found ${files.length}: run the build first.`);
    process.exit(1);
  }
  const text = fs.readFileSync(path.join(assets, files[0]), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Measures every route of a client build: its files, their gzip bytes, and whether it is a page. */
export function measure(clientDir) {
  const manifest = readManifest(clientDir);
  const gzipped = new Map();
  const read = (url) => fs.readFileSync(path.join(clientDir, url));
  const gzipBytes = (url) => {
    if (!gzipped.has(url)) gzipped.set(url, zlib.gzipSync(read(url)).length);
    return gzipped.get(url);
  };
  const chain = (route) => (route.parentId ? [...chain(manifest.routes[route.parentId]), route] : [route]);
  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
      for (const link of chain(route)) for (const file of [link.module, ...(link.imports ?? [])]) files.add(file);
      // A resource route (no default export) has no browser code: Remix emits an empty chunk for its module.
      const page = read(route.module).toString("utf8").trim() !== "" || (route.imports ?? []).length > 0;
      const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
      return {
        route: route.id,
        path: `/${chain(route)
          .map((link) => link.path ?? "")
          .filter(Boolean)
          .join("/")}`,
        page,
        bytes,
        // Each file with its gzip bytes: what a page loads beyond another's (a browser keeps what it loaded).
        files: Object.fromEntries([...files].map((file) => [file, gzipBytes(file)])),
      };
    });
}
