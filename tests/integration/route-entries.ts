import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import routes from "~/routes";

/*
 * The routes of app/routes.ts, for the tests that must have an entry for every one (the fuzz targets, the role
 * matrix): a new route without an entry fails them, never passes silently. A test file's entries are the route
 * modules it imports as a whole (`import * as play from "~/routes/game/play"`) and uses; a route it has no entry for
 * must be excused by name, with the reason.
 */

/** Every route module app/routes.ts lists (without the test-only ones, which a production build never has). */
export function routeModules(): string[] {
  const files: string[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      files.push(entry.file.replace(/\.(tsx?|jsx?)$/, ""));
      walk(entry.children ?? []);
    }
  };
  walk(routes as RouteConfigEntry[]);
  return [...new Set(files)].filter((file) => file !== "root").sort();
}

/** The route modules a test file imports as a namespace and then uses (`routes/game/play`). */
export function routeModulesUsedBy(testFile: string): Set<string> {
  const source = fs.readFileSync(testFile, "utf8");
  const used = new Set<string>();
  for (const [, name, file] of source.matchAll(/import \* as (\w+) from "~\/(routes\/[\w/.-]+)";/g)) {
    // Named again after its import: called, or handed to a helper that calls it.
    if ((source.match(new RegExp(`\\b${name}\\b`, "g")) ?? []).length > 1) used.add(file!);
  }
  return used;
}

/** Whether a route module answers POSTs (exports an action), read from its source. */
export function hasAction(file: string): boolean {
  const base = path.resolve(import.meta.dirname, "../../app", file);
  const source = [".tsx", ".ts"].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
  return (
    !!source &&
    /export (async )?(function|const) action\b|export \{[^}]*\baction\b/.test(fs.readFileSync(source, "utf8"))
  );
}

/**
 * What is wrong with the entries of a set of test files (together one list: the role matrix is three files): a route
 * that `needs` an entry and has none nor an excuse, an excuse for a route that now has an entry, or an excuse for a
 * route that is gone. One line each, naming the route module and what to do.
 */
export function entryProblems(
  testFiles: string[],
  excused: Record<string, string>,
  needs: (file: string) => boolean = () => true,
): string[] {
  const all = routeModules();
  const used = new Set(testFiles.flatMap((file) => [...routeModulesUsedBy(file)]));
  const names = testFiles.map((file) => path.basename(file)).join(", ");
  return [
    ...all
      .filter((file) => needs(file) && !used.has(file) && !(file in excused))
      .map((file) => `app/${file} has no entry in ${names}: add one, or excuse it there with the reason`),
    ...Object.keys(excused)
      .filter((file) => used.has(file))
      .map((file) => `app/${file} has an entry in ${names} and an excuse: drop the excuse`),
    ...Object.keys(excused)
      .filter((file) => !all.includes(file))
      .map((file) => `app/${file} is excused in ${names} but app/routes.ts no longer lists it`),
  ];
}
