import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { pagedMeta } from "~/components/game/paged-meta";
import { StudentServerPlay } from "~/components/student/server-play";
import { ownerOf } from "~/auth/player.server";
import { requireStudent } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { gamePageHeaders } from "~/pages/game-page.server";
import { pagedPageAction, pagedPageLoader, pagedRefusal, timedNext, timedPagedView } from "~/pages/paged-page.server";
import type { PagedPage } from "~/pages/paged-page.server";
import { atPlayScreen, pagedUrl, type PagedRun } from "~/runs/paged.server";
import { studentPlayer, studentSpec } from "~/runs/student.server";
import { issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { tooManyRequests } from "~/utils/http.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";

/*
 * The pupil's game without JavaScript (docs/product.md#server-driven-game-without-javascript): the same one
 * problem per page as /game/play (the one page by page skeleton, app/pages/paged-page.server.ts), with the run made
 * from the pupil's stored settings and the results shown back on the dashboard (/student-game?run=…).
 */

const BASE = "/student-game/play";
const NO_STORE = { "Cache-Control": "no-store" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction<typeof loader> = (args) =>
  pagedMeta(args, { title: M.gameTitle, description: M.gameDescription, path: "/student-game" });

const WAYS_BACK = { back: () => ({ againTo: "/student-game", againLabel: M.back }), resultsLabel: M.seeResults };

const STUDENT_PLAY_PAGE: PagedPage<ReturnType<typeof studentView>, ReturnType<typeof refusedStart>> = {
  path: BASE,
  audience: "pupil",
  steps: "timed",
  titles: { cannotContinue: M.cannotContinue, notSaved: () => saveFailedTitle(false), wait: "Please wait a minute" },
  ...WAYS_BACK,
  view: studentView,
  next: timedNext(BASE),
  resultsOf: (runId) => `/student-game?run=${runId}`,
  // A new game from the ready dialog or Play Again: the pupil's own settings, whatever the link says.
  async startFromLink(request, address) {
    const student = await requireStudent(request);
    const player = studentPlayer(student.studentId);
    const spec = studentSpec(student.studentId);
    if (!spec) return refusedStart(M.cannotContinue, STUDENT_SERVER_MESSAGES.notLoggedIn, { status: 401 });
    const limited = GAME_LIMITS.start({ address, player: ownerOf(player) });
    if (!limited.ok) return refusedStart("Please wait a minute", limited.message, tooManyRequests(limited, NO_STORE));
    const { token } = issueRun(spec, player);
    throw redirect(atPlayScreen(pagedUrl(BASE, token, [])), { headers: NO_STORE });
  },
};

function refusedStart(title: string, message: string, init: { status: number; headers?: HeadersInit }) {
  return data(pagedRefusal(WAYS_BACK, null, title, message), { headers: NO_STORE, ...init });
}

/** The pupil's page: the timed games' view, and the back button's first step, asking whether to leave the game. */
function studentView(run: PagedRun, request: Request, url: URL) {
  const view = timedPagedView(run, request, url, BASE);
  if (view.kind !== "play") return view;
  return {
    ...view,
    // (docs/product.md#student-game)
    askUrl: pagedUrl(BASE, run.token, run.answers, { leave: "1" }),
    leaving: url.searchParams.has("leave"),
  };
}

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => pagedPageLoader(STUDENT_PLAY_PAGE, args);
export const action = (args: ActionFunctionArgs) => pagedPageAction(STUDENT_PLAY_PAGE, args);

export default function StudentServerGame() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused") return <Refusal view={d} />;
  if (d.kind === "time-up")
    return (
      <TimeUp
        heading={d.calm ? M.allDone : M.timesUp}
        view={d}
        button={M.seeResults}
        className="page page-narrow student-dialog"
      />
    );
  return <StudentServerPlay view={d} />;
}
