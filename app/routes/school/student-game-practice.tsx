import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PlayInPage, useGamePage } from "~/components/game/game-page";
import { Refusal } from "~/components/game/refusal";
import { PupilPracticeGame } from "~/components/student/pupil-game";
import { practicePlay } from "~/game";
import { gamePageAction, gamePageHeaders, gamePageLoader } from "~/pages/game-page.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { pageMeta } from "~/utils/meta";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { PUPIL_PRACTICE_PAGE } from "./pupil-pages.server";

/*
 * A pupil's "Practise my facts" (docs/product.md#practise-my-facts): the one game-page skeleton
 * (app/pages/game-page.server.ts) with this page's parts (pupil-pages.server.ts). Played page by page at
 * /student-game/play without JavaScript, or here in the page with it; it counts for their progress.
 */

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

export const headers = gamePageHeaders;
export const loader = (args: LoaderFunctionArgs) => gamePageLoader(PUPIL_PRACTICE_PAGE, args);
export const action = (args: ActionFunctionArgs) => gamePageAction(PUPIL_PRACTICE_PAGE, args);

export default function StudentPractice() {
  const d = useGamePage<typeof loader>();
  if (d.kind === "refused") return <Refusal view={d} />;
  // No start screen of its own: its loader sends a load without a run to the dashboard.
  if (d.kind === "choose") return null;
  return (
    <>
      <h1 className="visually-hidden">Practise my facts</h1>
      <PlayInPage pagedUrl={d.pagedUrl} what="practice">
        <PupilPracticeGame play={practicePlay} run={d.run} againTo="/student-game" banner={d.banner} />
      </PlayInPage>
    </>
  );
}
