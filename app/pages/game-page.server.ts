import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { getOrCreatePlayer, getPlayer, ownerOf, type Player } from "~/auth/player.server";
import { PUPIL_OWN_GAME } from "~/auth/pupil-doors.server";
import { getSchoolUser, requireStudent, type SignedInStudent } from "~/auth/school-session.server";
import type { RunSpec } from "~/game";
import { GAME_LIMITS } from "~/limits/game-limits.server";
import { atPlayScreen, pagedUrl } from "~/runs/paged.server";
import { PLAY_IN_PAGE } from "~/runs/practice.server";
import { studentPlayer } from "~/runs/student.server";
import { checkRunTicket, issueRun } from "~/runs/tokens.server";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { readForm } from "~/utils/request.server";
import type { RefusalView } from "~/types/game-page";
import { loadStudentHome, type StudentHome } from "./student-home.server";

/*
 * The one skeleton of a game page (docs/decisions/0080-game-page-skeleton-and-weight.md): the loader (a run token →
 * the run, played in the page; else the start form), the action (a start: played in the page with JavaScript, the
 * button said so, else page by page), the refusal and the headers. A page names only what is its own (a `GamePage`);
 * the route module hands it to `gamePageLoader` and `gamePageAction`.
 */

/** Every game page: never kept by a cache (a shared school computer), a refusal's Retry-After reaching the browser. */
export const gamePageHeaders = keepRetryAfter({ "Cache-Control": "no-store" });

const NO_STORE = { "Cache-Control": "no-store" };

/** Who plays: a visitor or member (their player may not exist yet), or a logged-in pupil (their home read first). */
export type Who = {
  request: Request;
  player: Player | null;
  /** A pupil's: their home (on a load) and who they are. */
  home: StudentHome | null;
  student: SignedInStudent | null;
};

/** A page's refusal to show its form or its run: nothing written. */
export type Refused = { kind: "refused"; status: number; message: string };

/** The start form again, the server's reply beside its fields (400): a refused link's settings, or a refused start. */
export type FormAgain<Choose> = { kind: "choose"; choose: Choose; result?: SubmissionResult<string[]> };

/** What a start posted comes to. */
export type StartVerdict<Choose> =
  | FormAgain<Choose>
  /** Not started, nothing written (a refusal, e.g. a run id that is not theirs). */
  | Refused
  /** A run of this spec (or a refusal's message), for this player or the one made now. */
  | { kind: "start"; spec: (player: Player) => RunSpec | string; player?: Player };

/** A page's own parts; `Choose`, its start form's data, has no `kind` of its own. */
export type GamePage<Choose extends object> = {
  /** The page's own path (`/game/tables`): a run played in the page is `?token=` here. */
  path: string;
  /** Where its runs are played page by page without JavaScript (`/game/play`). */
  pagedPath: string;
  /** The run modes the page plays; a token of another mode is refused with `notThisMode`. */
  modes: readonly RunSpec["mode"][];
  notThisMode: string;
  /** `site`: visitors and members (a logged-in pupil goes to `pupilDoor`); `pupil`: a logged-in pupil only. */
  audience: "site" | "pupil";
  /** Where a logged-in pupil goes instead: a path, or one chosen for that pupil (a game their teacher gave them). */
  pupilDoor?: string | ((studentId: string) => string);
  /** The refusal's heading and its way back. */
  refusal: Omit<RefusalView, "kind" | "message">;
  /** The start form's data (no token), or a refusal (a finished run's results that are not theirs); may redirect. */
  choose: (who: Who) => Promise<Choose | FormAgain<Choose> | Refused> | Choose | FormAgain<Choose> | Refused;
  /** A posted start: the run's spec, the form again, or a refusal. */
  start: (who: Who & { form: URLSearchParams }) => Promise<StartVerdict<Choose>> | StartVerdict<Choose>;
  /** Kept after a start (the form shows these choices next time). */
  remember?: (args: {
    request: Request;
    headers: Headers;
    player: Player;
    spec: RunSpec;
    form: URLSearchParams;
  }) => Promise<void>;
};

function refusedWith(page: GamePage<object>, status: number, message: string, headers?: HeadersInit) {
  const view: RefusalView = { kind: "refused", message, ...page.refusal };
  return data(view, { status, headers: new Headers({ ...NO_STORE, ...Object.fromEntries(new Headers(headers)) }) });
}

type Reply = SubmissionResult<string[]> | undefined;

function formAgain<Choose extends object>(again: FormAgain<Choose>) {
  const reply = { kind: "choose" as const, banner: null, result: again.result as Reply, ...again.choose };
  return data(reply, { status: 400, headers: NO_STORE });
}

/** A logged-in pupil on a public game page goes to their own game (docs/product.md#a-pupils-own-games). */
async function sendPupilToTheirDoor(page: Pick<GamePage<object>, "pupilDoor">, request: Request): Promise<void> {
  const user = await getSchoolUser(request);
  if (user?.kind !== "student") return;
  const door = page.pupilDoor;
  const to = typeof door === "function" ? door(user.studentId) : (door ?? PUPIL_OWN_GAME);
  throw redirect(to, { headers: NO_STORE });
}

async function whoLoads(page: Pick<GamePage<object>, "audience" | "pupilDoor">, request: Request): Promise<Who> {
  if (page.audience === "pupil") {
    const home = await loadStudentHome(request);
    return { request, player: studentPlayer(home.student.studentId), home, student: home.student };
  }
  await sendPupilToTheirDoor(page, request);
  return { request, player: await getPlayer(request), home: null, student: null };
}

async function whoStarts(page: GamePage<object>, request: Request): Promise<Who> {
  if (page.audience === "pupil") {
    const student = await requireStudent(request);
    return { request, player: studentPlayer(student.studentId), home: null, student };
  }
  await sendPupilToTheirDoor(page, request);
  return { request, player: await getPlayer(request), home: null, student: null };
}

/** The page by page address of a run of this page. */
export function pagedAddress(page: Pick<GamePage<object>, "pagedPath">, token: string): string {
  return atPlayScreen(pagedUrl(page.pagedPath, token, []));
}

/**
 * A page that is only a start form, its run played elsewhere (/game: its island starts at /game/start, its form
 * without JavaScript at /game/play): who plays, a logged-in pupil sent to their own game, then the form's data.
 */
export type StartPage<Choose extends object> = Pick<GamePage<Choose>, "audience" | "pupilDoor"> & {
  choose: (who: Who) => Promise<Choose> | Choose;
};

/** The loader of a start form's page: the form's data, never a run. */
export async function startPageLoader<Choose extends object>(page: StartPage<Choose>, { request }: LoaderFunctionArgs) {
  const who = await whoLoads(page, request);
  return { kind: "choose" as const, banner: who.home?.banner ?? null, ...(await page.choose(who)) };
}

/** The loader: with a token, the run (this player's, of this page's mode) played in the page; else the start form. */
export async function gamePageLoader<Choose extends object>(page: GamePage<Choose>, { request }: LoaderFunctionArgs) {
  const who = await whoLoads(page, request);
  const banner = who.home?.banner ?? null;
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) {
    const choose = await page.choose(who);
    if (!("kind" in choose)) return { kind: "choose" as const, banner, result: undefined as Reply, ...choose };
    if (choose.kind === "refused") return refusedWith(page, choose.status, choose.message);
    return formAgain(choose);
  }
  const checked = checkRunTicket(token, who.player);
  if (!checked.ok) return refusedWith(page, checked.status, checked.message);
  const { spec, seed } = checked.ticket;
  if (!page.modes.includes(spec.mode)) return refusedWith(page, 400, page.notThisMode);
  return { kind: "play" as const, banner, run: { token, spec, seed }, pagedUrl: pagedAddress(page, token) };
}

/** The action: a start, limited, issued, kept; then the run in the page (`go=island`) or page by page. */
export async function gamePageAction<Choose extends object>(
  page: GamePage<Choose>,
  { request, context }: ActionFunctionArgs,
) {
  const who = await whoStarts(page, request);
  const form = await readForm(request);
  const verdict = await page.start({ ...who, form });
  if (verdict.kind === "refused") return refusedWith(page, verdict.status, verdict.message);
  if (verdict.kind === "choose") return formAgain(verdict);
  const made = verdict.player ?? who.player;
  const { player, headers } = made ? { player: made, headers: new Headers() } : await getOrCreatePlayer(request);
  const limited = GAME_LIMITS.start({ address: context.clientAddress ?? null, player: ownerOf(player) });
  if (!limited.ok) {
    const view: RefusalView = { kind: "refused", message: limited.message, ...page.refusal };
    return data(view, tooManyRequests(limited, headers));
  }
  const spec = verdict.spec(player);
  if (typeof spec === "string") return refusedWith(page, 400, spec, headers);
  const { token } = issueRun(spec, player);
  await page.remember?.({ request, headers, player, spec, form });
  headers.set("Cache-Control", "no-store");
  if (form.get("go") === PLAY_IN_PAGE) throw redirect(`${page.path}?token=${encodeURIComponent(token)}`, { headers });
  throw redirect(pagedAddress(page, token), { headers });
}
