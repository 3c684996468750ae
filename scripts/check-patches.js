// After the server build (`npm run build` runs this): each fix in patches/ must be in the server bundle. The bundle
// holds the very package files that patches/ changes (docs/decisions/0030-one-file-server-bundle.md), so a patch
// that did not apply, or a build that took an unpatched copy, would ship silently: a patch's top-level names
// (`const`, `let`, `function` on an added line) are its marker, and every one must be in the bundle.
//   npx tsx scripts/check-patches.js [bundle]   (default: the server build's index.js)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildEnv } from "../app/build-env.ts";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const patchesDir = path.join(root, "patches");
const bundle = process.argv[2] ?? path.join(root, buildEnv.buildDir, "server", "index.js");

/** The names a patch declares at the top level of a file, in the order it adds them. */
function markersOf(patchText) {
  const names = [];
  for (const line of patchText.split("\n")) {
    const declared = /^\+(?:const|let|var|function\*?)\s+([A-Za-z_$][\w$]*)/.exec(line);
    if (declared && !line.startsWith("+++")) names.push(declared[1]);
  }
  return names;
}

const code = fs.readFileSync(bundle, "utf8");
const patches = fs.readdirSync(patchesDir).filter((file) => file.endsWith(".patch"));
const problems = [];
for (const patch of patches) {
  const markers = markersOf(fs.readFileSync(path.join(patchesDir, patch), "utf8"));
  // A bundler may rename a clashing name (`name$1`), never drop the stem.
  const missing = markers.filter((name) => !new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}`).test(code));
  if (markers.length === 0) problems.push(`${patch} declares no top-level name to look for (patches/README.md)`);
  else if (missing.length > 0) problems.push(`${patch}: ${missing.join(", ")} not in the bundle`);
}
if (problems.length > 0) {
  console.error(`The server bundle ${path.relative(root, bundle)} lacks fixes from patches/:`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error("Did `npm ci` apply them? (patches/README.md)");
  process.exit(1);
}
console.log(`Server bundle: the ${patches.length} fixes in patches/ are in it.`);
