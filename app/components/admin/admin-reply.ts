import type { SubmissionResult } from "@conform-to/react";
import type { StudentIntent } from "~/components/school/student-reply";

/** The admin panel's forms that can be refused, and what the action answers when it refuses one. */
export type AdminIntent =
  "login" | "create-school" | "create-class" | "create-teacher" | "edit-teacher" | "upload-logo" | StudentIntent;

export type AdminReply = {
  intent: AdminIntent;
  /**
   * Which of the page's forms it was: the school of a refused new class, the teacher or student of a refused
   * edit, the class of a refused new student, `school-{id}` or `class-{id}` for a refused logo.
   */
  target?: string;
  result: SubmissionResult<string[]>;
};

export type { Reply } from "~/components/school/student-reply";
