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
import { MTC_TITLE, MtcAnswers, MtcScoreCard, MtcStart } from "~/components/game/mtc-parts";
import { WrongAnswers } from "~/components/game/wrong-answers";
import { StudentBannerView } from "~/components/student/student-banner";
import { ownerOf } from "~/auth/player.server";
import { requireStudent } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { getRunResult } from "~/models/runs.server";
import { mtcQuestionSecondsFor, mtcResultOf, mtcSpec } from "~/runs/mtc.server";
import { atPlayScreen, pagedUrl } from "~/runs/paged.server";
import { studentPlayer } from "~/runs/student.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { loadStudentHome } from "./student-area.server";

/*
 * A pupil's times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal): the start screen
 * (the dashboard's card leads here), the run in the page with JavaScript (page by page at /student-game/mtc/play
 * without), and a finished run's results (?run=). Their seconds a question come from the server alone.
 */

const NO_STORE = { "Cache-Control": "no-store" };
const BASE = "/student-game/mtc/play";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: MTC_TITLE,
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(NO_STORE);

function refused(status: number, message: string) {
  return data({ kind: "refused" as const, message }, { status, headers: NO_STORE });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { student, banner } = await loadStudentHome(request);
  const player = studentPlayer(student.studentId);
  const url = new URL(request.url);
  const runId = url.searchParams.get("run");
  if (runId !== null) {
    // The pupil's own finished rehearsal only.
    const run = getRunResult(runId, player);
    if (!run || run.mode !== "mtc") return refused(404, "These results could not be found.");
    return { kind: "results" as const, banner, result: mtcResultOf(run) };
  }
  const token = url.searchParams.get("token");
  if (token === null) return { kind: "start" as const, banner, seconds: mtcQuestionSecondsFor(student) };
  const checked = checkRunTicket(token, player);
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "mtc") return refused(400, "This game is not a times tables check.");
  return { kind: "play" as const, run: { token, spec, seed }, pagedUrl: atPlayScreen(pagedUrl(BASE, token, [])) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const form = await readForm(request);
  const player = studentPlayer(student.studentId);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok)
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, NO_STORE));
  const { token } = issueRun(mtcSpec(mtcQuestionSecondsFor(student)), player);
  if (form.get("go") === "island") {
    throw redirect(`/student-game/mtc?token=${encodeURIComponent(token)}`, { headers: NO_STORE });
  }
  throw redirect(atPlayScreen(pagedUrl(BASE, token, [])), { headers: NO_STORE });
}

export default function StudentMtc() {
  const d = useLoaderData<typeof loader>();
  if (d.kind === "refused") {
    return (
      <section className="page page-narrow" aria-labelledby="refused-heading">
        <h1 id="refused-heading">{M.cannotContinue}</h1>
        <p className="lead" role="alert">
          {d.message}
        </p>
        <div className="button-row">
          <Link to="/student-game" className="button button-secondary">
            {M.back}
          </Link>
        </div>
      </section>
    );
  }
  if (d.kind === "start" || d.kind === "results") {
    return (
      <div className="student-page">
        <StudentBannerView banner={d.banner} />
        {d.kind === "start" ? (
          <MtcStart action="/student-game/mtc" seconds={d.seconds} />
        ) : (
          <div className="results-layout">
            <MtcScoreCard score={d.result.score} againTo="/student-game/mtc" />
            <WrongAnswers
              wrong={d.result.wrong}
              runId={d.result.runId}
              action="/student-game/practice"
              practise={d.result.practise}
            />
            <MtcAnswers rows={d.result.rows} />
          </div>
        )}
        <p>
          <Link to="/student-game">{M.back}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <noscript>
        <p className="page page-narrow">
          <a href={d.pagedUrl}>Play this check page by page</a>
        </p>
      </noscript>
      <MtcGame
        run={d.run}
        finishUrl="/student-game/finish"
        resultsUrl={(runId) => `/student-game/mtc?run=${encodeURIComponent(runId)}`}
      />
    </>
  );
}
