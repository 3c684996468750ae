import { execFileSync } from "node:child_process";
import { E2E_TMP } from "./e2e-dirs";

/** A class competition moved into the past, its games with it, so that it has finished (./competition-fixture.ts). */
export function finishCompetition(competitionId: string): void {
  execFileSync(
    process.execPath,
    ["--import", "tsx", "tests/e2e/helpers/competition-fixture.ts", JSON.stringify({ competitionId })],
    { env: { ...process.env, DATABASE_PATH: `${E2E_TMP}/app.db` }, encoding: "utf8" },
  );
}

/** Sets a pupil's own games' review state, as the pace judgement ("held") or an admin ("released") would. */
export function setGamesReview(className: string, pupilName: string, state: "held" | "released"): void {
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "tests/e2e/helpers/competition-fixture.ts",
      JSON.stringify({ review: { className, pupilName, state } }),
    ],
    { env: { ...process.env, DATABASE_PATH: `${E2E_TMP}/app.db` }, encoding: "utf8" },
  );
}
