import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MtcGame } from "~/components/game/mtc-game";
import { MTC_AGAIN, MTC_TITLE, MtcStart } from "~/components/game/mtc-parts";
import { getOrCreatePlayer, getPlayer, ownerOf } from "~/auth/player.server";
import { DEFAULT_MTC_QUESTION_SECONDS } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { mtcSpec } from "~/runs/mtc.server";
import { atPlayScreen, pagedUrl } from "~/runs/paged.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * The Multiplication Tables Check rehearsal for members and visitors
 * (docs/product.md#multiplication-tables-check-rehearsal): its start screen; a POST starts a run, played here in the
 * page with JavaScript (the button said so) or page by page at /game/mtc/play without it.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: MTC_TITLE,
    description: "Rehearse the Multiplication Tables Check: 25 questions, 6 seconds each.",
    path: "/game/mtc",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

const BASE = "/game/mtc/play";

function refused(status: number, message: string, headers?: HeadersInit) {
  return data({ kind: "refused" as const, message }, { status, headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request, "/student-game/mtc");
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { kind: "start" as const, seconds: DEFAULT_MTC_QUESTION_SECONDS };
  const checked = checkRunTicket(token, await getPlayer(request));
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "mtc") return refused(400, "This game is not a times tables check.");
  return { kind: "play" as const, run: { token, spec, seed }, pagedUrl: atPlayScreen(pagedUrl(BASE, token, [])) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request, "/student-game/mtc");
  const form = await readForm(request);
  const { player, headers } = await getOrCreatePlayer(request);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok)
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, headers));
  const { token } = issueRun(mtcSpec(), player);
  headers.set("Cache-Control", "no-store");
  if (form.get("go") === "island") throw redirect(`/game/mtc?token=${encodeURIComponent(token)}`, { headers });
  throw redirect(atPlayScreen(pagedUrl(BASE, token, [])), { headers });
}

export default function MtcPage() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "start") return <MtcStart action="/game/mtc" seconds={d.seconds} />;
  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">This check cannot start</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          <Link to="/game/mtc" className="button button-secondary">
            {MTC_AGAIN}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <>
      <noscript>
        <p className="page page-narrow">
          <a href={d.pagedUrl}>Play this check page by page</a>
        </p>
      </noscript>
      <MtcGame run={d.run} finishUrl="/game/finish" resultsUrl={(runId) => `/game/results/${runId}`} />
    </>
  );
}
