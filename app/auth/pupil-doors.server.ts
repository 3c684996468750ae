import { redirect } from "@remix-run/node";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";
import type { WithHeaders } from "~/utils/request.server";
import { getSchoolUser } from "./school-session.server";

/**
 * A pupil logged in with their code plays only their own games, with their teacher's settings, and never reaches a
 * public board (docs/product.md#a-pupils-own-games). The public game pages send them to their own instead.
 */
export const PUPIL_OWN_GAME = "/student-game?ready=1";

/** Whether a pupil is logged in on this browser (a member signed in too does not change it: the child plays). */
export async function isPupil(request: WithHeaders): Promise<boolean> {
  return (await getSchoolUser(request))?.kind === "student";
}

/** On a public game page (loader or action): a logged-in pupil goes to their own game (`to`) instead. */
export async function sendPupilToOwnGame(request: Request, to: string = PUPIL_OWN_GAME): Promise<void> {
  if (await isPupil(request)) throw redirect(to, { headers: { "Cache-Control": "no-store" } });
}

/** The refusal of a public run's start or finish asked for by a logged-in pupil: nothing issued, nothing written. */
export const PUPIL_REFUSAL = STUDENT_SERVER_MESSAGES.publicGame;
