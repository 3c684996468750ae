// The times-tables game (docs/product.md#times-tables-game): the tables a player picked, × and ÷.
import { TABLES_OPERATIONS, TIMES_TABLE_NUMBERS, tablesSequence, type TablesSpec } from "~/game/tables";
import { isTimeLimit } from "~/game/types";
import {
  endsWithItsClock,
  hasExactly,
  itsMode,
  listOf,
  wholeAnswers,
  type ModeDefinition,
  type SpecFields,
} from "./definition";

export const tablesMode: ModeDefinition<TablesSpec> = {
  mode: "tables",
  parse(value: SpecFields) {
    if (!hasExactly(value, ["mode", "tables", "operations", "timeLimit"])) return null;
    const tables = listOf(TIMES_TABLE_NUMBERS, value.tables);
    const operations = listOf(TABLES_OPERATIONS, value.operations);
    if (!tables || !operations || !isTimeLimit(value.timeLimit)) return null;
    return { mode: "tables", tables, operations, timeLimit: value.timeLimit };
  },
  sequence: tablesSequence,
  timeLimit: (spec) => spec.timeLimit,
  questions: endsWithItsClock,
  check: "near",
  decimal: wholeAnswers,
  gameType: itsMode,
  // Its words are app/components/game/practice-results.tsx's TABLES_NOTE.
  words: null,
  // Its form is app/components/game/tables-start.tsx.
  start: null,
  page: { path: "/game/tables", card: null },
};
