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
import { ResultsModal } from "~/components/student/results-modal";
import { StudentBannerView } from "~/components/student/student-banner";
import { ownerOf } from "~/auth/player.server";
import { requireStudent } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { atPlayScreen, pagedUrl } from "~/runs/paged.server";
import { PLAY_IN_PAGE, focusOfRun, practiceSpec, studentPracticeScope } from "~/runs/practice.server";
import { studentGameSettings, studentPlayer } from "~/runs/student.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { saveFailedTitle } from "~/utils/game-messages";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";
import { loadStudentHome } from "./student-area.server";

/*
 * A pupil's "Practise my facts" (docs/product.md#practise-my-facts): a POST from their dashboard (the facts their
 * teacher's settings allow) or "Practise these" on their results (the facts they just got wrong first). Played page
 * by page at /student-game/play without JavaScript, or here in the page with it; it counts for their progress.
 */

const NO_STORE = { "Cache-Control": "no-store" };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Practise my facts",
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });

// A pupil's page is never kept by a cache; a refusal's Retry-After reaches the browser.
export const headers = keepRetryAfter(NO_STORE);

function refused(status: number, message: string) {
  return data({ kind: "refused" as const, message }, { status, headers: NO_STORE });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { student, banner } = await loadStudentHome(request);
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) throw redirect("/student-game", { headers: NO_STORE });
  const checked = checkRunTicket(token, studentPlayer(student.studentId));
  if (!checked.ok) return refused(checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (spec.mode !== "practice") return refused(400, "This game is not practice.");
  return {
    kind: "play" as const,
    banner,
    run: { token, spec, seed },
    pagedUrl: atPlayScreen(pagedUrl("/student-game/play", token, [])),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const form = await readForm(request);
  const player = studentPlayer(student.studentId);
  const settings = studentGameSettings(student.studentId);
  if (!settings) return refused(401, STUDENT_SERVER_MESSAGES.notLoggedIn);
  let focus: string[] = [];
  if (form.has("runId")) {
    const read = focusOfRun(form.get("runId"), player);
    if (!read.ok) return refused(read.status, read.message);
    focus = read.focus;
  }
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok)
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, NO_STORE));
  const spec = practiceSpec(player, studentPracticeScope(settings), focus);
  if (!spec) return refused(400, "There are no facts to practise with your settings.");
  const { token } = issueRun(spec, player);
  if (form.get("go") === PLAY_IN_PAGE) {
    throw redirect(`/student-game/practice?token=${encodeURIComponent(token)}`, { headers: NO_STORE });
  }
  throw redirect(atPlayScreen(pagedUrl("/student-game/play", token, [])), { headers: NO_STORE });
}

export default function StudentPractice() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const d = acted ?? loaded;
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
  return (
    <>
      <h1 className="visually-hidden">Practise my facts</h1>
      <noscript>
        <p className="page page-narrow">
          <a href={d.pagedUrl}>Play this practice page by page</a>
        </p>
      </noscript>
      <PracticeGame
        play={practicePlay}
        run={d.run}
        finishUrl="/student-game/finish"
        failTitle={saveFailedTitle(false)}
        againTo="/student-game"
      >
        {(saved) => (
          <div className="student-page">
            <StudentBannerView banner={d.banner} />
            <ResultsModal
              summary={saved.summary}
              practice
              runId={saved.runId}
              wrong={saved.wrong ?? []}
              practise={saved.practise === true}
            />
          </div>
        )}
      </PracticeGame>
    </>
  );
}
