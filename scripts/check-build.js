// After `npm run build`: the production build must hold no test-only route (they are built only into
// build-e2e, see app/routes.ts). Both the server build and the browser's route manifest are checked.
import fs from "node:fs";
import path from "node:path";

const assetsDir = path.join("build", "client", "assets");
const files = [
  path.join("build", "server", "index.js"),
  ...fs
    .readdirSync(assetsDir)
    .filter((file) => file.startsWith("manifest-"))
    .map((file) => path.join(assetsDir, file)),
];
const offenders = files.filter((file) => fs.readFileSync(file, "utf8").includes("routes/_test/"));
if (offenders.length > 0) {
  console.error(`The production build holds test-only routes: ${offenders.join(", ")}`);
  process.exit(1);
}
console.log(`Production build: no test-only routes (${files.length} files checked).`);
