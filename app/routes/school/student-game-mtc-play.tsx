import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { pagedMeta } from "~/components/game/paged-meta";
import { MtcPagedStep } from "~/components/game/mtc-paged";
import { MTC_SEE_RESULTS, MTC_TITLE } from "~/components/game/mtc-parts";
import { gamePageHeaders } from "~/pages/game-page.server";
import { mtcNext, mtcStepView, pagedPageAction, pagedPageLoader, type PagedPage } from "~/pages/paged-page.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/*
 * A pupil's times tables check rehearsal without JavaScript (docs/product.md#multiplication-tables-check-rehearsal):
 * one page a step, as /game/mtc/play (the one page by page skeleton), for the pupil's own run only.
 */

const BASE = "/student-game/mtc/play";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction<typeof loader> = (args) =>
  pagedMeta(args, { title: MTC_TITLE, description: M.gameDescription, path: "/student-game" });

const STUDENT_MTC_PLAY_PAGE: PagedPage<ReturnType<ReturnType<typeof mtcStepView>>> = {
  path: BASE,
  audience: "pupil",
  steps: "mtc",
  titles: { cannotContinue: M.cannotContinue, notSaved: () => M.cannotContinue, wait: M.cannotContinue },
  back: () => ({ againTo: "/student-game", againLabel: M.back }),
  resultsLabel: MTC_SEE_RESULTS,
  view: mtcStepView(BASE),
  next: mtcNext(BASE),
  resultsOf: (runId) => `/student-game/mtc?run=${runId}`,
};

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => pagedPageLoader(STUDENT_MTC_PLAY_PAGE, args);
export const action = (args: ActionFunctionArgs) => pagedPageAction(STUDENT_MTC_PLAY_PAGE, args);

export default function StudentMtcPaged() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused") return <Refusal view={d} />;
  return <MtcPagedStep page={d} />;
}
