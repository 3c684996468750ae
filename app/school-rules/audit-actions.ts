// What the change log says each change was (docs/product.md#change-log): the words after the person's name, as in
// "Ms Rahman added the pupil Ben Carter". One key per kind of change an admin or a teacher can make.
export const AUDIT_ACTIONS = {
  "school.created": "created the school",
  "class.created": "created the class",
  "class.settings": "set the settings of every pupil in the class",
  "teacher.created": "added the teacher",
  "teacher.updated": "changed the details of the teacher",
  "teacher.code-renewed": "gave a new login code to the teacher",
  "logo.uploaded": "changed the logo of",
  "logo.removed": "removed the logo of",
  "student.added": "added the pupil",
  "student.updated": "changed the settings of the pupil",
  "student.code-renewed": "gave a new login code to the pupil",
  "parent-link.given": "gave a parent link for the pupil",
  "parent-link.revoked": "stopped the parent link of the pupil",
  // Data rights (docs/product.md#data-rights): an erasure names the class, never the pupil.
  "student.erased": "erased on request a pupil of the class",
  "school.exported": "exported the data of the school",
  "students.imported": "imported pupils into",
  // The weekly digest (docs/product.md#weekly-digest): a teacher's own choice, so no subject.
  "digest.subscribed": "turned on their weekly e-mail",
  "digest.unsubscribed": "turned off their weekly e-mail",
  // An address kept for one-time sign-in links alone: a new way into the teacher's account, so the school sees it.
  "sign-in-address.confirmed": "confirmed an e-mail address for their sign-in links",
  "sign-in-address.forgotten": "forgot their e-mail address for sign-in links",
  // Class competitions (docs/product.md#class-competition): about the school, the competition in the detail.
  "competition.started": "started a class competition in",
  "competition.cancelled": "cancelled a class competition in",
  // The new school year (docs/product.md#new-school-year): the whole step, and each class it changed.
  "year.started": "started the new school year of",
  "class.new-year": "moved on to the new year the class",
  // Set work (docs/product.md#set-work): the entry names the class, its detail the work in words.
  "work.set": "set work for the class",
  "work.changed": "changed the work of the class",
  "work.removed": "removed the work of the class",
  // Stickers, badges and milestones for a class (docs/product.md#sticker-book): the teacher's switch.
  "class.rewards-off": "turned off stickers for the class",
  "class.rewards-on": "turned on stickers for the class",
  // A class goal in secured facts (docs/product.md#class-goal): the detail says the goal in words.
  "class.goal-set": "set a class goal for the class",
  "class.goal-removed": "removed the class goal of the class",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The parent links' entries: many a term (a class's links at once), so the log can hide them. */
export const PARENT_LINK_ACTIONS: readonly AuditAction[] = ["parent-link.given", "parent-link.revoked"];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(AUDIT_ACTIONS, value);
}
