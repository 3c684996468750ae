import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { WrongAnswers } from "~/components/game/wrong-answers";
import type { WrongAnswer } from "~/types/runs";

/**
 * "The ones to practise" of a solo game played in the page, drawn here for the finish's reply: /game shows this
 * markup as it is, so the list costs that page no script (docs/product.md#wrong-answers-after-a-game,
 * docs/decisions/0026-client-weight-budget.md). The same component as every results page; React escapes every text,
 * so nothing a run holds becomes markup. Empty when nothing was wrong.
 */
export function wrongAnswersMarkup(wrong: readonly WrongAnswer[], runId: string, practise: boolean): string {
  if (wrong.length === 0) return "";
  return renderToStaticMarkup(
    createElement(WrongAnswers, { wrong, runId, action: "/game/practice", practise, island: true }),
  );
}
