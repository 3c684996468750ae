/*
 * Where each school area shows a class's students (docs/product.md#admin, docs/product.md#teachers): the admin
 * panel's class page and the teacher dashboard. Browser-safe: the student forms post here and the student service
 * leads back here.
 */

export type SchoolArea = "admin" | "teacher";

/** The page of one class's students in an area; `&edit=`, `&delete=` and `#student-…` go after it. */
export function classPageOf(area: SchoolArea, classId: string): string {
  const id = encodeURIComponent(classId);
  return area === "admin" ? `/admin?tab=schools&class=${id}` : `/teacher-dashboard?class=${id}`;
}
