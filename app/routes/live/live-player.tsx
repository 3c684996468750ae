import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { feedbackText, sumWithAnswer } from "~/components/game/answer-feedback";
import { AnswerField } from "~/components/game/answer-field";
import { FormNumberPad } from "~/components/game/number-pad-form";
import { PlayStatus } from "~/components/game/play-status";
import { ProblemDisplay } from "~/components/game/problem-display";
import { pagedTimer } from "~/components/game/timer-reel";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useForm, type FormReply } from "~/components/forms/use-form";
import { PlayerIsland } from "~/components/live/player-island";
import { RouteError } from "~/components/route-error";
import { formError } from "~/forms/form-parse";
import { parseLiveAnswer } from "~/forms/live.server";
import { answersMayBeDecimal, applyKey, sanitizeAnswer } from "~/game";
import { answerLive, playerState } from "~/live-hub/registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { livePaths } from "~/live/protocol";
import { resultWords } from "~/live/result-words";
import { now } from "~/utils/clock.server";
import { readForm } from "~/utils/request.server";
import { touchFirst } from "~/utils/user-agent";
import { requirePlayer } from "./live.server";
import { liveHead } from "./live-head";

/*
 * A player's page (docs/product.md#live-game). With JavaScript, the island plays the game on the device. Without
 * it: a lobby page that refreshes itself, then one problem a page, as the solo game without JavaScript is
 * (docs/product.md#server-driven-game-without-javascript): the same timer stepping down by CSS, the same number pad
 * whose keys are submit buttons (the answer being built travels in the address, `input`), the feedback on the last
 * answer, and each answer timed by the server. Then the result.
 */

export const { links, meta } = liveHead(
  {
    title: "Live game",
    description: "Your live maths game.",
    path: livePaths.join,
    robots: "noindex, nofollow",
  },
  { play: true },
);

export const headers = () => ({ "Cache-Control": "no-store" });

/** The play screen's address: scrolled to the game (`#play`), with the answer being built. */
const playAt = (code: string, input: string) =>
  `${livePaths.player(code)}?${new URLSearchParams({ input }).toString()}#play`;

export function loader({ request, params }: LoaderFunctionArgs) {
  const { game, player } = requirePlayer(request, params.code);
  const at = now();
  const state = playerState(game, player, at);
  const playing = game.phase === "playing" && game.endsAt !== null && at < game.endsAt;
  const input = new URL(request.url).searchParams.get("input");
  // The play screen opens at the game's top (a refresh from the lobby comes without the fragment).
  if (playing && input === null) throw redirect(playAt(game.code, ""), { headers: { "Cache-Control": "no-store" } });
  const k = player.answers.length;
  const last = k > 0 ? { question: k, correct: player.marks[k - 1]!, problem: game.problems(k - 1) } : null;
  const play = playing
    ? {
        i: k,
        problem: game.problems(k),
        pending: sanitizeAnswer(input ?? ""),
        secondsLeft: ((game.endsAt ?? at) - at) / 1000,
        total: game.durationSeconds,
        decimal: answersMayBeDecimal(game.spec),
        touch: touchFirst(request.headers),
        feedback: last
          ? {
              question: last.question,
              correct: last.correct,
              text: feedbackText(last.correct),
              sum: sumWithAnswer(last.problem),
            }
          : null,
      }
    : null;
  // Without JavaScript the page comes back by itself: soon in the lobby, at the end while playing.
  const refresh = playing
    ? Math.max(1, Math.ceil(((game.endsAt ?? at) - at) / 1000) + 3)
    : game.phase === "podium"
      ? 5
      : 2;
  return { code: game.code, state, play, refresh };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { game, token } = requirePlayer(request, params.code);
  const form = await readForm(request);
  const key = form.get("key");
  // A key of the pad builds the answer, as the solo game's does; only Enter answers.
  if (typeof key === "string" && key !== "enter") {
    throw redirect(playAt(game.code, applyKey(sanitizeAnswer(form.get("answer") ?? ""), key)), {
      headers: { "Cache-Control": "no-store" },
    });
  }
  const parsed = parseLiveAnswer(form);
  if (!parsed.ok) return data({ result: parsed.result }, { status: 400 });
  const startsAt = game.startsAt ?? now();
  const outcome = answerLive(game.code, token, [
    { i: parsed.value.i, value: parsed.value.answer, t: now() - startsAt },
  ]);
  if (!outcome.ok)
    return data(
      { result: formError(outcome.status === 409 ? M.notPlaying : outcome.message) },
      { status: outcome.status },
    );
  if (outcome.refused) return data({ result: formError(outcome.refused) }, { status: 400 });
  return redirect(playAt(game.code, ""), { headers: { "Cache-Control": "no-store" } });
}

export default function LivePlayer() {
  const { code, state, play, refresh } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  return (
    <section className="page page-narrow live-page" aria-labelledby="live-player-heading">
      <h1 id="live-player-heading">Live game</h1>
      {hydrated ? (
        <PlayerIsland code={code} first={state} />
      ) : (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={`${refresh};url=${livePaths.player(code)}`} />
          </noscript>
          <PagedGame state={state} play={play} lastResult={reply?.result} />
        </>
      )}
    </section>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function PagedGame({
  state,
  play,
  lastResult,
}: {
  state: Loaded["state"];
  play: Loaded["play"];
  lastResult: FormReply | undefined;
}) {
  const [form] = useForm({ id: "live-answer", lastResult });
  return (
    <div className="live-player">
      <p>
        You are <strong data-testid="my-name">{state.name}</strong>
      </p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      {state.phase === "lobby" ? <p className="lead">You are in! Wait for your teacher to start.</p> : null}
      {state.phase === "countdown" || (state.phase === "playing" && !play) ? (
        <p className="lead">
          {state.phase === "countdown" ? "Get ready…" : `Time is up! ${state.right} right. Wait for the results…`}
        </p>
      ) : null}
      {play ? (
        <section id="play" className="game-play live-play" aria-label="Play">
          <PlayStatus
            secondsLeft={play.secondsLeft}
            total={play.total}
            paged={pagedTimer(play.secondsLeft)}
            score={state.right}
            feedback={play.feedback}
          />
          <ProblemDisplay problem={play.problem} number={play.i + 1} />
          <form id={form.id} method="post" className="answer-form" autoComplete="off" noValidate>
            <input type="hidden" name="i" value={play.i} />
            <AnswerField
              decimal={play.decimal}
              touch={play.touch}
              input={{ defaultValue: play.pending, autoFocus: true }}
              enter={{ name: "key", value: "enter" }}
            />
            <FormNumberPad decimal={play.decimal} />
          </form>
        </section>
      ) : null}
      {state.phase === "podium" ? (
        <div data-testid="my-result">
          <p className="lead">{resultWords(state)}</p>
          <p>Wait here: your teacher may start another game.</p>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: livePaths.join, label: "Join a live game" }]} />;
}
