import type { FactKey } from "~/game/facts";
import { practicePlan, type FactScope } from "~/facts/plan";
import type { Player } from "~/auth/player.server";
import { factBooksOf } from "~/models/fact-records.server";

/**
 * The facts of a player's next practice run, most needed first (docs/product.md#practise-my-facts): the plan of
 * app/facts/plan.ts over the player's own fact records, with `focus` (the facts they just got wrong) first.
 */
export function practicePlanFor(player: Player, scope: FactScope, now: number, focus: readonly FactKey[]): FactKey[] {
  return practicePlan(factBooksOf(player), scope, now, focus);
}
