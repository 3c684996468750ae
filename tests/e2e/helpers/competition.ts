import { postFixture } from "./fixtures";

/*
 * A class competition's clock and review, set through the suite's test route (app/routes/_test/fixtures.ts) rather
 * than waited for.
 */

/** A class competition moved into the past, its games with it, so that it has finished. */
export function finishCompetition(competitionId: string): void {
  postFixture({ kind: "finish-competition", competitionId });
}

/** Sets a pupil's own games' review state, as the pace judgement ("held") or an admin ("released") would. */
export function setGamesReview(className: string, pupilName: string, state: "held" | "released"): void {
  postFixture({ kind: "review", className, pupilName, state });
}
