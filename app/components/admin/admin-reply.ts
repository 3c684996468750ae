import type { SubmissionResult } from "@conform-to/react";

/** The admin panel's forms that can be refused, and what the action answers when it refuses one. */
export type AdminIntent = "login" | "create-school" | "create-class" | "create-teacher" | "edit-teacher";

export type AdminReply = {
  intent: AdminIntent;
  /** The school of a refused new class, or the teacher of a refused edit: which of the page's forms it was. */
  target?: string;
  result: SubmissionResult<string[]>;
};

export type Reply = SubmissionResult<string[]> | undefined;
