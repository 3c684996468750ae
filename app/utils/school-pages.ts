/*
 * Where each school area shows a class's students (docs/product.md#admin, docs/product.md#teachers): the admin
 * panel's class page and the teacher dashboard. Browser-safe: the student forms post here and the student service
 * leads back here.
 */

export type SchoolArea = "admin" | "teacher";

/** The page of one class's students in an area; `&edit=`, `&delete=`, `&new-code=` and `#student-…` go after it. */
export function classPageOf(area: SchoolArea, classId: string): string {
  const id = encodeURIComponent(classId);
  return area === "admin" ? `/admin?tab=schools&class=${id}` : `/teacher-dashboard?class=${id}`;
}

/** The query of a new login code's confirmation step on a page of students or teachers (docs/product.md#confirmation-steps). */
export const NEW_CODE_STEP = "new-code";

/** The query of a pupil's erasure's confirmation step on the admin's class page (docs/product.md#data-rights). */
export const ERASE_STEP = "erase";

/** The query of a logo removal's confirmation step on the admin panel: the school's or class's id. */
export const REMOVE_LOGO_STEP = "remove-logo";

/** The queries of the parent links' confirmation steps on the teacher dashboard (docs/product.md#parents). */
export const PARENT_LINK_STEP = "parent-link";
export const STOP_PARENT_LINK_STEP = "stop-parent-link";
/** Giving the whole class links: its value is the class's id. */
export const CLASS_PARENT_LINKS_STEP = "class-parent-links";
