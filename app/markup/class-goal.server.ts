import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ClassGoalBar } from "~/components/facts/class-goal";
import type { ClassGoalView } from "~/types/class-goal";

/**
 * The class goal's bar on a pupil's dashboard (docs/product.md#class-goal), drawn here so that the game page carries
 * none of its script (docs/decisions/0026-client-weight-budget.md). Empty when there is no goal to show.
 */
export function classGoalMarkup(view: ClassGoalView | null): string {
  return view ? renderToStaticMarkup(createElement(ClassGoalBar, { view })) : "";
}
