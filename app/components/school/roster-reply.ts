import type { SubmissionResult } from "@conform-to/react";
import type { RosterRowView } from "~/types/roster";

/** The action's answer: the form refused (the reply of the one form pattern), or the preview of a list. */
export type RosterReply =
  | { kind: "refused"; result: SubmissionResult<string[]> }
  | {
      kind: "preview";
      rows: RosterRowView[];
      toAdd: number;
      /** The row that names the columns, shown as such (docs/product.md#roster-import). */
      header: { line: number; text: string } | null;
      /** The list as read, sent again with `Import {n} pupils` and read afresh then. */
      text: string;
      /** Why the list cannot be imported as it is (nothing to add, a failed write). */
      problem: string | null;
    };
