import { practicePlay } from "~/game";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PracticeGame } from "~/components/game/practice-game";
import { PracticeResults } from "~/components/game/practice-results";
import { PracticeStart } from "~/components/game/practice-start";
import { getOrCreatePlayer, getPlayer, ownerOf, type Player } from "~/auth/player.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { PLAY_IN_PAGE, focusOfRun, opsOfFacts, practiceSpec, soloPracticeScope } from "~/runs/practice.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { getMemberProfile } from "~/models/users.server";
import { defaultSoloSettings, soloSettingsFrom } from "~/utils/solo-settings";
import { lastSoloSettings } from "./last-settings.server";
import { atPlayScreen, playUrl } from "./play.server";
import { specFromStartParams } from "./start-params.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * "Practise my facts" for members and visitors (docs/product.md#practise-my-facts). A POST starts a practice run:
 * from the start dialog over its ticked operations, or "Practise these" from a finished run's wrong answers. The
 * run is played page by page at /game/play without JavaScript, or here in the page with it (the button said so).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Practise my facts",
    description: "Practise the sums you are still learning.",
    path: "/game/practice",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

const CANNOT_PRACTISE = "This practice cannot start";

function refused(status: number, message: string, headers?: HeadersInit) {
  return data({ kind: "refused" as const, message }, { status, headers });
}

/**
 * Without a token, the choice of operations to practise (ticked as the player's game settings are); with one, the
 * practice page's own run: a genuine practice token of this player's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request, "/student-game/practice");
  const token = new URL(request.url).searchParams.get("token");
  const player = await getPlayer(request);
  if (token === null) {
    const saved =
      player?.kind === "member"
        ? soloSettingsFrom(getMemberProfile(player.userId)?.soloSettings)
        : await lastSoloSettings(request);
    return { kind: "choose" as const, operations: (saved ?? defaultSoloSettings()).operations, result: undefined };
  }
  const checked = checkRunTicket(token, player);
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "practice") return refused(400, "This game is not practice.");
  return { kind: "play" as const, run: { token, spec, seed }, pagedUrl: atPlayScreen(playUrl(token, [])) };
}

async function startFor(request: Request, form: URLSearchParams) {
  if (form.has("runId")) {
    const player = await getPlayer(request);
    const focus = focusOfRun(form.get("runId"), player);
    if (!focus.ok) return { ok: false as const, response: refused(focus.status, focus.message) };
    return { ok: true as const, player: player as Player, headers: new Headers(), ops: opsOfFacts(focus.focus), focus };
  }
  const parsed = specFromStartParams(form);
  if (!parsed.ok || parsed.value.mode !== "solo") {
    const result = parsed.ok ? undefined : parsed.result;
    const operations = defaultSoloSettings().operations;
    return { ok: false as const, response: data({ kind: "choose" as const, operations, result }, { status: 400 }) };
  }
  const { player, headers } = await getOrCreatePlayer(request);
  return { ok: true as const, player, headers, ops: parsed.value.operations, focus: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request, "/student-game/practice");
  const form = await readForm(request);
  const start = await startFor(request, form);
  if (!start.ok) return start.response;
  const { player, headers } = start;
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok)
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, headers));
  const spec = practiceSpec(player, soloPracticeScope(start.ops), start.focus?.focus ?? []);
  if (!spec) return refused(400, "There are no facts to practise with these choices.", headers);
  const { token } = issueRun(spec, player);
  headers.set("Cache-Control", "no-store");
  if (form.get("go") === PLAY_IN_PAGE) throw redirect(`/game/practice?token=${encodeURIComponent(token)}`, { headers });
  throw redirect(atPlayScreen(playUrl(token, [])), { headers });
}

export default function PracticePage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const d = acted ?? loaded;
  if (d.kind === "choose") return <PracticeStart operations={d.operations} lastResult={d.result} />;
  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">{CANNOT_PRACTISE}</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          <Link to="/game" className="button button-secondary">
            Start a new game
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      {/* Opened without JavaScript (a kept link): the same run, page by page. */}
      <noscript>
        <p className="page page-narrow">
          <a href={d.pagedUrl}>Play this practice page by page</a>
        </p>
      </noscript>
      <PracticeGame
        run={d.run}
        play={practicePlay}
        finishUrl="/game/finish"
        failTitle={saveFailedTitle(false)}
        againTo="/game"
      >
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
          />
        )}
      </PracticeGame>
    </>
  );
}
