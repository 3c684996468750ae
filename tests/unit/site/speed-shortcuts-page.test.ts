import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_SHORTCUTS, SHORTCUTS, parseShortcutsOff } from "~/utils/shortcuts.server";

/*
 * docs/speed-shortcuts.md lists every speed shortcut with its rule, its guarding test and its measured gain: it
 * must name every switch of app/utils/shortcuts.server.ts, and its figures must be the last `npm run bench --
 * shortcuts` (bench/results/shortcuts.json), so the page cannot drift from the code or the measurement.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const page = fs.readFileSync(path.join(ROOT, "docs", "speed-shortcuts.md"), "utf8");
type Figure = { shortcut: string; path: string; gain: number };
const results = JSON.parse(fs.readFileSync(path.join(ROOT, "bench", "results", "shortcuts.json"), "utf8")) as {
  figures: Figure[];
};

/** The figures table's rows: | `switch` | path | gain % | … */
const rows = [...page.matchAll(/^\| `([\w-]+)` +\| ([^|]+?) +\| (-?[\d.]+) % +\|/gm)].map((m) => ({
  shortcut: m[1]!,
  path: m[2]!.replace(/`/g, "").trim(),
  gain: Number(m[3]),
}));

describe("docs/speed-shortcuts.md", () => {
  it("names every switch of the registry, each with a section", () => {
    for (const name of [...SHORTCUTS, ...BUILD_SHORTCUTS]) expect(page, name).toContain(`(\`${name}\`)`);
  });

  it("has every measured figure of bench/results/shortcuts.json, and no other", () => {
    expect(rows.map((row) => `${row.shortcut} ${row.path} ${row.gain}`).sort()).toEqual(
      results.figures.map((figure) => `${figure.shortcut} ${figure.path} ${figure.gain}`).sort(),
    );
  });

  it("measures every switch of the registry", () => {
    for (const name of [...SHORTCUTS, ...BUILD_SHORTCUTS])
      expect(results.figures.map((figure) => figure.shortcut)).toContain(name);
  });

  it("refuses a switch it does not know, so a typo never measures nothing", () => {
    expect([...parseShortcutsOff(" kept-reads,client-chunks ")]).toEqual(["kept-reads", "client-chunks"]);
    expect(() => parseShortcutsOff("kept-read")).toThrow(/none of/);
  });

  it("has no loader that defers, as the page sent in one write needs (buffered-render)", () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const deferring = files(path.join(ROOT, "app")).filter((file) => /\bdefer\(/.test(fs.readFileSync(file, "utf8")));
    expect(deferring.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("names guarding tests that exist", () => {
    const named = [...page.matchAll(/`(tests\/[\w./-]+|scripts\/[\w./-]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
