// A times-tables game (docs/product.md#times-tables-game): problems of the tables a player picked, × and ÷ drawn as the
// pupils' game draws them from their teacher's tables, repeats of recent problems avoided the same way.
import { specOf, type AnySpec, type ProblemSequence, type RunPlay } from "./play";
import { sequenceOf } from "./student";

/** The tables a player can pick: 2 to 12. */
export const TIMES_TABLE_NUMBERS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type TimesTable = (typeof TIMES_TABLE_NUMBERS)[number];

/** A times-tables game's operations, in canonical order: × and ÷. */
export const TABLES_OPERATIONS = ["*", "/"] as const;
export type TablesOperation = (typeof TABLES_OPERATIONS)[number];

/** The times tables a member or visitor picked, 2 to 12 (docs/product.md#times-tables-game). */
export type TablesSpec = { mode: "tables"; tables: TimesTable[]; operations: TablesOperation[]; timeLimit: number };

export function isTimesTable(value: unknown): value is TimesTable {
  return (TIMES_TABLE_NUMBERS as readonly unknown[]).includes(value);
}

/**
 * Problem i of a times-tables run: `7 × 8` (the table second) or `56 ÷ 8` (the table the divisor), the other number
 * 1 to 12. Drawn by the pupils' generator with the tables as their teacher's (app/game/student.ts), so the order the
 * tables or operations were ticked in never changes the problems a seed gives.
 */
export function tablesSequence(spec: AnySpec, seed: string): ProblemSequence {
  const { tables, operations } = specOf<TablesSpec>(spec, "tables");
  return sequenceOf(
    {
      difficulty: "easy",
      operations: operations.map((op) => (op === "*" ? "multiplication" : "division")),
      timesTables: tables.map(String),
    },
    seed,
  );
}

export function tablesPlay(spec: AnySpec, seed: string): RunPlay {
  const { timeLimit } = specOf<TablesSpec>(spec, "tables");
  return { problems: tablesSequence(spec, seed), limitSeconds: timeLimit, decimal: false };
}
