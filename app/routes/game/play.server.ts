import type { SubmittedAnswer } from "~/game";
import * as paged from "~/runs/paged.server";

/**
 * The server-driven game at /game/play (docs/product.md#server-driven-game-without-javascript): the shared
 * one-problem-per-page machinery of app/runs/paged.server.ts, at this page's path.
 */
export { atPlayScreen, openPagedRun, type PagedRun } from "~/runs/paged.server";

const BASE = "/game/play";

export function playUrl(token: string, answers: readonly SubmittedAnswer[], extra?: Record<string, string>): string {
  return paged.pagedUrl(BASE, token, answers, extra);
}

export function pagedView(run: paged.PagedRun, pendingInput: string) {
  return paged.pagedView(run, pendingInput, BASE);
}

export function urlAfterInput(run: paged.PagedRun, input: { key: unknown; answer: unknown }): string {
  return paged.urlAfterInput(run, input, BASE);
}
