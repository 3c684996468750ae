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
import { TablesStart } from "~/components/game/tables-start";
import { getOrCreatePlayer, getPlayer, ownerOf } from "~/auth/player.server";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import { tablesPlay } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { PLAY_IN_PAGE } from "~/runs/practice.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { defaultTablesSettings, tablesSpec } from "~/utils/tables-settings";
import { lastTablesSettings, rememberSoloSettings } from "./last-settings.server";
import { atPlayScreen, playUrl } from "./play.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * The times-tables game for members and visitors (docs/product.md#times-tables-game). Without a token, the choice of
 * tables (from the link's own `tables=7&tables=8`, else the last game's, else none); a POST starts a run over them,
 * played page by page at /game/play without JavaScript, or here in the page with it (the button said so).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Times tables",
    description: "Pick a times table, or a mix, and answer as many as you can before the clock runs out.",
    path: "/game/tables",
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

function refused(status: number, message: string) {
  return data({ kind: "refused" as const, message }, { status });
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request);
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  if (token === null) {
    // A link may name its own settings; a refused one shows its message, the rest as sent.
    if (query.has("tables")) {
      const parsed = parseTablesSettings(query);
      if (parsed.ok) return { kind: "choose" as const, defaults: parsed.value, result: undefined };
      return data(
        { kind: "choose" as const, defaults: defaultTablesSettings(), result: parsed.result },
        { status: 400 },
      );
    }
    const saved = await lastTablesSettings(request);
    return { kind: "choose" as const, defaults: saved ?? defaultTablesSettings(), result: undefined };
  }
  const checked = checkRunTicket(token, await getPlayer(request));
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "tables") return refused(400, "This game is not a times tables game.");
  return { kind: "play" as const, run: { token, spec, seed }, pagedUrl: atPlayScreen(playUrl(token, [])) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request);
  const form = await readForm(request);
  // The form always sends the boxes ticked: none is refused beside them.
  const parsed = parseTablesSettings(form, { noOperationsMeansNone: true });
  if (!parsed.ok) {
    return data({ kind: "choose" as const, defaults: defaultTablesSettings(), result: parsed.result }, { status: 400 });
  }
  const { player, headers } = await getOrCreatePlayer(request);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok) {
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, headers));
  }
  const spec = tablesSpec(parsed.value);
  const { token } = issueRun(spec, player);
  // The form shows these settings again next time.
  await rememberSoloSettings(request, headers, player, spec);
  headers.set("Cache-Control", "no-store");
  if (form.get("go") === PLAY_IN_PAGE) throw redirect(`/game/tables?token=${encodeURIComponent(token)}`, { headers });
  throw redirect(atPlayScreen(playUrl(token, [])), { headers });
}

export default function TablesPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const d = acted ?? loaded;
  if (d.kind === "choose") return <TablesStart defaults={d.defaults} lastResult={d.result} />;
  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">This game cannot start</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          <Link to="/game/tables" className="button button-secondary">
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
      <PracticeGame
        run={d.run}
        play={tablesPlay}
        waiting="Getting your times tables ready…"
        finishUrl="/game/finish"
        failTitle={saveFailedTitle(false)}
        againTo="/game/tables"
      >
        {(saved) => (
          <PracticeResults
            summary={saved.summary}
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
            tables
          />
        )}
      </PracticeGame>
    </>
  );
}
