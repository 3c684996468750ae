// Lighthouse (v12, mobile profile: a mid-range phone on a slow 4G link, simulated) on the real production server
// with a seeded throwaway database, in Debian's Chromium: performance, accessibility, best practices and SEO for
// the main pages, each page the median of RUNS runs, beside a bare page of the same server (/healthcheck would not
// do: a bare HTML page is served from bench/lib as the floor). Writes bench/results/lighthouse.json.
// Targets: accessibility, best practices and SEO at least 95 (the play experience), and performance at least 95
// on every page, each the median of 3 runs (docs/decisions/0027-performance-floors.md). A miss is reported and recorded, not a failure; the bench fails only when a page does
// not load. Run: npx tsx bench/run.ts lighthouse (about 3 minutes).
import { existsSync, mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { loadAverage, machine, writeResults } from "./lib/report";
import { HOST, ServerProcess, ensureBuild, freePort, root, benchServerEnv, seedDemo, SERVER_ENTRY } from "./lib/server";

const PAGES = ["/", "/game", "/leaderboard", "/daily-challenge"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 95,
  "best-practices": 95,
  seo: 95,
};
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const DATA_DIR = path.join(root, "bench", ".data", "lighthouse");
const log = (line: string) => console.log(line);

/** A bare page: the least a server can send for a page (a title, a heading and a paragraph), as the floor. */
function startFloor(port: number): Promise<http.Server> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="description" content="A bare page."><title>Floor</title></head><body><main><h1>Floor</h1><p>A bare page.</p></main></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(port, HOST, () => resolve(server)));
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and the like) is tried again. */
async function audit(url: string, name: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      formFactor: "mobile",
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const why = lhr?.runtimeError?.message ?? "no result";
    if (attempt >= 3) throw new Error(`${name}: ${why}`);
    log(`  ${name}: ${why}; trying again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!CHROMIUM) throw new Error("No Chromium: set CHROMIUM_PATH or install Debian's chromium.");
  const built = ensureBuild(log, { whenStale: true });
  if (built) log(`Built (${built}).`);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const port = await freePort(3420);
  const base = `http://${HOST}:${port}`;
  // The pages are asked for at `base` (the address the server's canonical check expects).
  const env = benchServerEnv(
    { port, databasePath: path.join(DATA_DIR, "app.db"), name: "lighthouse" },
    { SITE_URL: base },
  );
  seedDemo(env);
  const server = new ServerProcess(process.execPath, [SERVER_ENTRY], { env });
  await server.waitForHealth(`${base}/healthcheck`, 20_000);
  const floorPort = await freePort(port + 1);
  const floor = await startFloor(floorPort);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const rows: Record<string, unknown>[] = [];
  const misses: string[] = [];
  try {
    const targets = [
      { name: "floor", url: `http://${HOST}:${floorPort}/` },
      ...PAGES.map((p) => ({ name: p, url: base + p })),
    ];
    for (const target of targets) {
      const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
      const metrics: Record<string, number[]> = { fcpMs: [], lcpMs: [], tbtMs: [], cls: [], transferKiB: [] };
      for (let run = 0; run < RUNS; run++) {
        const lhr = await audit(target.url, target.name, chrome.port);
        for (const c of CATEGORIES) scores[c]!.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        metrics.fcpMs!.push(Math.round(value("first-contentful-paint")));
        metrics.lcpMs!.push(Math.round(value("largest-contentful-paint")));
        metrics.tbtMs!.push(Math.round(value("total-blocking-time")));
        metrics.cls!.push(Math.round(value("cumulative-layout-shift") * 1000) / 1000);
        metrics.transferKiB!.push(Math.round(value("total-byte-weight") / 102.4) / 10);
      }
      const row: Record<string, unknown> = { page: target.name };
      for (const c of CATEGORIES) {
        row[c] = median(scores[c]!);
        if (target.name !== "floor" && (row[c] as number) < TARGETS[c]) misses.push(`${target.name} ${c} ${row[c]}`);
      }
      for (const [k, v] of Object.entries(metrics)) row[k] = median(v);
      row.runs = scores;
      rows.push(row);
      log(
        `${target.name}: ${CATEGORIES.map((c) => `${c} ${row[c]}`).join(", ")}; LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms`,
      );
    }
  } finally {
    await chrome.kill();
    floor.close();
    await server.stop();
  }
  console.table(rows.map(({ runs: _runs, ...row }) => row));
  for (const miss of misses) log(`MISS ${miss} (target ${TARGETS[miss.split(" ")[1] as keyof typeof TARGETS]})`);
  writeResults("lighthouse", {
    ...machine(),
    loadAverage: loadAverage(),
    settings: { lighthouse: "12", formFactor: "mobile (simulated throttling)", runs: RUNS, chromium: CHROMIUM },
    targets: TARGETS,
    targetsMet: misses.length === 0,
    misses,
    pages: rows,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
