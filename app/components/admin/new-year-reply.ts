import type { SubmissionResult } from "@conform-to/react";
import type { NewYearPreview } from "~/types/new-year";

/** What the new school year's form answers (docs/product.md#new-school-year): a refusal, or the preview. */
export type NewYearReply =
  | { kind: "refused"; result: SubmissionResult<string[]>; stale?: boolean }
  | { kind: "preview"; result: SubmissionResult<string[]>; preview: NewYearPreview };
