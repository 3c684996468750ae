import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TimeUp } from "~/components/game/time-up";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { StudentServerPlay } from "~/components/student/server-play";
import { ownerOf } from "~/auth/player.server";
import { requireStudent } from "~/auth/school-session.server";
import { answersMayBeDecimal } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { finishRun } from "~/runs/finish.server";
import { atPlayScreen, openPagedRun, pagedUrl, pagedView, urlAfterInput } from "~/runs/paged.server";
import { studentPlayer, studentSpec } from "~/runs/student.server";
import { issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests, type WaitFor } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { touchFirst } from "~/utils/user-agent";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";

/*
 * The pupil's game without JavaScript (docs/product.md#server-driven-game-without-javascript): the same one
 * problem per page as /game/play (app/runs/paged.server.ts), with the run made from the pupil's stored settings
 * and the results shown back on the dashboard (/student-game?run=…).
 */

const BASE = "/student-game/play";
const NO_STORE = { "Cache-Control": "no-store" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args, {
    title: M.gameTitle,
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });
  const d = args.data;
  // The page moves on by itself at the deadline; a calm game's page has no deadline to show (docs/product.md#calm-mode).
  if (d?.kind === "play" && d.questions === null)
    tags.push({ httpEquiv: "refresh", content: `${Math.ceil(d.secondsLeft)};url=${d.stateUrl}` });
  return tags;
};

export const headers = keepRetryAfter(NO_STORE);

function refused(status: number, title: string, message: string, resultsUrl?: string) {
  return data({ kind: "refused" as const, title, message, resultsUrl }, { status, headers: NO_STORE });
}

/** A limit refused a start or a finish: nothing was written; the pupil may try again in a minute. */
function waitPlease(limited: WaitFor & { message: string }) {
  return data(
    { kind: "refused" as const, title: "Please wait a minute", message: limited.message, resultsUrl: undefined },
    tooManyRequests(limited, NO_STORE),
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  const player = studentPlayer(student.studentId);
  const url = new URL(request.url);
  if (!url.searchParams.has("token")) {
    // A new game from the ready dialog or Play Again: the pupil's own settings, whatever the link says.
    const spec = studentSpec(student.studentId);
    if (!spec) return refused(401, M.cannotContinue, STUDENT_SERVER_MESSAGES.notLoggedIn);
    const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
    if (!limited.ok) return waitPlease(limited);
    const { token } = issueRun(spec, player);
    throw redirect(atPlayScreen(pagedUrl(BASE, token, [])), { headers: NO_STORE });
  }
  const opened = openPagedRun(player, url.searchParams.get("token"), url.searchParams.get("answers"));
  if (!opened.ok) return refused(opened.status, M.cannotContinue, opened.message);
  const view = pagedView(opened.run, url.searchParams.get("input") ?? "", BASE);
  if (view.kind !== "play") return view;
  return {
    ...view,
    decimal: answersMayBeDecimal(opened.run.ticket.spec),
    touch: touchFirst(request.headers),
    // The back button's first step: this game's page asking whether to leave it (docs/product.md#student-game).
    askUrl: pagedUrl(BASE, opened.run.token, opened.run.answers, { leave: "1" }),
    leaving: url.searchParams.has("leave"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const form = await readForm(request);
  const opened = openPagedRun(studentPlayer(student.studentId), form.get("token"), form.get("answers"));
  if (!opened.ok) return refused(opened.status, M.cannotContinue, opened.message);
  const { run } = opened;
  if (form.get("intent") !== "finish") {
    throw redirect(urlAfterInput(run, { key: form.get("key"), answer: form.get("answer") }, BASE), {
      headers: NO_STORE,
    });
  }
  const limited = GAME_LIMITS.finish({ address: context.clientAddress ?? null, player: ownerOf(run.player) });
  if (!limited.ok) return waitPlease(limited);
  const result = await finishRun({ ticket: run.ticket, answers: run.answers, player: run.player, serverTimed: true });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved?.runId : undefined;
    return refused(
      result.status,
      saveFailedTitle(false),
      result.message,
      saved ? `/student-game?run=${saved}` : undefined,
    );
  }
  throw redirect(`/student-game?run=${result.runId}`, { headers: NO_STORE });
}

export default function StudentServerGame() {
  const d = useGamePage<typeof loader, typeof action>();

  if (d.kind === "refused")
    return <Refusal view={d} againTo="/student-game" againLabel={M.back} resultsLabel={M.seeResults} />;

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
