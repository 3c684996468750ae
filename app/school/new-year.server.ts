import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { db } from "~/db/client.server";
import { className, isRowId } from "~/forms/admin.server";
import { fromSubmission, plainFields } from "~/forms/form-parse";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import {
  archivedPupilOfSchool,
  archivedPupilsOfSchool,
  classesForNewYear,
  lastYearStarted,
  teachersOfSchool,
  writeNewYear,
  type NewYearClass,
} from "~/models/new-year.server";
import { findSchool } from "~/models/schools.server";
import type { NewYearReply } from "~/components/admin/new-year-reply";
import type { NewYearClassPreview, NewYearPageView, NewYearPreview } from "~/types/new-year";
import { ADMIN_MESSAGES as A } from "~/utils/admin-messages";
import { now } from "~/utils/clock.server";
import { flashHeaders } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";
import { NEW_YEAR_MESSAGES as M } from "~/utils/new-year-messages";
import { formatDateTime } from "~/school-rules/class-results";
import { eraseStudent } from "./data-rights.server";

/*
 * The new school year (docs/product.md#new-school-year): an admin's one reviewed step per school. The form names
 * every class's new name, teacher and fate, and the pupils who leave; `preview` reads it into what would change,
 * `start` reads it afresh and writes all of it in one transaction (docs/decisions/0062-new-school-year.md, as the
 * roster import does: docs/decisions/0057-roster-import-reads-the-list-twice.md). Both are refused when the school
 * changed since the page was made (its version), so a second click or an old tab writes nothing.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

export const newYearPage = (schoolId: string) => `/admin/new-year?school=${encodeURIComponent(schoolId)}`;

/** The school of the page (`?school=`): not an id is a 400, no such school a 404. */
export function newYearSchool(url: URL): { id: string; name: string } {
  const schoolId = url.searchParams.get("school");
  if (!isRowId(schoolId)) throw httpError(400, A.badRequest);
  const school = findSchool(schoolId);
  if (!school) throw httpError(404, A.schoolNotFound);
  return { id: school.id, name: school.name };
}

/**
 * What the page was made from, as a short hash: every class's id, name and teacher, every pupil's id (archived
 * ones are not in it) and the school's last start of a year. Any change to these makes a preview stale.
 */
function versionOf(schoolId: string, classes: readonly NewYearClass[]): string {
  const text = JSON.stringify([
    lastYearStarted(schoolId),
    classes.map((c) => [c.id, c.name, c.teacherId, c.pupils.map((p) => p.id)]),
  ]);
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

export const dateOf = (ms: number) => formatDateTime(ms).slice(0, 10);

/** The page's read: the form's classes, the teachers to choose from, the version, and the archived pupils. */
export function newYearPageData(school: { id: string; name: string }): NewYearPageView {
  const classes = classesForNewYear(school.id);
  return {
    school,
    classes,
    teachers: teachersOfSchool(school.id),
    version: versionOf(school.id, classes),
    archived: archivedPupilsOfSchool(school.id).map(({ id, name, className, archivedAt }) => ({
      id,
      name,
      className,
      archivedOn: dateOf(archivedAt),
    })),
  };
}

/* The form's field names: one set per class, one checkbox per pupil of a class that moves up. */
export const nameField = (classId: string) => `name-${classId}`;
export const teacherField = (classId: string) => `teacher-${classId}`;
export const fateField = (classId: string) => `fate-${classId}`;
export const leavesField = (studentId: string) => `leaves-${studentId}`;

/** The form's schema for these classes: only their fields are read, anything else is left aside. */
function schemaOf(classes: readonly NewYearClass[]) {
  const shape: Record<string, z.ZodTypeAny> = {
    intent: z.enum(["preview", "start"], { message: A.badRequest }),
    version: z.string({ message: A.badRequest }),
  };
  for (const c of classes) {
    shape[nameField(c.id)] = className();
    shape[teacherField(c.id)] = z.string({ message: A.classTeacherRequired });
    shape[fateField(c.id)] = z.enum(["up", "leaves"], { message: M.fateRequired });
    for (const p of c.pupils) shape[leavesField(p.id)] = z.literal("on").optional();
  }
  return z.object(shape);
}

/** One class's part of the year, as the form asks it. */
type ClassPlan = { klass: NewYearClass; name: string; teacherId: string; leaves: boolean; leavers: string[] };

/** The key two names clash on: the same letters, whatever the case and the spaces. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en-GB");

/**
 * The form read against the school as it is now: the plan, or the reply that refuses it (with the messages by
 * field and the input kept; a stale one with the message at the top, to be made again from the page).
 */
function readPlan(
  form: URLSearchParams,
  school: { id: string; name: string },
):
  | { ok: true; plans: ClassPlan[]; reply: (preview: NewYearPreview) => NewYearReply }
  | { ok: false; status: number; reply: NewYearReply } {
  const classes = classesForNewYear(school.id);
  const submission = fromSubmission(
    parseWithZod(plainFields(form), { schema: schemaOf(classes), disableAutoCoercion: true }),
  );
  if (form.get("version") !== versionOf(school.id, classes)) {
    return {
      ok: false,
      status: 409,
      reply: { kind: "refused", stale: true, result: { status: "error", error: { "": [M.stale] } } },
    };
  }
  if (!submission.ok) {
    const fields = submission.result.error ?? {};
    if (fields.intent || fields.version) throw httpError(400, A.badRequest);
    return { ok: false, status: 400, reply: { kind: "refused", result: submission.result } };
  }
  const value = submission.value as Record<string, string | undefined>;
  const teachers = new Map(teachersOfSchool(school.id).map((t) => [t.id, t.name]));
  const plans: ClassPlan[] = classes.map((klass) => {
    const leaves = value[fateField(klass.id)] === "leaves";
    return {
      klass,
      name: (value[nameField(klass.id)] ?? "").trim(),
      teacherId: value[teacherField(klass.id)] ?? "",
      leaves,
      leavers: klass.pupils.filter((p) => leaves || value[leavesField(p.id)] === "on").map((p) => p.id),
    };
  });
  const errors: Record<string, string> = {};
  const byName = new Map<string, ClassPlan[]>();
  for (const plan of plans) {
    if (!teachers.has(plan.teacherId)) errors[teacherField(plan.klass.id)] = M.teacherNotOfSchool(school.name);
    const key = nameKey(plan.name);
    byName.set(key, [...(byName.get(key) ?? []), plan]);
  }
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    for (const plan of same) errors[nameField(plan.klass.id)] = M.sameName(plan.name);
  }
  if (Object.keys(errors).length > 0) {
    return { ok: false, status: 400, reply: { kind: "refused", result: submission.refuse({ fields: errors }) } };
  }
  const kept = submission.refuse({});
  return {
    ok: true,
    plans,
    reply: (preview) => ({ kind: "preview", preview, result: { ...kept, status: "success", error: undefined } }),
  };
}

/** What the plans change, for the preview and the change log. */
function previewOf(plans: readonly ClassPlan[], teachers: Map<string, string>): NewYearPreview {
  const classes = plans.map(({ klass, name, teacherId, leaves, leavers }): NewYearClassPreview => {
    const leaving = new Set(leavers);
    return {
      id: klass.id,
      name: klass.name,
      newName: name,
      teacherName: klass.teacherName,
      newTeacherName: teachers.get(teacherId) ?? klass.teacherName,
      leaves,
      leavers: klass.pupils.filter((p) => leaving.has(p.id)).map((p) => p.name),
      staying: klass.pupils.length - leaving.size,
    };
  });
  return {
    classes,
    archived: classes.reduce((n, c) => n + c.leavers.length, 0),
    staying: classes.reduce((n, c) => n + c.staying, 0),
  };
}

const pupils = (n: number) => (n === 1 ? "1 pupil" : `${n} pupils`);
const classesText = (n: number) => (n === 1 ? "1 class" : `${n} classes`);

/** A class's entry in the change log when anything about it changes: what it was, and how many left. */
function classDetail(c: NewYearClassPreview): string | null {
  const parts: string[] = [];
  if (c.newName !== c.name) parts.push(`was ${c.name}`);
  if (c.newTeacherName !== c.teacherName) parts.push(`teacher ${c.newTeacherName}, was ${c.teacherName}`);
  if (c.leaves) parts.push(`left: ${pupils(c.leavers.length)} archived`);
  else if (c.leavers.length > 0) parts.push(`${pupils(c.leavers.length)} archived`);
  return parts.length ? parts.join("; ") : null;
}

/**
 * Writes the year in one transaction: the classes' names and teachers, the leavers archived, their sessions and
 * parent links ended, and the change log's `year.started` (with the counts) and `class.new-year` (each class
 * changed). Any failure writes nothing.
 */
function startYear(
  school: { id: string; name: string },
  plans: readonly ClassPlan[],
  preview: NewYearPreview,
  actor: AuditActor,
): number {
  const at = now();
  return db.transaction(() => {
    const archived = writeNewYear(
      plans.map((p) => ({ id: p.klass.id, name: p.name, teacherId: p.teacherId })),
      plans.flatMap((p) => p.leavers),
      at,
    );
    for (const c of preview.classes) {
      const detail = classDetail(c);
      if (detail === null) continue;
      recordAudit(
        {
          actor,
          action: "class.new-year",
          schoolId: school.id,
          subject: { kind: "class", id: c.id, name: c.newName },
          detail,
        },
        at,
      );
    }
    const left = preview.classes.filter((c) => c.leaves).length;
    recordAudit(
      {
        actor,
        action: "year.started",
        schoolId: school.id,
        subject: { kind: "school", id: school.id, name: school.name },
        detail: `${classesText(preview.classes.length - left)} moved up, ${classesText(left)} left, ${pupils(archived)} archived`,
      },
      at,
    );
    return archived;
  });
}

function reply(body: NewYearReply, status: number) {
  return data<NewYearReply>(body, { status, headers: NO_STORE });
}

/**
 * The page's form: `intent=preview` shows what would change; `intent=start` writes it and leads back to the page
 * with the message. The role is checked by the caller first.
 */
export async function newYearAction(
  request: Request,
  school: { id: string; name: string },
  form: URLSearchParams,
  actor: AuditActor,
) {
  const intent = form.get("intent");
  if (intent === "erase-archived") return eraseArchived(request, school, form, actor);
  const read = readPlan(form, school);
  if (!read.ok) return reply(read.reply, read.status);
  const preview = previewOf(read.plans, new Map(teachersOfSchool(school.id).map((t) => [t.id, t.name])));
  if (intent !== "start") return reply(read.reply(preview), 200);
  try {
    startYear(school, read.plans, preview, actor);
  } catch (error) {
    console.error("admin: starting the new year failed", error);
    return reply({ kind: "refused", result: { status: "error", error: { "": [M.failed] } } }, 500);
  }
  return redirect(newYearPage(school.id), {
    headers: await flashHeaders(
      request,
      { kind: "success", title: M.started(preview.classes.length, preview.archived) },
      NO_STORE,
    ),
  });
}

/** The erasure's confirmation step (`&erase={pupil}`): an archived pupil of this school, or a 404. */
export function archivedToErase(url: URL, schoolId: string): { id: string; name: string } | null {
  const id = url.searchParams.get("erase");
  if (id === null) return null;
  const pupil = isRowId(id) ? archivedPupilOfSchool(id, schoolId) : undefined;
  if (!pupil) throw httpError(404, A.studentNotFound);
  return { id: pupil.id, name: pupil.name };
}

/** Erases an archived pupil at once, as an erasure on request (docs/product.md#data-rights). */
async function eraseArchived(
  request: Request,
  school: { id: string; name: string },
  form: URLSearchParams,
  actor: AuditActor,
) {
  const id = form.get("studentId");
  if (!isRowId(id)) throw httpError(400, A.badRequest);
  const pupil = archivedPupilOfSchool(id, school.id);
  if (!pupil) throw httpError(404, A.studentNotFound);
  let flash: { kind: "success" | "error"; title: string } = { kind: "success", title: A.erased };
  try {
    if (!eraseStudent({ id: pupil.id }, actor)) throw new Error("the pupil is gone");
  } catch (error) {
    console.error("admin: erasing an archived pupil failed", error);
    flash = { kind: "error", title: A.eraseFailed };
  }
  return redirect(newYearPage(school.id), { headers: await flashHeaders(request, flash, NO_STORE) });
}
