import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { MtcPagedStep } from "~/components/game/mtc-paged";
import { MTC_AGAIN, MTC_SEE_RESULTS, MTC_TITLE } from "~/components/game/mtc-parts";
import { getPlayer, ownerOf } from "~/auth/player.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { finishRun } from "~/runs/finish.server";
import { mtcPagedView, mtcUrlAfterInput } from "~/runs/mtc.server";
import { atPlayScreen, openPagedRun } from "~/runs/paged.server";
import gameStyles from "~/styles/game.css?url";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { sendPupilToOwnGame } from "~/auth/pupil-doors.server";

/*
 * The times tables check rehearsal without JavaScript (docs/product.md#multiplication-tables-check-rehearsal): one
 * page a step, each refreshing itself when its time is up; the state is the server-driven game's (mtc.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args, {
    title: MTC_TITLE,
    description: "Rehearse the Multiplication Tables Check.",
    path: "/game/mtc",
    robots: "noindex, nofollow",
  });
  const d = args.data;
  if (d && "refreshSeconds" in d) tags.push({ httpEquiv: "refresh", content: `${d.refreshSeconds};url=${d.stateUrl}` });
  return tags;
};

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

const BASE = "/game/mtc/play";

function cannotContinue(status: number, message: string, resultsUrl?: string) {
  return data({ kind: "refused" as const, message, resultsUrl }, { status });
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A logged-in pupil plays their own game (docs/product.md#a-pupils-own-games).
  await sendPupilToOwnGame(request, "/student-game/mtc");
  const url = new URL(request.url);
  const opened = openPagedRun(
    await getPlayer(request),
    url.searchParams.get("token"),
    url.searchParams.get("answers"),
    "mtc",
  );
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const view = mtcPagedView(opened.run, BASE);
  if (view.kind === "moved") throw redirect(atPlayScreen(view.url));
  return view;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await sendPupilToOwnGame(request, "/student-game/mtc");
  const form = await readForm(request);
  const opened = openPagedRun(await getPlayer(request), form.get("token"), form.get("answers"), "mtc");
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const { run } = opened;
  if (form.get("intent") !== "finish") {
    throw redirect(
      atPlayScreen(mtcUrlAfterInput(run, { intent: form.get("intent"), answer: form.get("answer") }, BASE)),
    );
  }
  const limited = GAME_LIMITS.finish({ address: context.clientAddress ?? null, player: ownerOf(run.player) });
  if (!limited.ok) return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited));
  const result = await finishRun({ ticket: run.ticket, answers: run.answers, player: run.player, serverTimed: true });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved?.runId : undefined;
    return cannotContinue(result.status, result.message, saved ? `/game/results/${saved}` : undefined);
  }
  throw redirect(`/game/results/${result.runId}`);
}

export default function MtcPagedPage() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused")
    return (
      <Refusal
        view={d}
        title="This check cannot continue"
        againTo="/game/mtc"
        againLabel={MTC_AGAIN}
        resultsLabel={MTC_SEE_RESULTS}
      />
    );
  return <MtcPagedStep page={d} />;
}
