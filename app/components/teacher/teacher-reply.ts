import type { SubmissionResult } from "@conform-to/react";

/** The dashboard's forms that can be refused, and what the action answers when it refuses one. */
export type TeacherIntent = "add-student" | "edit-student";

export type TeacherReply = {
  intent: TeacherIntent;
  /** The student of a refused edit: which of the page's forms it was. */
  target?: string;
  result: SubmissionResult<string[]>;
};

export type Reply = SubmissionResult<string[]> | undefined;
