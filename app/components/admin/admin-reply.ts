import type { SubmissionResult } from "@conform-to/react";

/** The admin panel's forms that can be refused, and what the action answers when it refuses one. */
export type AdminIntent =
  | "login"
  | "create-school"
  | "create-class"
  | "create-teacher"
  | "edit-teacher"
  | "upload-logo"
  | "add-student"
  | "edit-student";

export type AdminReply = {
  intent: AdminIntent;
  /**
   * Which of the page's forms it was: the school of a refused new class, the teacher or student of a refused
   * edit, the class of a refused new student, `school-{id}` or `class-{id}` for a refused logo.
   */
  target?: string;
  result: SubmissionResult<string[]>;
};

export type Reply = SubmissionResult<string[]> | undefined;
