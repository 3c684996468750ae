import type { StudentDifficulty, StudentOperation } from "~/game";

/* What the roster import's pages are handed (docs/product.md#roster-import): plain rows, no server types. */

/** Where a list goes: one class, or a whole school (a class column names each row's class). */
export type RosterTargetView =
  /** `ownClasses`: a teacher's page, where a class column may name any of their classes. */
  | { kind: "class"; classId: string; className: string; schoolName: string; ownClasses: boolean }
  | { kind: "school"; schoolId: string; schoolName: string; classNames: string[] };

export type RosterRowView = {
  line: number;
  name: string;
  className: string | null;
  settings: { allowedOperations: StudentOperation[]; timesTables: string[]; difficulty: StudentDifficulty } | null;
  refused: string | null;
  notes: string[];
};

/** An import done: the pupils added, with their codes, by class. */
export type RosterResultView = {
  classes: { id: string; name: string; pupils: { id: string; name: string; loginCode: string }[] }[];
};
