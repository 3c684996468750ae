import { isRowId } from "~/forms/admin.server";
import { listAudit } from "~/models/audit.server";
import { listSchoolsWithClasses } from "~/models/schools.server";
import { AUDIT_ACTIONS, PARENT_LINK_ACTIONS, isAuditAction } from "~/school-rules/audit-actions";
import { formatDateTime } from "~/school-rules/class-results";
import { AUDIT_MESSAGES as M } from "~/utils/admin-messages";
import { httpError } from "~/utils/http.server";

/* The change log's page (docs/product.md#change-log): a page of entries, newest first, for one school or all. */

const PAGE_SIZE = 50;

export type AuditLine = {
  id: number;
  when: string;
  who: string;
  what: string;
  school: string;
};

/**
 * `?school=` (a school's id, or none for all), `?before=` (the last entry id of the page before) and `?parents=hide`
 * (the parent links left out).
 */
function queryOf(url: URL): { schoolId: string | null; before: number | null; hideParents: boolean } {
  const school = url.searchParams.get("school") || null;
  const before = url.searchParams.get("before");
  const parents = url.searchParams.get("parents");
  if (school !== null && !isRowId(school)) throw httpError(400, M.badQuery);
  if (before !== null && !/^[1-9]\d{0,15}$/.test(before)) throw httpError(400, M.badQuery);
  if (parents !== null && parents !== "hide") throw httpError(400, M.badQuery);
  return { schoolId: school, before: before === null ? null : Number(before), hideParents: parents === "hide" };
}

export function auditPageData(url: URL) {
  const { schoolId, before, hideParents } = queryOf(url);
  const rows = listAudit({ schoolId, before, limit: PAGE_SIZE, without: hideParents ? PARENT_LINK_ACTIONS : [] });
  const page = rows.slice(0, PAGE_SIZE);
  const lines: AuditLine[] = page.map((row) => {
    const words = isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action;
    const subject = row.subjectName ? ` ${row.subjectName}` : "";
    return {
      id: row.id,
      when: formatDateTime(row.at),
      who: `${row.actorName} (${row.actorKind === "admin" ? M.admin : M.teacher})`,
      what: `${words}${subject}${row.detail ? ` (${row.detail})` : ""}`,
      school: row.schoolName ?? (row.schoolId ? M.gone : ""),
    };
  });
  const last = page.at(-1);
  return {
    lines,
    schoolId,
    hideParents,
    first: before === null,
    older: rows.length > PAGE_SIZE && last ? last.id : null,
    schools: listSchoolsWithClasses()
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en-GB")),
  };
}
