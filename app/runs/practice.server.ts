import { STUDENT_ADD_RANGES, type Operation, type RunSpec, type StudentOperation } from "~/game";
import { parseFactKey, type FactKey, type FactOp } from "~/game/facts";
import type { FactScope } from "~/facts/plan";
import { wrongFactsOf } from "~/facts/wrong";
import type { Player } from "~/auth/player.server";
import { getRunResult } from "~/models/runs.server";
import { now } from "~/utils/clock.server";
import { practicePlanFor } from "./practice-plan.server";
import type { StudentGameSettings } from "./student.server";

/*
 * Starting a practice run (docs/product.md#practise-my-facts): the facts come from the server's own plan of the
 * player's records, never from the browser; "Practise these" names a finished run of the player's own, and its
 * wrong answers that are facts come first.
 */

export const PRACTICE_MESSAGES = {
  noRun: "That game could not be found, so there is nothing to practise from it.",
  nothingToPractise: "There are no sums from that game to practise. Try Practise my facts instead.",
} as const;

/** A member's or visitor's scope: the operations of their solo settings (the same signs as the facts'). */
export function soloPracticeScope(operations: readonly Operation[]): FactScope {
  return { ops: operations.map((op): FactOp => op) };
}

const STUDENT_FACT_OPS: Readonly<Record<StudentOperation, FactOp>> = {
  addition: "+",
  subtraction: "-",
  multiplication: "*",
  division: "/",
};

/** A pupil's scope, from their teacher's settings: operations, times tables, and sums up to their range's top. */
export function studentPracticeScope(settings: StudentGameSettings): FactScope {
  return {
    ops: settings.operations.map((op) => STUDENT_FACT_OPS[op]),
    tables: settings.timesTables.map(Number),
    addMax: STUDENT_ADD_RANGES[settings.difficulty].max,
  };
}

/** A practice run's spec over a scope, the focus first; null when the scope holds no fact at all. */
export function practiceSpec(player: Player, scope: FactScope, focus: readonly FactKey[] = []): RunSpec | null {
  const facts = practicePlanFor(player, scope, now(), focus);
  return facts.length > 0 ? { mode: "practice", facts } : null;
}

/**
 * "Practise these": the wrong answers that are facts of one of the player's own finished runs (read from the
 * ledger, never from the form), or why there are none.
 */
export function focusOfRun(
  runId: unknown,
  player: Player | null,
): { ok: true; focus: FactKey[] } | { ok: false; status: 400 | 404; message: string } {
  const run = typeof runId === "string" ? getRunResult(runId, player) : null;
  if (!run) return { ok: false, status: 404, message: PRACTICE_MESSAGES.noRun };
  const focus = wrongFactsOf(run.records);
  if (focus.length === 0) return { ok: false, status: 400, message: PRACTICE_MESSAGES.nothingToPractise };
  return { ok: true, focus };
}

/** The operations of a list of facts: a member's "Practise these" scope. */
export function opsOfFacts(keys: readonly FactKey[]): FactOp[] {
  const ops = new Set<FactOp>();
  for (const key of keys) {
    const fact = parseFactKey(key);
    if (fact) ops.add(fact.op);
  }
  return [...ops];
}

/** How a start form asks to be played: in the page's game (JavaScript changed its button's value) or page by page. */
export const PLAY_IN_PAGE = "island";
