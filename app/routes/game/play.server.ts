import { applyKey, checkAnswer, problemSequence, sanitizeAnswer, timeLimitOf, type SubmittedAnswer } from "~/game";
import type { Player } from "~/auth/player.server";
import { now } from "~/utils/clock.server";
import {
  TICKET_MESSAGES,
  checkRunTicket,
  openAnswers,
  runDeadline,
  sealAnswers,
  type CheckedTicket,
} from "~/runs/tokens.server";

/**
 * The server-driven game (no JavaScript): one problem per page. A run in progress is its signed token
 * plus its answers so far, sealed to that token and stamped with the server's clock; both travel in the
 * page's URL and forms, so nothing is stored until the finish.
 *
 * Known limit: every earlier page holds a validly sealed prefix of the answers, so Back then a new answer
 * replaces a wrong one. It costs the player the time it takes, and the deadline is the server's; stopping
 * it would need server-side state per running game, which this design avoids.
 */
export type PagedRun = { ticket: CheckedTicket; token: string; answers: SubmittedAnswer[]; player: Player };

export function playUrl(token: string, answers: readonly SubmittedAnswer[], extra?: Record<string, string>): string {
  const params = new URLSearchParams({ token, answers: sealAnswers(token, answers), ...extra });
  return `/game/play?${params.toString()}`;
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
  const answers = openAnswers(token, sealedAnswers);
  if (!answers)
    return { ok: false, status: 400, message: "The answers so far could not be read. Please start a new game." };
  return { ok: true, run: { ticket: checked.ticket, token, answers, player: checked.player } };
}

/** What the page shows: the next problem with the time left, or the time-up page. */
export function pagedView(run: PagedRun, pendingInput: string) {
  const { ticket, token, answers } = run;
  const sealed = sealAnswers(token, answers);
  const msLeft = runDeadline(ticket) - now();
  if (msLeft <= 0) return { kind: "time-up" as const, token, sealed, answered: answers.length };
  const problemAt = problemSequence(ticket.spec, ticket.seed);
  const right = (a: SubmittedAnswer) => checkAnswer(ticket.spec.mode, problemAt(a.i), a.value) === true;
  const last = answers[answers.length - 1];
  return {
    kind: "play" as const,
    token,
    sealed,
    stateUrl: playUrl(token, answers),
    problem: problemAt(answers.length),
    number: answers.length + 1,
    score: answers.filter(right).length,
    lastCorrect: last ? right(last) : null,
    pending: sanitizeAnswer(pendingInput),
    secondsLeft: msLeft / 1000,
    limit: timeLimitOf(ticket.spec),
  };
}

/**
 * Where a form post leads: a number-pad key edits the pending answer, Enter answers (stamped with the
 * server's time; an empty answer counts as nothing), and past the deadline nothing more is taken.
 */
export function urlAfterInput(run: PagedRun, input: { key: unknown; answer: unknown }): string {
  const { ticket, token, answers } = run;
  if (now() > runDeadline(ticket)) return playUrl(token, answers);
  const typed = sanitizeAnswer(typeof input.answer === "string" ? input.answer : "");
  if (typeof input.key === "string" && input.key !== "enter")
    return playUrl(token, answers, { input: applyKey(typed, input.key) });
  if (typed === "") return playUrl(token, answers);
  return playUrl(token, [...answers, { i: answers.length, value: typed, t: now() - ticket.startedAt }]);
}
