// Runs every bench/*.bench.ts in turn, each in its own Node process with tsx, so a benchmark can be
// added by dropping in a file. Exits non-zero if any of them fails. Run: npm run bench
// Words starting with -- (npm run bench -- fluency --write) are passed to each benchmark, not matched to file names.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(benchDir);
const flags = process.argv.slice(2).filter((word) => word.startsWith("--"));
const only = process.argv.slice(2).filter((word) => !word.startsWith("--"));
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
  .sort();

if (files.length === 0) {
  console.error("No bench/*.bench.ts files to run.");
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  console.log(`\n▶ bench/${file}`);
  const started = Date.now();
  const child = spawnSync(process.execPath, ["--import", "tsx", path.join(benchDir, file), ...flags], {
    cwd: root,
    stdio: "inherit",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (child.status === 0) {
    console.log(`✔ bench/${file} (${seconds} s)`);
  } else {
    console.error(
      `✘ bench/${file} failed (${child.error?.message ?? `exit ${child.status ?? child.signal}`}, ${seconds} s)`,
    );
    failed.push(file);
  }
}

if (failed.length > 0) {
  console.error(`\n${failed.length} of ${files.length} benchmarks failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nAll ${files.length} benchmarks passed.`);
