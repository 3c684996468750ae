import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { RosterReply } from "~/components/school/roster-reply";
import { db } from "~/db/client.server";
import { isRowId } from "~/forms/admin.server";
import { fromSubmission, plainFields } from "~/forms/form-parse";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { classesOfSchool, findClassDetail, findSchool } from "~/models/schools.server";
import { studentBatchWriter, studentNamesOfClasses, studentsAddedAt } from "~/models/students.server";
import type { RosterResultView, RosterTargetView } from "~/types/roster";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";
import { httpError } from "~/utils/http.server";
import { readMultipartForm } from "~/utils/multipart-form.server";
import { ROSTER_MAX_BYTES, ROSTER_MESSAGES as M } from "~/utils/roster-messages";
import { NoFreeLoginCode, withFreshLoginCode } from "./login-codes.server";
import { decodeRoster, parseRoster, rosterNameKey, type RosterHeader, type RosterRow } from "./roster-parse.server";
import { classInScope, type StudentScope } from "./students.server";

/*
 * The roster import (docs/product.md#roster-import): a list of pupils, pasted or uploaded, read into a preview of
 * every row (to be added, or refused and why), then added in one transaction with fresh login codes. Nothing is
 * kept on the server between the two steps: the preview sends the list's text back with its button, and the
 * import reads it afresh (docs/decisions/0057-roster-import-reads-the-list-twice.md). Scope: a teacher imports
 * into their own classes; an admin into any class, or a whole school with a class column.
 */

/** Where a list goes, checked against the scope. */
export type RosterTarget =
  | {
      kind: "class";
      classId: string;
      className: string;
      schoolId: string;
      schoolName: string;
      /** A teacher's: the school's classes, whose teacher says which are theirs (a list's class column). */
      schoolClasses: { id: string; name: string; teacherId: string | null }[] | null;
      teacherId: string | null;
    }
  | { kind: "school"; schoolId: string; schoolName: string; classes: { id: string; name: string }[] };

/** The multipart body read whole at most: the list twice over (a file and a pasted text) and the form's parts. */
const MAX_BODY_BYTES = 2 * ROSTER_MAX_BYTES + 64 * 1024;

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The class (`?class=`) or, for an admin, the school (`?school=`) of the page; out of scope is the area's 4xx. */
export function rosterTargetOf(scope: StudentScope, url: URL): RosterTarget {
  const schoolId = url.searchParams.get("school");
  if (scope.area === "admin" && schoolId !== null && !url.searchParams.has("class")) {
    if (!isRowId(schoolId)) throw httpError(400, A.badRequest);
    const school = findSchool(schoolId);
    if (!school) throw httpError(404, A.schoolNotFound);
    return { kind: "school", schoolId: school.id, schoolName: school.name, classes: classesOfSchool(school.id) };
  }
  const klass = classInScope(scope, url.searchParams.get("class"));
  const detail = findClassDetail(klass.id);
  if (!detail) throw httpError(404, A.classNotFound);
  const teacherId = scope.area === "teacher" ? scope.teacherId : null;
  return {
    kind: "class",
    classId: klass.id,
    className: klass.name,
    schoolId: detail.schoolId,
    schoolName: klass.schoolName,
    schoolClasses: teacherId ? classesOfSchool(detail.schoolId) : null,
    teacherId,
  };
}

/** The classes a list's rows may go into: the page's, a teacher's own, or the school's. */
function classesOf(target: RosterTarget): { id: string; name: string }[] {
  if (target.kind === "school") return target.classes;
  const own = (target.schoolClasses ?? []).filter((c) => c.teacherId === target.teacherId && c.id !== target.classId);
  return [{ id: target.classId, name: target.className }, ...own];
}

/** How a list is read for the target: a teacher's class may have a class column (their own classes). */
function parseTargetOf(target: RosterTarget): "class" | "school" | "own-classes" {
  return target.kind === "school" ? "school" : target.teacherId ? "own-classes" : "class";
}

export function targetView(target: RosterTarget): RosterTargetView {
  return target.kind === "class"
    ? {
        kind: "class",
        classId: target.classId,
        className: target.className,
        schoolName: target.schoolName,
        ownClasses: target.teacherId !== null,
      }
    : {
        kind: "school",
        schoolId: target.schoolId,
        schoolName: target.schoolName,
        classNames: target.classes.map((c) => c.name),
      };
}

/** Who imports: the audit log's actor (actorOfTeacher, actorOfAdmin in app/school/audit.server.ts). */
export type RosterActor = AuditActor;

/** The change log's entry of an import (`students.imported`, detail: how many), inside the import's transaction. */
function recordImport(
  target: RosterTarget,
  actor: RosterActor,
  added: number,
  klass: { id: string; name: string } | null,
): void {
  const subject = klass
    ? { kind: "class" as const, id: klass.id, name: klass.name }
    : { kind: "school" as const, id: target.schoolId, name: target.schoolName };
  recordAudit({
    actor,
    action: "students.imported",
    schoolId: target.schoolId,
    subject,
    detail: added === 1 ? "1 pupil" : `${added} pupils`,
  });
}

/** A row of the preview, with the class it goes into when it is to be added. */
export type CheckedRow = RosterRow & { classId: string | null };

/** The rows checked against the database: the class each goes into, and names already in it. */
export function checkRows(target: RosterTarget, rows: readonly RosterRow[]): CheckedRow[] {
  const classByName = new Map<string, string>();
  for (const c of classesOf(target))
    if (!classByName.has(rosterNameKey(c.name))) classByName.set(rosterNameKey(c.name), c.id);
  // A teacher's row with no class goes into the page's class; one naming a class goes there if it is theirs.
  const classOf = (row: RosterRow) =>
    target.kind === "class" && row.className === null
      ? target.classId
      : (classByName.get(rosterNameKey(row.className ?? "")) ?? null);
  const schoolHas = (name: string) =>
    target.kind === "class" && (target.schoolClasses ?? []).some((c) => rosterNameKey(c.name) === rosterNameKey(name));
  const touched = new Set<string>();
  for (const row of rows) {
    const id = row.refused ? null : classOf(row);
    if (id) touched.add(id);
  }
  const present = new Set(
    studentNamesOfClasses([...touched]).map(({ classId, name }) => `${classId}\n${rosterNameKey(name.trim())}`),
  );
  return rows.map((row): CheckedRow => {
    if (row.refused) return { ...row, classId: null };
    const classId = classOf(row);
    if (!classId) {
      const name = row.className ?? "";
      const refused = schoolHas(name) ? M.notYourClass(name) : M.unknownClass(name);
      return { ...row, classId: null, settings: null, refused };
    }
    if (present.has(`${classId}\n${rosterNameKey(row.name)}`))
      return { ...row, classId: null, settings: null, refused: M.alreadyInClass };
    return { ...row, classId };
  });
}

/** The form's fields (the one form pattern): which step, and the pasted or carried list. */
const rosterSchema = z.object({
  intent: z.enum(["preview", "import"], { message: A.badRequest }),
  text: z.string().optional(),
});

function refusedReply(result: RosterReply, status: number) {
  return data<RosterReply>(result, { status, headers: NO_STORE });
}

/**
 * The import page's form: `intent=preview` reads a pasted list or an uploaded file into the preview;
 * `intent=import` reads the carried list afresh and adds every good row in one transaction, then leads to the
 * page of the pupils added (`&imported={moment}`). The role is checked by the caller before the body is read.
 */
export async function rosterAction(
  request: Request,
  target: RosterTarget,
  page: string,
  actor: RosterActor,
): Promise<Response | ReturnType<typeof refusedReply>> {
  const read = await readMultipartForm(request, {
    fileField: "file",
    maxFileBytes: ROSTER_MAX_BYTES,
    maxBodyBytes: MAX_BODY_BYTES,
    maxFieldBytes: ROSTER_MAX_BYTES,
  });
  if (!read.ok) {
    if (read.status !== 413) throw httpError(read.status, read.message);
    return refusedReply({ kind: "refused", result: { status: "error", error: { file: [M.tooLarge] } } }, 413);
  }
  const submission = fromSubmission(
    parseWithZod(plainFields(read.fields), { schema: rosterSchema, disableAutoCoercion: true }),
  );
  if (!submission.ok) throw httpError(400, A.badRequest);
  const { intent, text: pasted = "" } = submission.value;
  const refuse = (field: "file" | "text", message: string, status: number) =>
    refusedReply({ kind: "refused", result: submission.refuse({ fields: { [field]: message } }) }, status);

  let text = pasted;
  if (intent === "preview") {
    const file = read.file;
    if (file.kind === "too-large") return refuse("file", M.tooLarge, 413);
    if (file.kind === "file") {
      if (pasted.trim() !== "") return refuse("text", M.both, 400);
      const decoded = decodeRoster(file.bytes);
      if (!decoded.ok) return refuse("file", decoded.message, decoded.message === M.tooLarge ? 413 : 415);
      text = decoded.text;
    }
  }
  const field = read.file.kind === "file" ? "file" : "text";
  if (text.trim() === "") return refuse(field, M.empty, 400);
  const parsed = parseRoster(text, parseTargetOf(target));
  if (!parsed.ok) return refuse(field, parsed.message, 422);

  const { header } = parsed;
  if (intent === "preview") return preview(checkRows(target, parsed.rows), header, text, null, 200);

  const moment = Date.now();
  try {
    const done = importRows(target, parsed.rows, moment, actor);
    if (done.added === 0) return preview(done.checked, header, text, M.nothingToImport, 409);
  } catch (error) {
    console.error("roster import: adding the pupils failed", error);
    const message = error instanceof NoFreeLoginCode ? M.codeFailed : M.failed;
    return preview(checkRows(target, parsed.rows), header, text, message, 500);
  }
  return redirect(`${page}&imported=${moment}`, { headers: NO_STORE });
}

/**
 * Adds every good row in one transaction, each with a fresh login code, all at `moment`, and records the import in
 * the change log inside it when any was added. The rows are checked again inside the transaction, so what was added
 * since the preview is left out now. Any failure rolls everything back (the change log's entry too).
 */
export function importRows(
  target: RosterTarget,
  rows: readonly RosterRow[],
  moment: number,
  actor: RosterActor,
): { checked: CheckedRow[]; added: number } {
  return db.transaction(() => {
    const checked = checkRows(target, rows);
    const writer = studentBatchWriter();
    let added = 0;
    const byClass = new Map<string, number>();
    for (const row of checked) {
      if (!row.classId || !row.settings) continue;
      byClass.set(row.classId, (byClass.get(row.classId) ?? 0) + 1);
      const { classId, settings } = row;
      withFreshLoginCode((loginCode) => writer.insert({ name: row.name, classId, loginCode, ...settings }, moment), {
        inUse: writer.codeInUse,
      });
      added += 1;
    }
    // A class's import is logged for each class it added to; a school's once, for the school.
    if (target.kind === "school") {
      if (added > 0) recordImport(target, actor, added, null);
    } else {
      for (const klass of classesOf(target)) {
        const count = byClass.get(klass.id);
        if (count) recordImport(target, actor, count, klass);
      }
    }
    return { checked, added };
  });
}

function preview(
  rows: CheckedRow[],
  header: RosterHeader | null,
  text: string,
  problem: string | null,
  status: number,
) {
  const toAdd = rows.filter((row) => row.classId !== null).length;
  return refusedReply(
    {
      kind: "preview",
      rows: rows.map(({ line, name, className, settings, refused, notes }) => ({
        line,
        name,
        className,
        settings,
        refused,
        notes,
      })),
      toAdd,
      header,
      text,
      problem: problem ?? (toAdd === 0 ? M.nothingToImport : null),
    },
    status,
  );
}

/** The pupils an import added at `moment` (the page's `&imported=`), by class; null when it names no import. */
export function rosterResult(target: RosterTarget, imported: string | null): RosterResultView | null {
  if (imported === null) return null;
  const moment = Number(imported);
  if (!Number.isSafeInteger(moment) || moment <= 0) throw httpError(400, A.badRequest);
  const classes = classesOf(target);
  const pupils = studentsAddedAt(
    classes.map((c) => c.id),
    moment,
  );
  if (pupils.length === 0) return null;
  return {
    classes: classes
      .map((c) => ({
        id: c.id,
        name: c.name,
        pupils: pupils.filter((p) => p.classId === c.id).map(({ id, name, loginCode }) => ({ id, name, loginCode })),
      }))
      .filter((c) => c.pupils.length > 0),
  };
}
