import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { MtcGame } from "~/components/game/mtc-game";
import { MTC_TITLE, MtcAnswers, MtcScoreCard, MtcStart } from "~/components/game/mtc-parts";
import { Refusal } from "~/components/game/refusal";
import { WrongAnswers } from "~/components/game/wrong-answers";
import { PupilPage } from "~/components/student/pupil-page";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import studentStyles from "~/styles/student.css?url";
import { pageMeta } from "~/utils/meta";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { PUPIL_MTC_PAGE } from "./pupil-pages.server";

/*
 * A pupil's times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal): the one game-page
 * skeleton (app/pages/game-page.server.ts) with this page's parts (pupil-pages.server.ts); played page by page at
 * /student-game/mtc/play without JavaScript.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: MTC_TITLE,
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(PUPIL_MTC_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(PUPIL_MTC_PAGE, args);

export default function StudentMtc() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "refused") return <Refusal view={d} />;
  if (d.kind === "choose") {
    return (
      <PupilPage banner={d.banner}>
        {d.finished ? (
          <div className="results-layout">
            <MtcScoreCard score={d.finished.score} againTo="/student-game/mtc" />
            {d.finished.stickerMarkup ? <div dangerouslySetInnerHTML={{ __html: d.finished.stickerMarkup }} /> : null}
            <WrongAnswers
              wrong={d.finished.wrong}
              runId={d.finished.runId}
              action="/student-game/practice"
              practise={d.finished.practise}
            />
            <MtcAnswers rows={d.finished.rows} />
          </div>
        ) : (
          <MtcStart action="/student-game/mtc" seconds={d.seconds} />
        )}
        <p>
          <Link to="/student-game">{M.back}</Link>
        </p>
      </PupilPage>
    );
  }
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="check">
      <MtcGame
        run={d.run}
        finishUrl="/student-game/finish"
        resultsUrl={(runId) => `/student-game/mtc?run=${encodeURIComponent(runId)}`}
      />
    </PlayInPage>
  );
}
