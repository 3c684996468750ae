import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Island } from "~/components/game/island";
import { FinalScreen } from "~/components/multiplayer/final-screen";
import { RoundSummary, WaitingScreen } from "~/components/multiplayer/match-screens";
import { Scoreboard } from "~/components/multiplayer/scoreboard";
import { SetupForm } from "~/components/multiplayer/setup-form";
import {
  TURN_MS,
  initialMatch,
  matchReducer,
  multiplayerPlay,
  randomSeedFromBytes,
  restoreMatch,
  turnSeed,
  type MatchAction,
  type MatchState,
} from "~/game";
import type { RootData } from "~/root";
import gameStyles from "~/styles/game.css?url";
import { parseMatchSetup, parsePlayersChoice } from "~/forms/match-setup.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Two Player Maths Game",
    description:
      "Hot-seat mental maths for 2 to 6 players on one device: take 60-second turns over up to three rounds.",
    keywords: ["multiplayer maths games", "2 player maths", "family maths games", "maths competition"],
    path: "/two-player",
  });

/**
 * `?players=N`: how many players the setup starts with (without JavaScript, the page's own Players form sends it, so
 * the page shows exactly that many name fields). Anything but 2 to 6 shows the default, with the message beside the
 * Players field.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const choice = parsePlayersChoice(new URL(request.url).searchParams);
  return choice.ok ? { players: choice.value, result: undefined } : { players: null, result: choice.result };
}

/**
 * The setup is checked here, with JavaScript on or off. With it, the page then starts the match on the
 * device; without it, the page explains that the turns themselves need JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseMatchSetup(await readForm(request));
  if (!parsed.ok) return data({ ok: false as const, result: parsed.result }, { status: 400 });
  return { ok: true as const, settings: parsed.value };
}

const STORAGE_KEY = "two-player-match";

type Action = MatchAction | { type: "restore"; state: MatchState };
function reducer(state: MatchState, action: Action): MatchState {
  return action.type === "restore" ? action.state : matchReducer(state, action);
}

function newSeed(): string {
  return randomSeedFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

export default function TwoPlayerPage() {
  const actionData = useActionData<typeof action>();
  const choice = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(reducer, initialMatch);
  const [restored, setRestored] = useState(false);

  // The match lives on this device; session storage keeps it through a reload.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(STORAGE_KEY);
      if (saved) dispatch({ type: "restore", state: restoreMatch(JSON.parse(saved)) });
    } catch {
      // Unreadable storage: start at setup.
    }
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    try {
      if (state.phase === "setup") sessionStorage.removeItem(STORAGE_KEY);
      else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Private browsing may refuse storage; the match still plays.
    }
  }, [state, restored]);

  // Each accepted setup starts one match on the device (a new action reply is a new object).
  const started = useRef<unknown>(null);
  useEffect(() => {
    if (!hydrated || !actionData?.ok || started.current === actionData) return;
    started.current = actionData;
    dispatch({ type: "start", settings: actionData.settings, seed: newSeed() });
  }, [actionData, hydrated]);

  if (state.phase === "setup") {
    if (actionData?.ok && !hydrated) {
      return (
        <section className="page page-narrow" aria-labelledby="needs-js-heading">
          <h1 id="needs-js-heading">Your match is ready: {actionData.settings.playerNames.join(", ")}</h1>
          <p className="lead">
            Taking turns needs JavaScript, which is turned off or not available in this browser. Turn it on and reload
            this page to play together, or practise on your own: solo play works without it.
          </p>
          <div className="button-row">
            <Link to="/game" className="button button-primary">
              Play Solo
            </Link>
            <Link to={`/two-player?players=${actionData.settings.playerCount}`} className="button button-secondary">
              Back to Setup
            </Link>
          </div>
        </section>
      );
    }
    // A reply to the setup comes first; the Players choice of the address only counts until there is one.
    const lastResult = actionData ? (actionData.ok ? undefined : actionData.result) : choice.result;
    return <SetupForm lastResult={lastResult} players={choice.players} hydrated={hydrated} />;
  }

  if (state.phase === "results") {
    return (
      <FinalScreen
        players={state.players}
        siteUrl={root?.siteUrl ?? ""}
        onPlayAgain={() => dispatch({ type: "playAgain", seed: newSeed() })}
        onNewSetup={() => dispatch({ type: "newSetup" })}
      />
    );
  }

  const player = state.players[state.current]!;
  // A stray tap must not throw away a match in progress.
  const backToSetup = () => {
    if (window.confirm("Leave this match and go back to setup? The scores so far will be lost."))
      dispatch({ type: "backToSetup" });
  };
  let screen;
  if (state.turn === "waiting") {
    screen = (
      <WaitingScreen
        player={player.name}
        round={state.round}
        rounds={state.settings.rounds}
        onStart={() => dispatch({ type: "startTurn", now: Date.now() })}
      />
    );
  } else if (state.turn === "round-end") {
    screen = (
      <RoundSummary round={state.round} players={state.players} onNext={() => dispatch({ type: "startNextRound" })} />
    );
  } else {
    const elapsed = Math.max(0, TURN_MS - ((state.turnEndsAt ?? Date.now()) - Date.now()));
    screen = (
      <div>
        <p className="turn-banner" aria-live="polite">
          {player.name} · Round {state.round} of {state.settings.rounds}
        </p>
        <Island
          key={`${state.round}-${state.current}`}
          play={multiplayerPlay}
          run={{
            token: "",
            spec: { mode: "multiplayer", difficulty: state.settings.difficulty },
            seed: turnSeed(state.seed, state.round, state.current),
          }}
          initialElapsedMs={Math.min(elapsed, TURN_MS)}
          firstIndex={state.turnAnswers}
          firstScore={state.turnRight}
          counter="answered"
          onAnswer={(correct) => dispatch({ type: "answer", correct })}
          onFinish={() => dispatch({ type: "endTurn" })}
        />
      </div>
    );
  }
  return (
    <div className="results-layout">
      {screen}
      <Scoreboard players={state.players} current={state.current} onBackToSetup={backToSetup} />
    </div>
  );
}
