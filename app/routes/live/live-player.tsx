import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import { useForm, type FormReply } from "~/components/forms/use-form";
import { PlayerIsland } from "~/components/live/player-island";
import { RouteError } from "~/components/route-error";
import { formError } from "~/forms/form-parse";
import { parseLiveAnswer } from "~/forms/live.server";
import { formatProblem } from "~/game/format";
import { answerLive, playerState } from "~/live-hub/registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { livePaths } from "~/live/protocol";
import { resultWords } from "~/live/result-words";
import { now } from "~/utils/clock.server";
import { readForm } from "~/utils/request.server";
import { requirePlayer } from "./live.server";
import { liveHead } from "./live-head";

/*
 * A player's page (docs/product.md#live-game). With JavaScript, the island plays the game on the device. Without
 * it: a lobby page that refreshes itself, then one problem a page (each answer timed by the server, as the game
 * without JavaScript is: docs/product.md#server-driven-game-without-javascript), then the result.
 */

export const { links, meta } = liveHead({
  title: "Live game",
  description: "Your live maths game.",
  path: livePaths.join,
  robots: "noindex, nofollow",
});

export const headers = () => ({ "Cache-Control": "no-store" });

export function loader({ request, params }: LoaderFunctionArgs) {
  const { game, player } = requirePlayer(request, params.code);
  const at = now();
  const state = playerState(game, player, at);
  const playing = game.phase === "playing" && game.endsAt !== null && at < game.endsAt;
  const problem = playing
    ? { i: player.answers.length, text: formatProblem(game.problems(player.answers.length)).text }
    : null;
  // Without JavaScript the page comes back by itself: soon in the lobby, at the end while playing.
  const refresh = playing
    ? Math.max(1, Math.ceil(((game.endsAt ?? at) - at) / 1000) + 3)
    : game.phase === "podium"
      ? 5
      : 2;
  return { code: game.code, state, problem, refresh };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { game, token } = requirePlayer(request, params.code);
  const parsed = parseLiveAnswer(await readForm(request));
  if (!parsed.ok) return data({ result: parsed.result }, { status: 400 });
  const startsAt = game.startsAt ?? now();
  const outcome = answerLive(game.code, token, [{ i: parsed.value.i, value: parsed.value.value, t: now() - startsAt }]);
  if (!outcome.ok)
    return data(
      { result: formError(outcome.status === 409 ? M.notPlaying : outcome.message) },
      { status: outcome.status },
    );
  if (outcome.refused) return data({ result: formError(outcome.refused) }, { status: 400 });
  return redirect(livePaths.player(game.code), { headers: { "Cache-Control": "no-store" } });
}

export default function LivePlayer() {
  const { code, state, problem, refresh } = useLoaderData<typeof loader>();
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
            <meta httpEquiv="refresh" content={String(refresh)} />
          </noscript>
          <PagedGame state={state} problem={problem} lastResult={reply?.result} />
        </>
      )}
    </section>
  );
}

function PagedGame({
  state,
  problem,
  lastResult,
}: {
  state: ReturnType<typeof useLoaderData<typeof loader>>["state"];
  problem: { i: number; text: string } | null;
  lastResult: FormReply | undefined;
}) {
  const [form, fields] = useForm({ id: "live-answer", lastResult });
  const field = fields.value!;
  return (
    <div className="live-player">
      <p>
        You are <strong data-testid="my-name">{state.name}</strong>
      </p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      {state.phase === "lobby" ? <p className="lead">You are in! Wait for your teacher to start.</p> : null}
      {state.phase === "countdown" || (state.phase === "playing" && !problem) ? (
        <p className="lead">
          {state.phase === "countdown" ? "Get ready…" : `Time is up! ${state.right} right. Wait for the results…`}
        </p>
      ) : null}
      {problem ? (
        <Form id={form.id} method="post" noValidate className="live-answer">
          <input type="hidden" name="i" value={problem.i} />
          <div className="field">
            <label htmlFor={field.id} className="live-problem">
              {problem.text}
            </label>
            <FieldError field={field} />
            <input
              id={field.id}
              name={field.name}
              className="code-input"
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              {...fieldAria(field)}
            />
          </div>
          <button type="submit" className="button button-primary">
            Answer
          </button>
          <p data-testid="my-right">{state.right} right</p>
        </Form>
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
