// What every benchmark reports the same way: percentiles, rounding, the machine it ran on, the results file.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The p-th percentile (0..1) of ascending samples, nearest-rank; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

export function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

export const loadAverage = () => os.loadavg().map((x) => round(x, 2));

/** Node version, time, processor and core count: the heading of every results file. */
export function machine() {
  return {
    node: process.version,
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
  };
}

/** Writes bench/results/<name>.json and says where. */
export function writeResults(name: string, report: unknown): string {
  const out = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), "results", `${name}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${out}`);
  return out;
}
