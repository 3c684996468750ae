import type { SubmissionResult } from "@conform-to/react";

/** The student forms that can be refused (admin and teacher alike), and what the action answers when it refuses one. */
export type StudentIntent = "add-student" | "edit-student" | "class-settings";

export type StudentReply = {
  intent: StudentIntent;
  /**
   * Which of the page's forms it was: the class of a refused new student or class settings, the student of a
   * refused edit.
   */
  target?: string;
  result: SubmissionResult<string[]>;
};

export type Reply = SubmissionResult<string[]> | undefined;
