import { isNull } from "drizzle-orm";
import { students } from "~/db/schema";

/*
 * "Not archived" (docs/product.md#new-school-year), said once. A pupil a new school year archived keeps their rows
 * until housekeeping erases them, but logs in nowhere, shows in no list and counts in no class figure: every pupil
 * query keeps to one of these two. Only the erasure, the login code's uniqueness check and the school's export read
 * archived pupils too.
 */

/** The condition for a drizzle query on `students`. */
export const activeStudent = isNull(students.archivedAt);

/** The same condition in raw SQL, for the pupils' table under the alias `as`. */
export const activeStudentSql = (as: string) => `${as}.archived_at IS NULL`;
