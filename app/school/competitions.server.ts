import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseStartCompetition } from "~/forms/competition.server";
import type { AuditActor } from "~/models/audit.server";
import {
  classesOfSchool,
  competitionsOfClass,
  deleteCompetition,
  findCompetition,
  insertCompetition,
  listCompetitionsOfSchool,
  pupilsOfClasses,
  standingsTallies,
  uncountedGames,
  uncountedStickers,
  type CompetitionWithClasses,
  type UncountedGames,
} from "~/models/competitions.server";
import { withAudit } from "~/school/audit.server";
import {
  SHOWN_DAYS_AFTER,
  checkPeriod,
  formatLongDay,
  periodOf,
  pupilDayCap,
  rankStandings,
  stateOn,
  winnersOf,
  type CompetitionState,
  type PointsFrom,
  type Standing,
} from "~/school-rules/competition";
import type { SignedInTeacher } from "~/auth/school-session.server";
import { findSchool } from "~/models/schools.server";
import { now } from "~/utils/clock.server";
import { competitionLinks, type CompetitionArea } from "~/utils/competition-pages";
import { COMPETITION_MESSAGES as M } from "~/utils/competition-messages";
import { flashHeaders } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";
import { readForm } from "~/utils/request.server";
import { addDays, ukDay } from "~/school-rules/uk-days";

/*
 * Class competitions (docs/product.md#class-competition, docs/decisions/0061-class-competition.md): who may see,
 * start and cancel which, and what the pages read. A school's teachers and the admins see a school's competitions;
 * a teacher starts one among their school's classes with at least one of their own, and a teacher of a class taking
 * part (or an admin) may cancel it before it finishes. Anything outside the scope is the same 404, nothing written.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whose view: a school, and the teacher signed in (null for an admin, who runs every school). */
export type CompetitionScope = {
  area: CompetitionArea;
  schoolId: string;
  schoolName: string;
  teacherId: string | null;
};

export const teacherCompetitionScope = (teacher: SignedInTeacher): CompetitionScope => ({
  area: "teacher",
  schoolId: teacher.schoolId,
  schoolName: teacher.schoolName,
  teacherId: teacher.teacherId,
});

/** An admin's scope: the school of `?school=`, or the 404 of an unknown school. */
export function adminSchoolScope(schoolId: unknown): CompetitionScope {
  const school = typeof schoolId === "string" && ROW_ID.test(schoolId) ? findSchool(schoolId) : undefined;
  if (!school) throw httpError(404, M.schoolNotFound);
  return { area: "admin", schoolId: school.id, schoolName: school.name, teacherId: null };
}

/** An admin's scope for one competition: its school (an unknown competition is the 404). */
export function adminCompetitionScope(id: unknown): CompetitionScope {
  const competition = typeof id === "string" && ROW_ID.test(id) ? findCompetition(id) : undefined;
  if (!competition) throw httpError(404, M.notFound);
  return adminSchoolScope(competition.schoolId);
}

/** A competition of the scope's school, or the 404 that names no other school's. */
export function competitionInScope(scope: CompetitionScope, id: unknown): CompetitionWithClasses {
  const competition = typeof id === "string" && ROW_ID.test(id) ? findCompetition(id) : undefined;
  if (!competition || competition.schoolId !== scope.schoolId) throw httpError(404, M.notFound);
  return competition;
}

/** The standings, in one query for every class of the competition, by what counts as its points. */
export function standingsOf(competition: {
  id: string;
  startsOn: string;
  endsOn: string;
  /** Game scores when not said. */
  pointsFrom?: PointsFrom;
}): Standing[] {
  const { from, until } = periodOf(competition);
  return rankStandings(standingsTallies(competition.id, from, until, competition.pointsFrom));
}

export type CompetitionView = {
  id: string;
  name: string;
  state: CompetitionState;
  /** "30 November 2026". */
  startsOn: string;
  endsOn: string;
  classes: string[];
  startedBy: string;
  /** What counts as points: game scores, or facts secured. */
  pointsFrom: PointsFrom;
};

function viewOf(competition: CompetitionWithClasses, today: string): CompetitionView {
  return {
    id: competition.id,
    name: competition.name,
    state: stateOn(competition, today),
    startsOn: formatLongDay(competition.startsOn),
    endsOn: formatLongDay(competition.endsOn),
    classes: competition.classes.map((c) => c.name),
    startedBy: `${competition.startedByName} (${competition.startedByKind})`,
    pointsFrom: competition.pointsFrom,
  };
}

/** The list page: the school's competitions and the classes the start form offers (the teacher's own marked). */
export function competitionsPageData(scope: CompetitionScope) {
  const today = ukDay(now());
  return {
    today,
    // The last day offered to begin with: a week's competition.
    lastDay: addDays(today, 6),
    classes: classesOfSchool(scope.schoolId).map((c) => ({
      id: c.id,
      name: c.name,
      own: scope.teacherId === null || c.teacherId === scope.teacherId,
    })),
    competitions: listCompetitionsOfSchool(scope.schoolId).map((c) => viewOf(c, today)),
  };
}

export type StandingView = { position: number; className: string; points: string; played: number; pupils: number };

const standingView = (row: Standing): StandingView => ({
  position: row.position,
  className: row.className,
  points: row.points,
  played: row.played,
  pupils: row.pupils,
});

/** The standings page: the competition, its standings, and whether the viewer may cancel it (and is asking to). */
export function competitionPageData(scope: CompetitionScope, url: URL) {
  const competition = competitionInScope(scope, url.searchParams.get("id"));
  const view = viewOf(competition, ukDay(now()));
  const canCancel = view.state !== "finished" && mayCancel(scope, competition);
  return {
    competition: view,
    standings: standingsOf(competition).map(standingView),
    // The most one pupil adds to their class in a day, in the competition's own points.
    fairShare: pupilDayCap(competition.pointsFrom),
    uncounted: uncountedOf(scope, competition),
    canCancel,
    cancelling: canCancel && url.searchParams.get("cancel") === "1",
  };
}

/**
 * The games of the competition that do not count, by pupil (docs/product.md#class-competition): a teacher's own
 * classes' pupils only (the standings name no pupil), every class's for an admin.
 */
function uncountedOf(scope: CompetitionScope, competition: CompetitionWithClasses): UncountedGames[] {
  const classIds =
    scope.teacherId === null
      ? competition.classes.map((c) => c.id)
      : classesOfSchool(scope.schoolId)
          .filter((c) => c.teacherId === scope.teacherId)
          .map((c) => c.id);
  if (classIds.length === 0) return [];
  const { from, until } = periodOf(competition);
  // A secured-facts competition names the facts that do not count; a scores one, the games.
  const uncounted = competition.pointsFrom === "facts" ? uncountedStickers : uncountedGames;
  return uncounted(competition.id, classIds, from, until);
}

/**
 * The certificate: the winners of a finished competition (every tied class), or why there is none yet; with
 * `&pupils=1`, the pupils of the winning classes too, one certificate each.
 */
export function certificateData(scope: CompetitionScope, url: URL) {
  const competition = competitionInScope(scope, url.searchParams.get("id"));
  const view = viewOf(competition, ukDay(now()));
  if (view.state !== "finished") return { competition: view, winners: null, reason: M.certificateNotYet, pupils: null };
  const ranked = winnersOf(standingsOf(competition));
  const winners = ranked.map(standingView);
  // `&pupils=1`: one certificate for each pupil of the winning classes, for the teachers to hand out.
  const pupils =
    url.searchParams.get("pupils") === "1" && ranked.length ? pupilsOfClasses(ranked.map((w) => w.classId)) : null;
  const noWinner = competition.pointsFrom === "facts" ? M.certificateNoWinnerFacts : M.certificateNoWinner;
  return { competition: view, winners, reason: winners.length ? null : noWinner, pupils };
}

/** What a pupil's dashboard shows: their class's competitions on now, to come, or finished this past week. */
export function pupilCompetitions(classId: string) {
  const today = ukDay(now());
  return competitionsOfClass(classId, addDays(today, -SHOWN_DAYS_AFTER)).map((competition) => ({
    id: competition.id,
    name: competition.name,
    state: stateOn(competition, today),
    startsOn: formatLongDay(competition.startsOn),
    endsOn: formatLongDay(competition.endsOn),
    pointsFrom: competition.pointsFrom,
    // Class names only: never a pupil's name (docs/product.md#class-competition).
    standings: standingsOf(competition).map((row) => ({ ...standingView(row), own: row.classId === classId })),
  }));
}

function mayCancel(scope: CompetitionScope, competition: CompetitionWithClasses): boolean {
  if (scope.teacherId === null) return true;
  const ownClasses = new Set(
    classesOfSchool(scope.schoolId)
      .filter((c) => c.teacherId === scope.teacherId)
      .map((c) => c.id),
  );
  return competition.classes.some((c) => ownClasses.has(c.id));
}

export type CompetitionReply = { result: SubmissionResult<string[]> };

const refused = (result: SubmissionResult<string[]>, status = 400) =>
  data<CompetitionReply>({ result }, { status, headers: NO_STORE });

/** Starts a competition from the form, with its change log entry in the same transaction; then its standings. */
export async function startCompetition(
  request: Request,
  scope: CompetitionScope,
  form: URLSearchParams,
  actor: AuditActor,
) {
  const parsed = parseStartCompetition(form);
  if (!parsed.ok) return refused(parsed.result);
  const { name, startsOn, endsOn, classes: classIds, pointsFrom } = parsed.value;
  const period = checkPeriod(startsOn, endsOn, ukDay(now()));
  if (!period.ok) {
    const message = { past: M.startPast, "before-start": M.endBeforeStart, "too-long": M.tooLong }[period.problem];
    return refused(parsed.refuse({ fields: { [period.field]: message } }));
  }
  const schoolClasses = new Map(classesOfSchool(scope.schoolId).map((c) => [c.id, c]));
  const chosen = classIds.map((id) => schoolClasses.get(id));
  if (chosen.some((c) => c === undefined)) return refused(parsed.refuse({ fields: { classes: M.classesNotSchool } }));
  if (scope.teacherId !== null && !chosen.some((c) => c!.teacherId === scope.teacherId))
    return refused(parsed.refuse({ fields: { classes: M.classesNoneOwn } }));
  let id: string;
  try {
    id = withAudit(
      () =>
        insertCompetition(
          {
            schoolId: scope.schoolId,
            name,
            startsOn,
            endsOn,
            startedByKind: actor.kind,
            startedByName: actor.name,
            classIds,
            pointsFrom,
          },
          now(),
        ),
      () => ({
        actor,
        action: "competition.started",
        schoolId: scope.schoolId,
        subject: { kind: "school", id: scope.schoolId, name: scope.schoolName },
        detail:
          `${name}: ${chosen.map((c) => c!.name).join(", ")}, ${formatLongDay(startsOn)} to ${formatLongDay(endsOn)}` +
          (pointsFrom === "facts" ? ", points from secured facts" : ""),
      }),
    );
  } catch (error) {
    console.error("class competition: start failed", error);
    return refused(parsed.refuse({ form: M.startFailed }), 500);
  }
  return redirect(competitionLinks(scope.area, scope.schoolId).standings(id), {
    headers: await flashHeaders(request, { kind: "success", title: M.started(name) }, NO_STORE),
  });
}

/** Cancels a competition that has not finished (a teacher: one with a class of theirs); then the list. */
export async function cancelCompetition(
  request: Request,
  scope: CompetitionScope,
  form: URLSearchParams,
  actor: AuditActor,
) {
  const competition = competitionInScope(scope, form.get("id"));
  if (!mayCancel(scope, competition)) throw httpError(403, M.cancelNotYours);
  if (stateOn(competition, ukDay(now())) === "finished") throw httpError(409, M.cancelFinished);
  try {
    withAudit(
      () => deleteCompetition(competition.id),
      (deleted) =>
        deleted
          ? {
              actor,
              action: "competition.cancelled",
              schoolId: scope.schoolId,
              subject: { kind: "school", id: scope.schoolId, name: scope.schoolName },
              detail: competition.name,
            }
          : null,
    );
  } catch (error) {
    console.error("class competition: cancel failed", error);
    throw httpError(500, M.cancelFailed);
  }
  return redirect(competitionLinks(scope.area, scope.schoolId).list, {
    headers: await flashHeaders(request, { kind: "success", title: M.cancelled(competition.name) }, NO_STORE),
  });
}

/** The competitions list's one action, for either area: start (`intent=start`) or cancel (`intent=cancel`, `id`). */
export async function competitionsAction(request: Request, scope: CompetitionScope, actor: AuditActor) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "start") return startCompetition(request, scope, form, actor);
  if (intent === "cancel") return cancelCompetition(request, scope, form, actor);
  return new Response("Unknown form.", { status: 400, headers: NO_STORE });
}
