import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { config } from "~/config.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import {
  deleteParentLink,
  liveParentLinksOfClass,
  upsertParentLinks,
  type ParentLinkRow,
} from "~/models/parent-links.server";
import { schoolIdOfClass } from "~/models/schools.server";
import { listStudentsOfClass } from "~/models/students.server";
import { now } from "~/utils/clock.server";
import { flashHeaders } from "~/utils/flash.server";
import { classPageOf } from "~/utils/school-pages";
import { randomId } from "~/utils/signing.server";
import { formatDay, sortByName } from "~/school-rules/class-results";
import { qrCode } from "./qr-code.server";
import { classInScope, studentInScope, type ClassInScope, type StudentScope } from "./students.server";

/*
 * Parent links (docs/product.md#parents, docs/decisions/0058-parent-links.md). A link's token is 256 bits, the
 * HMAC-SHA256 of a random nonce under the server's secret, written in base64url (43 characters); the database keeps
 * the nonce and the token's SHA-256, never the token, so the database alone opens no link, while the server can
 * print a letter again for as long as the link works. One live link a pupil; it stops after PARENT_LINK_DAYS.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link works for a year from the day it is given: a whole school year, whenever in the year it was given. */
export const PARENT_LINK_DAYS = 365;

/** The parent page's path, before the token. */
export const PARENT_PATH = "/parent/";

/** What a token looks like: 43 base64url characters (32 bytes). Anything else is no token and opens nothing. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const isTokenShape = (value: string): boolean => TOKEN_SHAPE.test(value);

/** The token of a link made from `nonce`: only the server, with its secret, can make it again. */
export function tokenOf(nonce: string, secret: string = config.sessionSecret): string {
  return crypto.createHmac("sha256", secret).update(`parent-link:${nonce}`).digest("base64url");
}

/** What the database keeps of a token: its SHA-256, in hex. A token is 256 random bits, so no slow hash is needed. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const expiryOf = (givenAt: number): number => givenAt + PARENT_LINK_DAYS * DAY_MS;

/** A new link's row for a pupil, given at `at`, and its token. */
export function newParentLink(studentId: string, at: number): { row: ParentLinkRow; token: string } {
  const nonce = randomId(16);
  const token = tokenOf(nonce);
  return { row: { studentId, nonce, tokenHash: hashToken(token), givenAt: at, expiresAt: expiryOf(at) }, token };
}

/** The token of a stored link, or null when the server's secret has changed since (the link can no longer be printed). */
export function tokenOfRow(row: Pick<ParentLinkRow, "nonce" | "tokenHash">): string | null {
  const token = tokenOf(row.nonce);
  return hashToken(token) === row.tokenHash ? token : null;
}

export const parentLinkUrl = (token: string) => `${config.siteUrl}${PARENT_PATH}${token}`;

/** The part of a pupil's name a parent link shows: the first word (docs/product.md#parents). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? name;
}

/* The teacher's view of a class's links, on the dashboard. */

export type ParentLinkState = { given: string; until: string } | null;

/** Each pupil's live link in a class, as the dashboard shows it (dates in UK time). */
export function parentLinkStates(classId: string, at: number = now()): Map<string, ParentLinkState> {
  const states = new Map<string, ParentLinkState>();
  for (const [studentId, row] of liveParentLinksOfClass(classId, at)) {
    states.set(studentId, { given: formatDay(row.givenAt), until: formatDay(row.expiresAt) });
  }
  return states;
}

/** When a link given now would stop, for the confirmation steps. */
export const expiryDayIfGivenNow = () => formatDay(expiryOf(now()));

/* The teacher's actions: the scope is checked first, so another teacher's pupil or class writes nothing. */

const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The letter page of one pupil, or of the class's pupils with a live link. */
export function lettersPageOf(classId: string, studentId?: string): string {
  const base = `/teacher-dashboard/parent-letters?class=${encodeURIComponent(classId)}`;
  return studentId === undefined ? base : `${base}&student=${encodeURIComponent(studentId)}`;
}

/**
 * The change log's entry for a pupil's link given or stopped (docs/product.md#change-log), written inside the
 * change's own transaction; it names the pupil, never the token.
 */
function recordLinkChange(
  actor: AuditActor,
  action: "parent-link.given" | "parent-link.revoked",
  student: { id: string; name: string },
  schoolId: string | null,
) {
  recordAudit({ actor, action, schoolId, subject: { kind: "student", id: student.id, name: student.name } });
}

/** Gives one pupil a new link (the old one stops), then leads to their letter. */
export async function giveParentLink(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const student = studentInScope(scope, form.get("studentId"));
  const { row } = newParentLink(student.id, now());
  const schoolId = schoolIdOfClass(student.classId);
  upsertParentLinks([row], () => recordLinkChange(actor, "parent-link.given", student, schoolId));
  return redirect(lettersPageOf(student.classId, student.id), {
    headers: await flashHeaders(request, { kind: "success", title: `Parent link given to ${student.name}` }, NO_STORE),
  });
}

/** Gives every pupil of a class a new link in one transaction (an entry each), then leads to the class's letters. */
export async function giveClassParentLinks(
  request: Request,
  scope: StudentScope,
  form: URLSearchParams,
  actor: AuditActor,
) {
  const klass = classInScope(scope, form.get("classId"));
  const pupils = listStudentsOfClass(klass.id);
  const at = now();
  const rows = pupils.map((pupil) => newParentLink(pupil.id, at).row);
  const schoolId = schoolIdOfClass(klass.id);
  upsertParentLinks(rows, () => {
    for (const pupil of pupils) recordLinkChange(actor, "parent-link.given", pupil, schoolId);
  });
  const title = pupils.length === 1 ? "1 parent link given" : `${pupils.length} parent links given`;
  return redirect(lettersPageOf(klass.id), {
    headers: await flashHeaders(request, { kind: "success", title }, NO_STORE),
  });
}

/** Stops a pupil's link: from now on it is the parent page's 404. */
export async function stopParentLink(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const student = studentInScope(scope, form.get("studentId"));
  const schoolId = schoolIdOfClass(student.classId);
  const stopped = deleteParentLink(student.id, () => recordLinkChange(actor, "parent-link.revoked", student, schoolId));
  const flash = stopped
    ? { kind: "success" as const, title: `Parent link stopped for ${student.name}` }
    : { kind: "error" as const, title: `${student.name} has no parent link to stop.` };
  return redirect(`${classPageOf(scope.area, student.classId)}#student-${student.id}`, {
    headers: await flashHeaders(request, flash, NO_STORE),
  });
}

/* The letters */

export type ParentLetterView = {
  id: string;
  firstName: string;
  /** The link written out, or null when the server's secret changed since it was given (give a new one). */
  link: string | null;
  until: string;
  qr: { size: number; path: string } | null;
};

/**
 * The letters of a class: one pupil's (`studentId`) or every pupil's with a live link, by name. A pupil of another
 * class, or one without a live link, has no letter.
 */
export async function parentLettersView(klass: ClassInScope, studentId: string | null, at: number = now()) {
  const live = liveParentLinksOfClass(klass.id, at);
  const pupils = sortByName(listStudentsOfClass(klass.id)).filter(
    (pupil) => live.has(pupil.id) && (studentId === null || pupil.id === studentId),
  );
  const letters: ParentLetterView[] = [];
  for (const pupil of pupils) {
    const row = live.get(pupil.id)!;
    const token = tokenOfRow(row);
    const link = token === null ? null : parentLinkUrl(token);
    letters.push({
      id: pupil.id,
      firstName: firstNameOf(pupil.name),
      link,
      until: formatDay(row.expiresAt),
      qr: link === null ? null : await qrCode(link),
    });
  }
  return {
    siteName: config.siteName,
    classId: klass.id,
    className: klass.name,
    schoolName: klass.schoolName,
    onePupil: studentId !== null,
    letters,
  };
}
