/* The words of set work on pupils' and parents' pages (docs/product.md#set-work), made on the server. */

export const PUPIL_WORK_MESSAGES = {
  fromTeacher: "Your teacher says:",
  fromTeacherToParents: "The teacher says:",
  pastDue: "This work has ended.",
  done: "Done!",
} as const;
