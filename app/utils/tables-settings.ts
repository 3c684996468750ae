import {
  DEFAULT_TIME_LIMIT,
  TABLES_OPERATIONS,
  TIMES_TABLE_NUMBERS,
  isTimeLimit,
  type RunSpec,
  type TablesOperation,
  type TimeLimit,
  type TimesTable,
} from "~/game";
import { OPERATION_NAMES, operationFromName } from "./solo-settings";

/*
 * A times-tables game's settings as the pages and links know them (docs/product.md#times-tables-game). No zod here:
 * this module reaches the browser. The schema that checks a submitted form is app/forms/tables-settings.server.ts.
 */

export type TablesSettings = { tables: TimesTable[]; operations: TablesOperation[]; timeLimit: TimeLimit };

export const TABLES_MESSAGES = {
  tables: "Choose at least one times table.",
  operations: "Choose multiply, divide or both.",
} as const;

/** None ticked at first: the player picks; both × and ÷, a minute. */
export function defaultTablesSettings(): TablesSettings {
  return { tables: [], operations: [...TABLES_OPERATIONS], timeLimit: DEFAULT_TIME_LIMIT };
}

/** The tables in order, without repeats. */
export function canonicalTables(tables: readonly TimesTable[]): TimesTable[] {
  return TIMES_TABLE_NUMBERS.filter((table) => tables.includes(table));
}

export function tablesSpec(settings: TablesSettings): RunSpec {
  return {
    mode: "tables",
    tables: canonicalTables(settings.tables),
    operations: TABLES_OPERATIONS.filter((op) => settings.operations.includes(op)),
    timeLimit: settings.timeLimit,
  };
}

/**
 * What a refused form sent, for the form to show again: the tables and operations ticked (none stays none), the
 * time limit chosen (a refused one shows `fallback`'s). `sent` is the reply's `initialValue` (the raw form values).
 */
export function tablesSettingsSent(sent: unknown, fallback: TablesSettings): TablesSettings {
  const given = (sent && typeof sent === "object" ? sent : {}) as Record<string, unknown>;
  const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const tables = TIMES_TABLE_NUMBERS.filter((table) => list(given.tables).includes(String(table)));
  const operations = list(given.operations)
    .map((name) => (typeof name === "string" ? operationFromName(name) : undefined))
    .filter((op): op is TablesOperation => (TABLES_OPERATIONS as readonly unknown[]).includes(op));
  const timeLimit = Number(given.timeLimit);
  return {
    tables: canonicalTables(tables),
    operations: TABLES_OPERATIONS.filter((op) => operations.includes(op)),
    timeLimit: isTimeLimit(timeLimit) ? timeLimit : fallback.timeLimit,
  };
}

/** The settings as a start link's query string: `mode=tables&tables=7&tables=8&operations=multiply&timeLimit=60`. */
export function tablesSettingsToParams(settings: TablesSettings): URLSearchParams {
  const params = new URLSearchParams({ mode: "tables" });
  for (const table of canonicalTables(settings.tables)) params.append("tables", String(table));
  for (const op of settings.operations) params.append("operations", OPERATION_NAMES[op]);
  params.set("timeLimit", String(settings.timeLimit));
  return params;
}
