import type { SubmissionResult } from "@conform-to/react";

/** What the set work page's action answers when it refuses a form (docs/product.md#set-work). */
export type WorkReply = { intent: "set-work" | "change-work"; result: SubmissionResult<string[]> };
