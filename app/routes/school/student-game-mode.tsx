import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { pageModeOf } from "~/components/game/mode-plays";
import { ModeStart } from "~/components/game/mode-start";
import { Refusal } from "~/components/game/refusal";
import { PupilPracticeGame } from "~/components/student/pupil-game";
import { PupilPage } from "~/components/student/pupil-page";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import { modeGamePage } from "~/pages/mode-pages.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { httpError } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/*
 * A pupil's game of a mode whose definition has a start form: `/student-game/bonds`, `/student-game/doubles`
 * (docs/product.md#number-bonds, docs/product.md#doubles-and-halves). The one skeleton with the page the definition
 * makes (app/pages/mode-pages.server.ts); played page by page at /student-game/play without JavaScript, or here.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction<typeof loader> = (args) => {
  const start = args.data && "start" in args.data ? args.data.start : null;
  return pageMeta(args, {
    title: start?.heading ?? "Game",
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });
};

function pageOf(mode: string | undefined) {
  const page = modeGamePage(mode, "pupil");
  if (!page) throw httpError(404, "There is no such game.");
  return page;
}

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(pageOf(args.params.mode), args);
export const action = (args: ActionFunctionArgs) => gamePageAction(pageOf(args.params.mode), args);

export default function StudentModeGame() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "refused") return <Refusal view={d} />;
  if (d.kind === "choose") {
    return (
      <PupilPage banner={d.banner}>
        <ModeStart start={d.start} lastResult={d.result} back="/student-game" />
      </PupilPage>
    );
  }
  const page = pageModeOf(d.run.spec.mode);
  if (!page) return null;
  return (
    <PlayInPage pagedUrl={d.pagedUrl} what="game">
      <PupilPracticeGame play={page.play} run={d.run} againTo={`/student-game/${d.run.spec.mode}`} banner={d.banner} />
    </PlayInPage>
  );
}
