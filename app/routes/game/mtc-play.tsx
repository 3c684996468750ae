import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { pagedMeta } from "~/components/game/paged-meta";
import { MtcPagedStep } from "~/components/game/mtc-paged";
import { MTC_AGAIN, MTC_SEE_RESULTS, MTC_TITLE } from "~/components/game/mtc-parts";
import { gamePageHeaders } from "~/pages/game-page.server";
import { mtcNext, mtcStepView, pagedPageAction, pagedPageLoader, type PagedPage } from "~/pages/paged-page.server";
import gameStyles from "~/styles/game.css?url";

/*
 * The times tables check rehearsal without JavaScript (docs/product.md#multiplication-tables-check-rehearsal): one
 * page a step, each refreshing itself when its time is up; the one page by page skeleton
 * (app/pages/paged-page.server.ts) with the rehearsal's steps (mtc.server.ts).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const meta: MetaFunction<typeof loader> = (args) =>
  pagedMeta(args, { title: MTC_TITLE, description: "Rehearse the Multiplication Tables Check.", path: "/game/mtc" });

const BASE = "/game/mtc/play";
const CANNOT_CONTINUE = "This check cannot continue";

const MTC_PLAY_PAGE: PagedPage<ReturnType<ReturnType<typeof mtcStepView>>> = {
  path: BASE,
  audience: "site",
  pupilDoor: "/student-game/mtc",
  steps: "mtc",
  titles: { cannotContinue: CANNOT_CONTINUE, notSaved: () => CANNOT_CONTINUE, wait: CANNOT_CONTINUE },
  back: () => ({ againTo: "/game/mtc", againLabel: MTC_AGAIN }),
  resultsLabel: MTC_SEE_RESULTS,
  view: mtcStepView(BASE),
  next: mtcNext(BASE),
  resultsOf: (runId) => `/game/results/${runId}`,
};

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => pagedPageLoader(MTC_PLAY_PAGE, args);
export const action = (args: ActionFunctionArgs) => pagedPageAction(MTC_PLAY_PAGE, args);

export default function MtcPagedPage() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused") return <Refusal view={d} />;
  return <MtcPagedStep page={d} />;
}
