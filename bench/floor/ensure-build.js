// The floor app's build (bench/floor/build), made again when it is missing or older than its sources, the settings
// it shares with the site (vite.shared.ts) or the installed packages. Shared by the weight check
// (scripts/check-weight.js) and the benches (bench/lib/server.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const floorDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(path.dirname(floorDir));

/** The newest modification time of a file, or of any file under a folder. */
function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/**
 * Builds the floor app unless its build is newer than its sources; throws when the build fails.
 * @param {(line: string) => void} log
 */
export function ensureFloorBuild(log) {
  const config = path.join(floorDir, "vite.config.ts");
  const built = path.join(floorDir, "build", "client");
  const sources = Math.max(
    newestMtime(path.join(floorDir, "app")),
    newestMtime(config),
    newestMtime(path.join(root, "vite.shared.ts")),
    newestMtime(path.join(root, "package-lock.json")),
  );
  if (fs.existsSync(built) && newestMtime(built) >= sources) return;
  log(`Building the floor app (${path.relative(root, floorDir)})…`);
  const build = spawnSync("npx", ["remix", "vite:build", "--config", config], { cwd: root, stdio: "inherit" });
  if (build.status !== 0)
    throw new Error(`the floor build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`);
}
