import { data, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Refusal } from "~/components/game/refusal";
import { useGamePage } from "~/components/game/game-page";
import { MtcPagedStep } from "~/components/game/mtc-paged";
import { MTC_SEE_RESULTS, MTC_TITLE } from "~/components/game/mtc-parts";
import { ownerOf } from "~/auth/player.server";
import { requireStudent } from "~/auth/school-session.server";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { finishRun } from "~/runs/finish.server";
import { mtcPagedView, mtcUrlAfterInput } from "~/runs/mtc.server";
import { atPlayScreen, openPagedRun } from "~/runs/paged.server";
import { studentPlayer } from "~/runs/student.server";
import gameStyles from "~/styles/game.css?url";
import studentStyles from "~/styles/student.css?url";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";

/*
 * A pupil's times tables check rehearsal without JavaScript (docs/product.md#multiplication-tables-check-rehearsal):
 * one page a step, as /game/mtc/play, for the pupil's own run only.
 */

const NO_STORE = { "Cache-Control": "no-store" };
const BASE = "/student-game/mtc/play";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: studentStyles },
];

export const meta: MetaFunction<typeof loader> = (args) => {
  const tags = pageMeta(args, {
    title: MTC_TITLE,
    description: M.gameDescription,
    path: "/student-game",
    robots: "noindex, nofollow",
  });
  const d = args.data;
  if (d && "refreshSeconds" in d) tags.push({ httpEquiv: "refresh", content: `${d.refreshSeconds};url=${d.stateUrl}` });
  return tags;
};

export const headers = keepRetryAfter(NO_STORE);

function cannotContinue(status: number, message: string, resultsUrl?: string) {
  return data({ kind: "refused" as const, message, resultsUrl }, { status, headers: NO_STORE });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  const url = new URL(request.url);
  const player = studentPlayer(student.studentId);
  const opened = openPagedRun(player, url.searchParams.get("token"), url.searchParams.get("answers"), "mtc");
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const view = mtcPagedView(opened.run, BASE);
  if (view.kind === "moved") throw redirect(atPlayScreen(view.url), { headers: NO_STORE });
  return data(view, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireStudent(request);
  const form = await readForm(request);
  const player = studentPlayer(student.studentId);
  const opened = openPagedRun(player, form.get("token"), form.get("answers"), "mtc");
  if (!opened.ok) return cannotContinue(opened.status, opened.message);
  const { run } = opened;
  if (form.get("intent") !== "finish") {
    const next = mtcUrlAfterInput(run, { intent: form.get("intent"), answer: form.get("answer") }, BASE);
    throw redirect(atPlayScreen(next), { headers: NO_STORE });
  }
  const limited = GAME_LIMITS.finish({ address: context.clientAddress ?? null, player: ownerOf(run.player) });
  if (!limited.ok) {
    return data({ kind: "refused" as const, message: limited.message }, tooManyRequests(limited, NO_STORE));
  }
  const result = await finishRun({ ticket: run.ticket, answers: run.answers, player: run.player, serverTimed: true });
  if (!result.ok) {
    const saved = result.status === 409 ? result.saved?.runId : undefined;
    return cannotContinue(result.status, result.message, saved ? `/student-game/mtc?run=${saved}` : undefined);
  }
  throw redirect(`/student-game/mtc?run=${result.runId}`, { headers: NO_STORE });
}

export default function StudentMtcPaged() {
  const d = useGamePage<typeof loader, typeof action>();
  if (d.kind === "refused")
    return (
      <Refusal
        view={d}
        title={M.cannotContinue}
        againTo="/student-game"
        againLabel={M.back}
        resultsLabel={MTC_SEE_RESULTS}
      />
    );
  return <MtcPagedStep page={d} />;
}
