// After `npm run build`: the production build must hold no test-only route (they are built only into
// build-e2e, see app/routes.ts). Both the server build and the browser's route manifest are checked.
import { spawnSync } from "node:child_process";
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

// The operator's commands ship in the image as bundles (vite.ops.config.ts): each must load and answer --help.
for (const [name, says] of [
  ["admin-create.js", "--email"],
  ["facts-rebuild.js", "--player"],
]) {
  const ops = path.join("build", "ops", name);
  const help = spawnSync(process.execPath, [ops, "--help"], { encoding: "utf8" });
  if (help.status !== 0 || !help.stdout.includes(says)) {
    console.error(`${ops} does not run: ${help.stderr || help.stdout}`);
    process.exit(1);
  }
  console.log(`Operator commands: ${ops} runs.`);
}

// The server's one entry ships as its own bundle (vite.server.config.ts, docs/decisions/0040-one-server-entry.md).
// It imports the app's pure modules only: the app's state (its database, its shutdown hooks) lives in the build it
// loads, so a database driver in the server's bundle would be a second copy of that state.
const serverEntry = path.join("build", "server.js");
if (!fs.existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: npm run build bundles server/index.ts there.`);
  process.exit(1);
}
if (/from "better-sqlite3"|onShutdown\(/.test(fs.readFileSync(serverEntry, "utf8"))) {
  console.error(`${serverEntry} bundles the app's state (its database or shutdown hooks): import it from the build.`);
  process.exit(1);
}
console.log(`Server entry: ${serverEntry} holds none of the app's state.`);
