import {
  applyKey,
  checkAnswer,
  formatNumber,
  problemSequence,
  questionsOf,
  sanitizeAnswer,
  timeLimitOf,
  type SubmittedAnswer,
} from "~/game";
import type { Player } from "~/auth/player.server";
import { now } from "~/utils/clock.server";
import { PROGRESS_KEPT_AFTER_DEADLINE_MS, recordPagedAnswers, recordedPagedAnswers } from "./paged-progress.server";
import {
  TICKET_MESSAGES,
  checkRunTicket,
  openAnswers,
  runDeadline,
  sealAnswers,
  type CheckedTicket,
} from "./tokens.server";

/**
 * The server-driven game (no JavaScript: docs/decisions/0004-server-driven-game.md): one problem per page. A run
 * in progress is its signed token plus its answers so far, sealed to that token and stamped with the server's
 * clock; both travel in the page's URL and forms, so nothing is stored until the finish. Shared by the site's game
 * (/game/play) and the pupils' (/student-game/play): `base` is the page's own path.
 *
 * Every earlier page holds a validly sealed prefix of the answers, so the server also remembers each game's
 * answers (paged-progress.server.ts): an older page, shown again or posted (Back), leads back to the newest state,
 * an answer index is answered once, and a finish counts every answer taken, whatever page it came from.
 */
/** A no-JavaScript game posted long after its time ran out (its record of answers is gone). */
export const FINISHED_LONG_AGO = "This game was sent after its time ran out, so it cannot be scored.";

/**
 * A game's page addressed to its play screen (`#play`), so it opens scrolled to the game, the site's header above it
 * out of the way (docs/product.md#play-screen-sizes): where a start, a key or an answer leads. Not the page's timed
 * refresh: a refresh to the same address with a fragment would only scroll, never load.
 */
export function atPlayScreen(url: string): string {
  return `${url}#play`;
}

export type PagedRun = {
  ticket: CheckedTicket;
  token: string;
  answers: SubmittedAnswer[];
  player: Player;
  /** The page was an older state than the server's record (Back): what it posts is not taken. */
  stale: boolean;
};

export function pagedUrl(
  base: string,
  token: string,
  answers: readonly SubmittedAnswer[],
  extra?: Record<string, string>,
): string {
  const params = new URLSearchParams({ token, answers: sealAnswers(token, answers), ...extra });
  return `${base}?${params.toString()}`;
}

/** The run a page or form carries, if it is genuine, playable here and the player's own. */
export function openPagedRun(
  player: Player | null,
  token: unknown,
  sealedAnswers: unknown,
): { ok: true; run: PagedRun } | { ok: false; status: 400 | 403; message: string } {
  const checked = checkRunTicket(token, player);
  if (!checked.ok) return checked;
  // A checked ticket came from a string token; the types do not know it.
  if (typeof token !== "string") return { ok: false, status: 400, message: TICKET_MESSAGES.badToken };
  const sealed = openAnswers(token, sealedAnswers);
  if (!sealed)
    return { ok: false, status: 400, message: "The answers so far could not be read. Please start a new game." };
  const at = now();
  if (at > runDeadline(checked.ticket) + PROGRESS_KEPT_AFTER_DEADLINE_MS) {
    return { ok: false, status: 400, message: FINISHED_LONG_AGO };
  }
  const recorded = recordedPagedAnswers(checked.ticket.id, at);
  const stale = recorded !== undefined && recorded.length > sealed.length;
  const answers = stale ? recorded : sealed;
  return { ok: true, run: { ticket: checked.ticket, token, answers, player: checked.player, stale } };
}

/** What the page shows: the next problem with the time left, or the time-up page. */
export function pagedView(run: PagedRun, pendingInput: string, base: string) {
  const { ticket, token, answers } = run;
  const sealed = sealAnswers(token, answers);
  const msLeft = runDeadline(ticket) - now();
  // A calm game is over after its last question, with no clock (docs/product.md#calm-mode).
  const questions = questionsOf(ticket.spec);
  const done = questions !== null && answers.length >= questions;
  if (msLeft <= 0 || done)
    return { kind: "time-up" as const, token, sealed, answered: answers.length, calm: questions !== null };
  const problemAt = problemSequence(ticket.spec, ticket.seed);
  const right = (a: SubmittedAnswer) => checkAnswer(ticket.spec.mode, problemAt(a.i), a.value) === true;
  const last = answers[answers.length - 1];
  return {
    kind: "play" as const,
    token,
    sealed,
    stateUrl: pagedUrl(base, token, answers),
    problem: problemAt(answers.length),
    number: answers.length + 1,
    score: answers.filter(right).length,
    lastCorrect: last ? right(last) : null,
    /** The right answer to the last problem answered, as the game shows numbers (the pupils' feedback says it). */
    lastAnswer: last ? formatNumber(problemAt(last.i).answer) : null,
    /** The last problem answered, for the feedback's sum with its answer ('7 × 8 = 56'). */
    lastProblem: last ? problemAt(last.i) : null,
    pending: sanitizeAnswer(pendingInput),
    secondsLeft: msLeft / 1000,
    limit: timeLimitOf(ticket.spec),
    /** A calm game's question count, shown in place of the clock; null for a timed game. */
    questions,
  };
}

/**
 * Where a form post leads (at the play screen): a number-pad key edits the pending answer, Enter answers (stamped
 * with the server's time; an empty answer counts as nothing), and past the deadline nothing more is taken.
 */
export function urlAfterInput(run: PagedRun, input: { key: unknown; answer: unknown }, base: string): string {
  return atPlayScreen(pagedUrlAfter(run, input, base));
}

function pagedUrlAfter(run: PagedRun, input: { key: unknown; answer: unknown }, base: string): string {
  const { ticket, token, answers } = run;
  // Past the deadline, or posted from an older page: nothing is taken, the newest state is shown.
  const questions = questionsOf(ticket.spec);
  const over = questions !== null && answers.length >= questions;
  if (now() > runDeadline(ticket) || run.stale || over) return pagedUrl(base, token, answers);
  const typed = sanitizeAnswer(typeof input.answer === "string" ? input.answer : "");
  if (typeof input.key === "string" && input.key !== "enter")
    return pagedUrl(base, token, answers, { input: applyKey(typed, input.key) });
  if (typed === "") return pagedUrl(base, token, answers);
  const next = [...answers, { i: answers.length, value: typed, t: now() - ticket.startedAt }];
  recordPagedAnswers(ticket.id, next, runDeadline(ticket), now());
  return pagedUrl(base, token, next);
}
