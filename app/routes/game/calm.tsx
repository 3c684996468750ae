import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CalmGame } from "~/components/game/calm-game";
import { CalmStart, type CalmChoices } from "~/components/game/calm-start";
import { PracticeResults } from "~/components/game/practice-results";
import { getOrCreatePlayer, getPlayer, ownerOf, type Player } from "~/auth/player.server";
import { parseCalmStart } from "~/forms/calm-settings.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { getMemberProfile } from "~/models/users.server";
import { pagedUrl } from "~/runs/paged.server";
import { PLAY_IN_PAGE } from "~/runs/practice.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import { CALM_PLAY_TEXTS as T } from "~/utils/calm-play";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { defaultSoloSettings, soloSettingsFrom } from "~/utils/solo-settings";
import { lastCalmSettings, lastSoloSettings, playsCalmly, rememberCalmSettings } from "./last-settings.server";
import { atPlayScreen } from "./play.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * The calm game for members and visitors (docs/product.md#calm-play): without a token, its start (the last calm
 * game's choices, else the solo ones); a POST starts a run, played page by page at /game/calm/play without JavaScript,
 * or here in the page with it (the button said so). Never on a board; saved for the player like every run.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Calm play",
    description: "Maths with no clock on the screen: 20 questions at your own speed.",
    path: "/game/calm",
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

/** The calm game's pages without JavaScript (calm-play.tsx). */
const CALM_PLAY_BASE = "/game/calm/play";

function refused(status: number, message: string) {
  return data({ kind: "refused" as const, message }, { status });
}

async function choicesFor(request: Request, player: Player | null): Promise<CalmChoices> {
  const calm = await lastCalmSettings(request);
  const solo =
    player?.kind === "member"
      ? soloSettingsFrom(getMemberProfile(player.userId)?.soloSettings)
      : await lastSoloSettings(request);
  const { difficulty, operations } = calm ?? solo ?? defaultSoloSettings();
  return { difficulty, operations, always: player?.kind !== "member" && (await playsCalmly(request, player)) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const token = new URL(request.url).searchParams.get("token");
  const player = await getPlayer(request);
  const member = player?.kind === "member";
  if (token === null) {
    return { kind: "choose" as const, defaults: await choicesFor(request, player), member, result: undefined };
  }
  const checked = checkRunTicket(token, player);
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "calm") return refused(400, "This game is not a calm game.");
  return {
    kind: "play" as const,
    run: { token, spec, seed },
    pagedUrl: atPlayScreen(pagedUrl(CALM_PLAY_BASE, token, [])),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request);
  const form = await readForm(request);
  const parsed = parseCalmStart(form);
  if (!parsed.ok) {
    const player = await getPlayer(request);
    const defaults = await choicesFor(request, player);
    const member = player?.kind === "member";
    return data({ kind: "choose" as const, defaults, member, result: parsed.result }, { status: 400 });
  }
  const { player, headers } = await getOrCreatePlayer(request);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok) {
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, headers));
  }
  const { difficulty, operations, always } = parsed.value;
  const { token } = issueRun({ mode: "calm", difficulty, operations }, player);
  // The form shows these choices again next time; a visitor's `always` is kept or taken away (members have settings).
  await rememberCalmSettings(request, headers, { difficulty, operations }, player.kind === "anon" && always);
  headers.set("Cache-Control", "no-store");
  if (form.get("go") === PLAY_IN_PAGE) throw redirect(`/game/calm?token=${encodeURIComponent(token)}`, { headers });
  throw redirect(atPlayScreen(pagedUrl(CALM_PLAY_BASE, token, [])), { headers });
}

export default function CalmPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const d = acted ?? loaded;
  if (d.kind === "choose") return <CalmStart defaults={d.defaults} member={d.member} lastResult={d.result} />;
  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">This game cannot start</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          <Link to="/game/calm" className="button button-secondary">
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
          <a href={d.pagedUrl}>Play this game page by page</a>
        </p>
      </noscript>
      <CalmGame run={d.run} waiting={T.waiting} failTitle={saveFailedTitle(false)} againTo="/game/calm">
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
            calm
          />
        )}
      </CalmGame>
    </>
  );
}
