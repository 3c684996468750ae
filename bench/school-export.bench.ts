// A school's export at scale (docs/product.md#data-rights): a school of 1,000 pupils with a year of games (150 each,
// 150,000 results and runs, the last 90 days with answers, two full fact grids each), exported as the zip and as the
// JSON. The export is made as it is read, so the heap's growth must stay far below the data it sends. About
// 30 s on a busy machine. `npm run bench -- school-export`; SCHOOL_EXPORT_PUPILS and SCHOOL_EXPORT_GAMES change the
// school. Writes bench/results/school-export.json. Fails when the JSON's heap growth passes half its size, or the zip's
// 64 MB.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, machine, round, writeResults } from "./lib/report";

const PUPILS = Number(process.env.SCHOOL_EXPORT_PUPILS ?? 1_000);
const GAMES = Number(process.env.SCHOOL_EXPORT_GAMES ?? 150);
const ZIP_HEAP_LIMIT_MB = 64;

const dir = mkdtempSync(path.join(os.tmpdir(), "school-export-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.SESSION_SECRET ??= "school-export-bench-secret-school-export-bench";

try {
  const { seedSchool } = await import("./lib/school-export-seed");
  const { schoolExport } = await import("../app/school/school-export.server");

  /** One export of the school, read to its end as a browser would: its time, size, chunks and the heap's growth. */
  const measureExport = async (schoolId: string, format: "zip" | "json") => {
    const started = performance.now();
    const file = schoolExport(schoolId, format, Date.now());
    if (!file) throw new Error(`no school ${schoolId}`);
    const reader = file.body.getReader();
    const heapBefore = process.memoryUsage().heapUsed;
    let peakHeap = heapBefore;
    let bytes = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += (value as Uint8Array).byteLength;
      if (++chunks % 20 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
    return {
      ms: Math.round(performance.now() - started),
      chunks,
      mb: bytes / 2 ** 20,
      heapMb: (peakHeap - heapBefore) / 2 ** 20,
    };
  };

  const seeding = performance.now();
  const schoolId = seedSchool({ pupils: PUPILS, games: GAMES });
  const seededMs = Math.round(performance.now() - seeding);
  const zip = await measureExport(schoolId, "zip");
  const json = await measureExport(schoolId, "json");
  const figures = (m: typeof zip) => ({
    ms: m.ms,
    mb: round(m.mb, 1),
    chunks: m.chunks,
    heapGrowthMb: round(m.heapMb, 1),
  });
  const checks = {
    // The JSON is sent uncompressed: the heap never holds it whole, nor half of it.
    jsonHeapUnderHalfItsSize: json.heapMb < json.mb / 2,
    zipHeapUnder64Mb: zip.heapMb < ZIP_HEAP_LIMIT_MB,
  };
  writeResults("school-export", {
    ...machine(),
    loadAverage: loadAverage(),
    school: { pupils: PUPILS, gamesEach: GAMES, seededMs },
    zip: figures(zip),
    json: figures(json),
    checks,
  });
  console.log(
    `School export, ${PUPILS} pupils × ${GAMES} games (seeded in ${seededMs} ms): ` +
      `zip ${zip.mb.toFixed(1)} MB in ${zip.ms} ms, heap growth at most ${zip.heapMb.toFixed(1)} MB; ` +
      `JSON ${json.mb.toFixed(1)} MB in ${json.ms} ms, heap growth at most ${json.heapMb.toFixed(1)} MB.`,
  );
  const failed = Object.entries(checks).filter(([, ok]) => !ok);
  if (failed.length > 0) {
    console.error(`Failed: ${failed.map(([name]) => name).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
