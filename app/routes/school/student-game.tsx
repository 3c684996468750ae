import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useState } from "react";
import { useLoaderData } from "@remix-run/react";
import { IslandFinishing } from "~/components/game/finish-screens";
import { CalmCount } from "~/components/game/calm-count";
import { Island, type IslandRun } from "~/components/game/island";
import { useIslandGame, type IslandGame } from "~/components/game/use-island-game";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { BackToDashboard } from "~/components/student/back-button";
import {
  DashboardCards,
  MoreGamesCard,
  MtcCard,
  PractiseCard,
  SettingsSummary,
  StickerCard,
} from "~/components/student/dashboard";
import { wrongAnswersOf, wrongFactsOf } from "~/facts/wrong";
import { ReadyDialog } from "~/components/student/ready-dialog";
import { runStickersMarkup } from "~/runs/new-stickers.server";
import { rewardsOffForStudent, stickerCountOf } from "~/models/stickers.server";
import { classGoalMarkup } from "~/markup/class-goal.server";
import { pupilClassGoalView } from "~/school/class-goal.server";
import { ResultsModal } from "~/components/student/results-modal";
import { StudentBannerView } from "~/components/student/student-banner";
import { CALM_QUESTIONS, formatNumber, studentPlay, type Problem } from "~/game";
import { getRunResult } from "~/models/runs.server";
import { studentPlayer } from "~/runs/student.server";
import { pupilCompetitionsMarkup, pupilWorkMarkup } from "~/markup/pupil-panels.server";
import { pupilLiveGameMarkup } from "~/markup/live-join-card.server";
import { classGameAnywhere } from "~/live-hub/machines.server";
import { pupilCompetitions } from "~/school/competitions.server";
import { pupilWorkViews } from "~/school/set-work.server";
import gameStyles from "~/styles/game.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { now } from "~/utils/clock.server";
import { saveFailedTitle } from "~/utils/game-messages";
import { tryRead } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { loadStudentHome } from "~/pages/student-home.server";
import { modeGameLinks } from "~/pages/mode-pages.server";
import { MODE_POLICY } from "~/game/modes/policy";
import type { GameMode } from "~/game";
import { sumAsked } from "~/game";

/*
 * The pupil's dashboard and game (docs/product.md#student-game). With JavaScript the game runs in the page (the
 * site's one game island) and finishes at /student-game/finish; without it the ready dialog's form leads to the
 * server-driven game at /student-game/play, which comes back here with `?run=` for the results. Either way the
 * run is made from the pupil's stored settings and verified and saved by the server.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.gameTitle,
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });

// A pupil's page is never kept by a browser or proxy cache (a shared school computer).
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { student, banner, settings, given } = await loadStudentHome(request);
  const url = new URL(request.url);
  // The work their teacher set, with how far along they are (docs/product.md#set-work).
  const work = tryRead("a pupil's set work", () => pupilWorkMarkup(pupilWorkViews(student.studentId, now())));
  const runId = url.searchParams.get("run");
  // The results of the pupil's own finished game only: anyone else's run id shows the plain dashboard.
  const run = runId ? getRunResult(runId, studentPlayer(student.studentId)) : null;
  return {
    banner,
    settings,
    ready: url.searchParams.has("ready"),
    // Number bonds, doubles and halves: the modes whose definition makes their page (docs/product.md#number-bonds).
    games: modeGameLinks("pupil", given),
    // Their sticker book's card, unless their teacher switched rewards off (docs/product.md#sticker-book).
    stickers: rewardsOffForStudent(student.studentId) ? null : stickerCountOf(studentPlayer(student.studentId)),
    // The class goal's one bar, no names, hidden when rewards are off (docs/product.md#class-goal): server markup.
    classGoal: tryRead("a pupil's class goal", () => classGoalMarkup(pupilClassGoalView(student.studentId))),
    // The class competitions of the pupil's class (docs/product.md#class-competition): class names only, drawn on
    // the server.
    competitions: tryRead("a pupil's class competitions", () => {
      const competitions = pupilCompetitions(student.classId);
      return { competitions, html: pupilCompetitionsMarkup(competitions) };
    }),
    // Drawn on the server, as the competitions are: the page's script is at its budget.
    work: work.ok ? work.value : "",
    // Their teacher's live game for the class, while it is open: Join, one tap (docs/product.md#live-game).
    live: pupilLiveGameMarkup(classGameAnywhere(student.classId)),
    // A game or a practice run, with the answers it got wrong (docs/product.md#wrong-answers-after-a-game).
    result:
      // Every mode that counts for a pupil's progress (app/game/modes/policy.ts): their own game, practice, number
      // bonds, doubles and halves; those but their own game as practice is shown.
      run && MODE_POLICY[run.mode as GameMode]?.pupilScores
        ? {
            runId: run.runId,
            summary: run.summary,
            practice: run.mode !== "student",
            wrong: wrongAnswersOf(run.records),
            practise: wrongFactsOf(run.records).length > 0,
            calm: run.mode === "student" && settings.calm,
            // The facts it made secure, with their stickers (docs/product.md#sticker-book).
            stickerMarkup: runStickersMarkup(studentPlayer(student.studentId), run.runId),
          }
        : null,
  };
}

function describeAnswer(correct: boolean, problem: Problem): string {
  return correct ? M.correct : M.wrong(formatNumber(problem.answer));
}

/**
 * The pupil's game in the page. A calm game (docs/product.md#calm-mode) shows `Question n of 20` where the clock
 * was, and ends after its last question: its answers go to the finish then, as a timed game's do at 0.
 */
function StudentIsland({ run, game }: { run: IslandRun; game: IslandGame }) {
  const [answered, setAnswered] = useState(0);
  const questions = run.spec.mode === "student" && run.spec.calm ? CALM_QUESTIONS : null;
  return (
    <Island
      run={run}
      play={studentPlay}
      onFinish={game.onFinish}
      describeAnswer={describeAnswer}
      sumOf={sumAsked}
      clock={questions ? <CalmCount question={answered + 1} of={questions} /> : undefined}
      onAnswer={
        questions
          ? (_correct, answers) => {
              setAnswered(answers.length);
              if (answers.length === questions) game.onFinish(answers.slice());
            }
          : undefined
      }
    >
      <BackToDashboard onBack={game.reset} />
    </Island>
  );
}

/**
 * A calm game's wait while its answers are checked (docs/product.md#calm-mode). The same as calm-game.tsx's: shared,
 * it became a chunk of its own and took this page 100 bytes past its budget (docs/decisions/0026-client-weight-budget.md).
 */
function CalmChecking() {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="page page-narrow">
      <h1 ref={heading} tabIndex={-1}>
        {M.allDone}
      </h1>
      <p className="lead">Checking your answers…</p>
    </section>
  );
}

export default function StudentGame() {
  const { banner, settings, ready, result, competitions, work, games, live, stickers, classGoal } =
    useLoaderData<typeof loader>();
  const game = useIslandGame({ onSaved: () => undefined, finishUrl: "/student-game/finish" });
  const { phase } = game;
  const start = () => game.start("/student-game/start");
  const startError = game.startProblem ?? game.startResult?.error?.[""]?.[0];

  if (phase.name === "playing") {
    return (
      <>
        <h1 className="visually-hidden">{M.gameTitle}</h1>
        <StudentIsland key={phase.run.token} run={phase.run} game={game} />
      </>
    );
  }

  if (phase.name === "finishing") {
    const calm = phase.run.spec.mode === "student" && phase.run.spec.calm === true;
    // No clock ran out: while the server checks, `All done!` rather than the timed game's `Time’s up!`.
    if (calm && !phase.result) return <CalmChecking />;
    return (
      <IslandFinishing
        result={phase.result}
        played={{ run: phase.run, answers: phase.answers, play: studentPlay }}
        failTitle={saveFailedTitle(false)}
        againLabel={M.playAgain}
        onRetry={game.retry}
        onAgain={start}
      >
        {(saved) => (
          <div className="student-page">
            <StudentBannerView banner={banner} />
            <ResultsModal
              summary={saved.summary}
              runId={saved.runId}
              wrong={saved.wrong}
              practise={saved.practise}
              onPlayAgain={start}
              onBack={game.reset}
              calm={calm}
              stickerMarkup={saved.stickerMarkup}
              busy={game.starting}
              error={startError}
            />
          </div>
        )}
      </IslandFinishing>
    );
  }

  return (
    <div className="student-page">
      <StudentBannerView banner={banner} />
      {result ? (
        <ResultsModal
          summary={result.summary}
          practice={result.practice}
          runId={result.runId}
          wrong={result.wrong}
          practise={result.practise}
          calm={result.calm}
          stickerMarkup={result.stickerMarkup}
          onPlayAgain={start}
          busy={game.starting}
          error={startError}
        />
      ) : ready ? (
        <ReadyDialog text={settings.words.ready} onStart={start} busy={game.starting} error={startError} />
      ) : (
        <>
          {live ? <div dangerouslySetInnerHTML={{ __html: live }} /> : null}
          {work ? <div dangerouslySetInnerHTML={{ __html: work }} /> : null}
          <DashboardCards startText={settings.words.startCard} />
          <PractiseCard />
          <MtcCard />
          <MoreGamesCard games={games} />
          <StickerCard count={stickers} />
          {classGoal.ok && classGoal.value ? <div dangerouslySetInnerHTML={{ __html: classGoal.value }} /> : null}
          {competitions.ok && competitions.value.html ? (
            <div dangerouslySetInnerHTML={{ __html: competitions.value.html }} />
          ) : null}
          <SettingsSummary settings={settings} />
        </>
      )}
    </div>
  );
}
