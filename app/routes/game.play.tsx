import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Countdown } from "~/components/game/countdown";
import { NumberPad } from "~/components/game/number-pad";
import { ProblemDisplay } from "~/components/game/problem-display";
import { StartDialog } from "~/components/game/start-dialog";
import { applyKey, checkAnswer, problemSequence, sanitizeAnswer, timeLimitOf } from "~/game";
import { getOrCreatePlayer, getPlayer, ownerOf } from "~/auth/player.server";
import { FINISH_MESSAGES, finishRun, issueRun, openAnswers, readRunToken, runDeadline, sealAnswers } from "~/models/runs.server";
import { flashHeaders } from "~/utils/flash.server";
import gameStyles from "~/styles/game.css?url";
import { now } from "~/utils/clock.server";
import { pageMeta } from "~/utils/meta";
import { challengeInfoById } from "~/models/daily.server";
import { specFromStartParams } from "~/models/start.server";
import { saveFailedTitle, savedMessage } from "~/utils/game-messages";
import { defaultSoloSettings } from "~/utils/solo-settings";
import { readForm } from "~/utils/request.server";

/**
 * The game without JavaScript: one problem per page, one form per answer. The run's signed token and its
 * sealed answers so far travel in the URL and the form; the page refreshes itself at the deadline and the
 * finish goes through the same verification as the island's.
 *
 * Known limit: every earlier page holds a validly sealed prefix of the answers, so Back then a new answer
 * replaces a wrong one. It costs the player the time it takes, and the deadline is the server's; stopping
 * it would need server-side state per running game, which this design avoids.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args, {
    title: "Play",
    description: "Answer as many as you can before the time runs out.",
    path: "/game",
    robots: "noindex, nofollow",
  });
  const d = args.data;
  if (d?.kind === "play") tags.push({ httpEquiv: "refresh", content: `${Math.ceil(d.secondsLeft)};url=${d.stateUrl}` });
  return tags;
};

const CANNOT_CONTINUE = "This game cannot continue";

function stateUrl(token: string, sealed: string, extra?: Record<string, string>) {
  const params = new URLSearchParams({ token, answers: sealed, ...extra });
  return `/game/play?${params.toString()}`;
}

async function loadRun(request: Request, token: string | null, sealedAnswers: unknown) {
  const ticket = readRunToken(token);
  if (!ticket || !token || (ticket.spec.mode !== "solo" && ticket.spec.mode !== "daily")) return { error: FINISH_MESSAGES.badToken, status: 400 } as const;
  const player = await getPlayer(request);
  if (!player || ownerOf(player) !== ticket.owner) return { error: FINISH_MESSAGES.notYours, status: 403 } as const;
  const answers = openAnswers(token, sealedAnswers);
  if (!answers) return { error: "The answers so far could not be read. Please start a new game.", status: 400 } as const;
  return { ticket, token, answers };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");

  if (!token) {
    // A new game from the start form.
    const parsed = specFromStartParams(url.searchParams);
    if (!parsed.ok) {
      return data({ kind: "settings-error" as const, errors: parsed.errors, defaults: defaultSoloSettings() }, { status: 400 });
    }
    const { player, headers } = await getOrCreatePlayer(request);
    const { token: newToken } = issueRun(parsed.spec, player);
    throw redirect(stateUrl(newToken, sealAnswers(newToken, [])), { headers });
  }

  const run = await loadRun(request, token, url.searchParams.get("answers"));
  if ("error" in run) return data({ kind: "refused" as const, title: CANNOT_CONTINUE, message: run.error, again: "/game" }, { status: run.status });
  const { ticket, answers } = run;
  const sealed = sealAnswers(token, answers);
  const msLeft = runDeadline(ticket) - now();
  if (msLeft <= 0) return { kind: "time-up" as const, token, sealed, answered: answers.length };

  const problemAt = problemSequence(ticket.spec, ticket.seed);
  const score = answers.filter((a) => checkAnswer(ticket.spec.mode, problemAt(a.i), a.value) === true).length;
  const last = answers[answers.length - 1];
  return {
    kind: "play" as const,
    token,
    sealed,
    stateUrl: stateUrl(token, sealed),
    problem: problemAt(answers.length),
    number: answers.length + 1,
    score,
    lastCorrect: last ? checkAnswer(ticket.spec.mode, problemAt(last.i), last.value) === true : null,
    pending: sanitizeAnswer(url.searchParams.get("input") ?? ""),
    secondsLeft: msLeft / 1000,
    limit: timeLimitOf(ticket.spec),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  const run = await loadRun(request, typeof token === "string" ? token : null, form.get("answers"));
  if ("error" in run) return data({ kind: "refused" as const, title: CANNOT_CONTINUE, message: run.error, again: "/game" }, { status: run.status });
  const { ticket, answers } = run;

  if (form.get("intent") === "finish") {
    const challenge = ticket.spec.mode === "daily" ? challengeInfoById(ticket.spec.challengeId) : null;
    const result = finishRun({ token: run.token, answers, player: await getPlayer(request), serverTimed: true });
    if (!result.ok) {
      const saved = result.status === 409 ? result.saved?.runId : undefined;
      return data(
        {
          kind: "refused" as const,
          title: saveFailedTitle(!!challenge),
          message: result.message,
          again: challenge ? "/daily-challenge" : "/game",
          resultsUrl: saved ? `/game/results/${saved}` : undefined,
        },
        { status: result.status },
      );
    }
    const headers = await flashHeaders(request, { kind: "success", title: savedMessage(challenge?.title) });
    throw redirect(`/game/results/${result.runId}`, { headers });
  }

  // Past the deadline an answer no longer counts: show the time-up page.
  if (now() > runDeadline(ticket)) throw redirect(stateUrl(run.token, sealAnswers(run.token, answers)));

  const key = form.get("key");
  const input = sanitizeAnswer(String(form.get("answer") ?? ""));
  if (typeof key === "string" && key !== "enter") {
    throw redirect(stateUrl(run.token, sealAnswers(run.token, answers), { input: applyKey(input, key) }));
  }
  // An empty submit counts as nothing.
  if (input === "") throw redirect(stateUrl(run.token, sealAnswers(run.token, answers)));
  const next = [...answers, { i: answers.length, value: input, t: now() - ticket.startedAt }];
  throw redirect(stateUrl(run.token, sealAnswers(run.token, next)));
}

export default function ServerDrivenGame() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const d = acted ?? loaded;

  if (d.kind === "settings-error") return <StartDialog defaults={d.defaults} errors={d.errors} />;

  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">{d.title}</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          {"resultsUrl" in d && d.resultsUrl ? (
            <Link to={d.resultsUrl} className="button button-primary">
              See My Results
            </Link>
          ) : null}
          <Link to={d.again} className="button button-secondary">
            Start a new game
          </Link>
        </div>
      </section>
    );
  }

  if (d.kind === "time-up") {
    return (
      <section className="page page-narrow" aria-labelledby="time-up-heading">
        <h1 id="time-up-heading">Time’s up!</h1>
        <p className="lead">You answered {d.answered === 1 ? "1 question" : `${d.answered} questions`}.</p>
        <form method="post">
          <input type="hidden" name="token" value={d.token} />
          <input type="hidden" name="answers" value={d.sealed} />
          <button type="submit" name="intent" value="finish" className="button button-primary button-large">
            See My Results
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className="game-play" aria-labelledby="play-heading">
      <h1 id="play-heading" className="visually-hidden">
        Play
      </h1>
      <div className="game-status">
        <Countdown secondsLeft={d.secondsLeft} total={d.limit} />
        <p className="game-score" data-testid="score">
          Score: {d.score}
          {d.lastCorrect === null ? null : (
            <span className={d.lastCorrect ? "last-correct" : "last-wrong"}>{d.lastCorrect ? " ✓ Correct!" : " ✗ Not quite"}</span>
          )}
        </p>
      </div>
      <ProblemDisplay problem={d.problem} number={d.number} />
      <form method="post" className="answer-form" autoComplete="off">
        <input type="hidden" name="token" value={d.token} />
        <input type="hidden" name="answers" value={d.sealed} />
        <label htmlFor="answer" className="answer-label">
          Your answer
        </label>
        <div className="answer-row">
          <input id="answer" name="answer" className="answer-input" inputMode="decimal" defaultValue={d.pending} autoFocus />
          {/* First submit button in the form, so pressing Enter in the field answers. */}
          <button type="submit" name="key" value="enter" className="button button-primary answer-submit">
            Enter
          </button>
        </div>
        <NumberPad mode="form" />
      </form>
      <p className="game-hint">
        The page moves on by itself when the time is up. <Link to="/game">Stop and start again</Link>
      </p>
    </section>
  );
}
