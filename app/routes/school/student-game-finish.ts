import type { ActionFunctionArgs } from "@remix-run/node";
import { getSchoolUser } from "~/auth/school-session.server";
import { finishFromJson, finishReply } from "~/runs/finish-request.server";
import { studentPlayer } from "~/runs/student.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/**
 * The pupil's game in the page finishes here: its token and answers as JSON, verified against the server's own
 * problems and saved as the pupil's performance, never a leaderboard entry (docs/product.md#student-game).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getSchoolUser(request);
  if (user?.kind !== "student") return finishReply({ ok: false, message: M.notLoggedInFinish, retryable: false }, 401);
  const player = studentPlayer(user.studentId);
  return finishFromJson(request, { address: context.clientAddress ?? null, playerOf: async () => player });
}

export function loader() {
  return finishReply({ ok: false, message: "Use POST.", retryable: false }, 405);
}
