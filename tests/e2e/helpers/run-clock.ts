import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { formatNumber, problemSequence, timeLimitOf, type RunSpec } from "../../../app/game";

/*
 * One run's clock, moved on through the suite's test route (app/routes/_test/run-clock.ts) instead of waited out:
 * the server then finds that run as old as asked, and only that run, so the tests beside it keep the real clock
 * (docs/decisions/0044-e2e-waits-for-states.md).
 */

type Moved = { token: string; answers: string };

/** The run of `token` as if it had started `elapsedMs` ago: its new token (and answers, sealed to it). */
export async function ageRun(
  request: APIRequestContext,
  token: string,
  elapsedMs: number,
  answers = "",
): Promise<Moved> {
  const response = await request.post("/_test/run-clock", { data: { token, answers, elapsedMs } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Moved;
}

/**
 * The run of `token` with its answers so far moved `ms` into the past, each as long after the start as before: a
 * rehearsal's pause (docs/product.md#multiplication-tables-check-rehearsal) is then over without waiting for it.
 */
export async function moveRunBack(request: APIRequestContext, token: string, ms: number, answers = ""): Promise<Moved> {
  const payload = token.split(".")[0]!;
  const { startedAt } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { startedAt: number };
  const response = await request.post("/_test/run-clock", {
    data: { token, answers, elapsedMs: Date.now() - startedAt + ms, wholeRun: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Moved;
}

function ticketOf(token: string): { spec: RunSpec; seed: string } {
  const payload = token.split(".")[0]!;
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { spec: RunSpec; seed: string };
}

const specOf = (token: string): RunSpec => ticketOf(token).spec;

/** The answers a page of a game without JavaScript carries, sealed: [value, ms since the start] each. */
function sealedAnswersOf(sealed: string): [string, number][] {
  if (sealed === "") return [];
  return JSON.parse(Buffer.from(sealed.split(".")[0]!, "base64url").toString("utf8")) as [string, number][];
}

/**
 * A game without JavaScript given the next `count` answers, each right and `gapMs` after the one before, as if the
 * player had given them (the run moved into the past to make room for them), and its page loaded again at the
 * problem after: for a test whose point is made by a few answers and that needs the rest only to reach the end.
 */
export async function answerRightlyInPagedGame(page: Page, count: number, gapMs = 1_000) {
  const url = new URL(page.url());
  const token = url.searchParams.get("token");
  if (!token) throw new Error(`not a game page: ${page.url()}`);
  const sealed = url.searchParams.get("answers") ?? "";
  const given = sealedAnswersOf(sealed);
  const { spec, seed } = ticketOf(token);
  const problems = problemSequence(spec, seed);
  const last = given.at(-1)?.[1] ?? 0;
  const more = Array.from({ length: count }, (_, k) => ({
    value: formatNumber(problems(given.length + k).answer),
    t: last + (k + 1) * gapMs,
  }));
  const response = await page.request.post("/_test/run-clock", {
    data: { token, answers: sealed, elapsedMs: last + (count + 1) * gapMs, wholeRun: true, more },
  });
  expect(response.status(), await response.text()).toBe(200);
  const moved = (await response.json()) as Moved;
  await page.goto(`${url.pathname}?${new URLSearchParams({ token: moved.token, answers: moved.answers }).toString()}`);
}

/**
 * A game without JavaScript, a second from its end: the run is moved on and its page loaded again, so the page's
 * own timed refresh (the game's end without JavaScript) comes a second later. The refresh is read from the page as
 * the server sent it, so the check cannot race the refresh itself. On a machine so busy that the page came after the
 * deadline, the server shows the end itself, as it would to a slow player.
 */
export async function leaveSecondsInPagedGame(page: Page, secondsLeft = 1) {
  const url = new URL(page.url());
  const token = url.searchParams.get("token");
  if (!token) throw new Error(`not a game page: ${page.url()}`);
  const limitMs = timeLimitOf(specOf(token)) * 1000;
  const moved = await ageRun(page.request, token, limitMs - secondsLeft * 1000, url.searchParams.get("answers") ?? "");
  const next = new URLSearchParams({ token: moved.token, answers: moved.answers });
  const response = await page.goto(`${url.pathname}?${next.toString()}`);
  const html = (await response?.text()) ?? "";
  const refresh = /<meta http-equiv="refresh" content="(\d+);url=/.exec(html);
  if (refresh) expect(Number(refresh[1])).toBeLessThanOrEqual(secondsLeft);
  else expect(html, "neither the game's last second nor its end").toContain("Time’s up!");
}
