import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerOf } from "~/auth/player.server";
import { getSchoolUser } from "~/auth/school-session.server";
import { formError } from "~/forms/form-parse";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { studentPlayer, studentSpec } from "~/runs/student.server";
import { issueRun } from "~/runs/tokens.server";
import { tooManyRequests } from "~/utils/http.server";
import { STUDENT_SERVER_MESSAGES } from "~/utils/student-messages.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The pupil's game in the page asks here for a new signed run (docs/product.md#student-game). It takes no
 * settings: the run is made from the pupil's stored settings. Nothing is written, so any replica can answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSchoolUser(request);
  const spec = user?.kind === "student" ? studentSpec(user.studentId) : null;
  if (!user || user.kind !== "student" || !spec) {
    return Response.json(
      { ok: false as const, result: formError(STUDENT_SERVER_MESSAGES.notLoggedIn) },
      { status: 401, headers: NO_STORE },
    );
  }
  const player = studentPlayer(user.studentId);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok) {
    return Response.json(
      { ok: false as const, result: formError(limited.message) },
      tooManyRequests(limited, NO_STORE),
    );
  }
  const { token, ticket } = issueRun(spec, player);
  return Response.json(
    { ok: true as const, run: { token, spec: ticket.spec, seed: ticket.seed } },
    { headers: NO_STORE },
  );
}
