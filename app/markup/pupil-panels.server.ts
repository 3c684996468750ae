import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PupilCompetitions } from "~/components/school/competition-standings";
import { PupilWorkCard } from "~/components/student/dashboard";

/*
 * The pupil's dashboard panels, drawn on the server (app/markup holds every piece of HTML drawn for a page to set
 * as it is: docs/decisions/0080-game-page-skeleton-and-weight.md). The dashboard's script carries none of them, and
 * they change only when the page is loaded. The services give the data; React escapes every text. Empty when
 * there is nothing to show.
 */

type WorkViews = Parameters<typeof PupilWorkCard>[0]["work"];
type CompetitionViews = Parameters<typeof PupilCompetitions>[0]["competitions"];

/** The pupil's `Your work` card (docs/product.md#set-work). */
export function pupilWorkMarkup(work: WorkViews): string {
  return work.length ? renderToStaticMarkup(createElement(PupilWorkCard, { work })) : "";
}

/** Their class's competitions, class names only (docs/product.md#class-competition). */
export function pupilCompetitionsMarkup(competitions: CompetitionViews): string {
  return competitions.length ? renderToStaticMarkup(createElement(PupilCompetitions, { competitions })) : "";
}
