import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_VARIABLES } from "~/build-env";
import { CONFIG_VARIABLES, parseConfig } from "~/config.server";
import { OPS_VARIABLES, opsEnv } from "../../../server/ops/ops-env.js";

/*
 * README's "Configuration" table is the operator's list of every environment variable (issue 42, "No drift"): it
 * names each one the three settings modules read (app/config.server.ts, app/build-env.ts, server/ops/ops-env.js;
 * the lint rule settings/env-in-one-place keeps every other file off process.env), and nothing else. A row may name
 * a family with `*` (`GOOGLE_*_URL`) or two variables in one cell.
 */
const README = fs.readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");

function tableNames(): string[] {
  const section = README.split(/^## /m).find((part) => part.startsWith("Configuration\n"));
  expect(section, "README has a Configuration section").toBeDefined();
  return section!
    .split("\n")
    .filter((line) => /^\| `/.test(line))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1]!));
}

const read = [...new Set([...CONFIG_VARIABLES, ...BUILD_VARIABLES, ...OPS_VARIABLES])];
const covers = (name: string, variable: string) => new RegExp(`^${name.replace(/\*/g, "[A-Z0-9_]+")}$`).test(variable);

describe("README's configuration table", () => {
  it("lists every variable the settings modules read", () => {
    const names = tableNames();
    expect(read.filter((variable) => !names.some((name) => covers(name, variable)))).toEqual([]);
  });

  it("lists no variable that nothing reads", () => {
    expect(tableNames().filter((name) => !read.some((variable) => covers(name, variable)))).toEqual([]);
  });

  it("gives the ops commands the app's own database path", () => {
    const saved = process.env.DATABASE_PATH;
    delete process.env.DATABASE_PATH;
    try {
      expect(opsEnv().databasePath).toBe(parseConfig({}).databasePath);
    } finally {
      if (saved !== undefined) process.env.DATABASE_PATH = saved;
    }
  });
});
