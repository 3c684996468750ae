// What the leaderboard bench's data set was built from, recorded in the file (bench_meta) and checked before a
// bench reuses it. Kept apart from leaderboard-seed.ts, whose own text is part of the fingerprint.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Shape } from "./leaderboard-seed";

/** Bump to force a rebuild when the meaning of the data set changes. */
const SEED_VERSION = 1;
const benchDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The shape, the migrations and the seeding code: a file recorded with another fingerprint is rebuilt. */
export function dataSetFingerprint(shape: Shape): string {
  const hash = createHash("sha256").update(`v${SEED_VERSION} ${JSON.stringify(shape)}`);
  const drizzleDir = path.join(path.dirname(benchDir), "drizzle");
  for (const name of readdirSync(drizzleDir)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    hash.update(readFileSync(path.join(drizzleDir, name)));
  }
  hash.update(readFileSync(path.join(drizzleDir, "meta", "_journal.json")));
  hash.update(readFileSync(path.join(benchDir, "lib", "leaderboard-seed.ts")));
  return hash.digest("hex").slice(0, 16);
}
