import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Player } from "~/auth/player.server";
import {
  FINISHED_LONG_AGO,
  openPagedRun,
  pagedUrl,
  pagedView,
  urlAfterInput,
  type PagedRun,
} from "~/runs/paged.server";
import { PROGRESS_KEPT_AFTER_DEADLINE_MS, forgetPagedAnswers } from "~/runs/paged-progress.server";
import { issueRun, openAnswers } from "~/runs/tokens.server";
import { SOLO } from "./helpers";

const me: Player = { kind: "anon", anonId: "paged-player-00000000" };
const START = Date.UTC(2026, 10, 22, 10, 0, 0);
/** The site's page-by-page game (app/routes/game/play.tsx). */
const BASE = "/game/play";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

function started(): PagedRun {
  const { token } = issueRun(SOLO, me);
  const url = new URL(pagedUrl(BASE, token, []), "http://x");
  const opened = openPagedRun(me, url.searchParams.get("token"), url.searchParams.get("answers"));
  if (!opened.ok) throw new Error(opened.message);
  return opened.run;
}

/** The run a redirect URL carries. */
function follow(url: string): PagedRun {
  const params = new URL(url, "http://x").searchParams;
  const opened = openPagedRun(me, params.get("token"), params.get("answers"));
  if (!opened.ok) throw new Error(opened.message);
  return opened.run;
}

describe("the server-driven game", () => {
  it("a number-pad key edits the pending answer and records nothing", () => {
    const run = started();
    const url = urlAfterInput(run, { key: "7", answer: "1" }, BASE);
    expect(new URL(url, "http://x").searchParams.get("input")).toBe("17");
    expect(follow(url).answers).toEqual([]);
    expect(
      new URL(urlAfterInput(run, { key: "Backspace", answer: "17" }, BASE), "http://x").searchParams.get("input"),
    ).toBe("1");
  });

  it("Enter records the answer with the server's own time; an empty one counts as nothing", () => {
    const run = started();
    vi.setSystemTime(START + 2_500);
    const after = follow(urlAfterInput(run, { key: "enter", answer: " 4x2 " }, BASE));
    expect(after.answers).toEqual([{ i: 0, value: "42", t: 2_500 }]);
    expect(follow(urlAfterInput(after, { key: "enter", answer: "" }, BASE)).answers).toHaveLength(1);
  });

  it("takes nothing after the deadline and shows the time-up page", () => {
    const run = started();
    vi.setSystemTime(START + 60_001);
    const after = follow(urlAfterInput(run, { key: "enter", answer: "5" }, BASE));
    expect(after.answers).toEqual([]);
    expect(pagedView(after, "", BASE)).toMatchObject({ kind: "time-up", answered: 0 });
  });

  it("shows the next problem, the score so far and the time left", () => {
    const run = started();
    vi.setSystemTime(START + 15_000);
    const view = pagedView(run, "3", BASE);
    expect(view).toMatchObject({
      kind: "play",
      number: 1,
      score: 0,
      lastCorrect: null,
      pending: "3",
      secondsLeft: 45,
      limit: 60,
    });
  });

  it("refuses someone else's run, a forged token and tampered answers", () => {
    const run = started();
    expect(openPagedRun({ kind: "anon", anonId: "someone-else-000000" }, run.token, "")).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(openPagedRun(null, run.token, "")).toMatchObject({ ok: false, status: 403 });
    expect(openPagedRun(me, "forged.token", "")).toMatchObject({ ok: false, status: 400 });
    const sealed = new URL(pagedUrl(BASE, run.token, [{ i: 0, value: "1", t: 500 }]), "http://x").searchParams.get(
      "answers",
    )!;
    expect(openAnswers(run.token, sealed)).toHaveLength(1);
    expect(openPagedRun(me, run.token, `x${sealed}`)).toMatchObject({ ok: false, status: 400 });
  });

  it("Back and an answer on the older page take nothing: each question is answered once, the newest state counts", () => {
    const first = started();
    vi.setSystemTime(START + 2_000);
    const oneUrl = urlAfterInput(first, { key: "enter", answer: "1" }, BASE);
    vi.setSystemTime(START + 4_000);
    const twoUrl = urlAfterInput(follow(oneUrl), { key: "enter", answer: "2" }, BASE);
    expect(follow(twoUrl).answers.map((a) => a.value)).toEqual(["1", "2"]);

    // Back to the page after the first answer: shown again, it is the newest state, not the old one.
    const back = follow(oneUrl);
    expect(back).toMatchObject({ stale: true });
    expect(back.answers.map((a) => a.value)).toEqual(["1", "2"]);
    expect(pagedView(back, "", BASE)).toMatchObject({ kind: "play", number: 3 });
    // A new answer to question 2 posted from that page is not taken.
    vi.setSystemTime(START + 6_000);
    const again = follow(urlAfterInput(back, { key: "enter", answer: "99" }, BASE));
    expect(again.answers.map((a) => a.value)).toEqual(["1", "2"]);
    // And the page from before any answer, posted as the finish, finishes with every answer taken.
    expect(follow(pagedUrl(BASE, first.token, [])).answers.map((a) => a.value)).toEqual(["1", "2"]);
  });

  it("after a restart (the record gone) the game goes on from its page; long after its deadline it is refused", () => {
    const run = started();
    vi.setSystemTime(START + 2_000);
    const url = urlAfterInput(run, { key: "enter", answer: "1" }, BASE);
    forgetPagedAnswers();
    expect(follow(url).answers).toHaveLength(1);
    vi.setSystemTime(START + 60_000 + PROGRESS_KEPT_AFTER_DEADLINE_MS + 1);
    const params = new URL(url, "http://x").searchParams;
    expect(openPagedRun(me, params.get("token"), params.get("answers"))).toEqual({
      ok: false,
      status: 400,
      message: FINISHED_LONG_AGO,
    });
  });
});
