/* The new school year's page (docs/product.md#new-school-year), as the loader and the action send it. */

export type NewYearClassView = {
  id: string;
  name: string;
  teacherId: string;
  teacherName: string;
  pupils: { id: string; name: string }[];
};

export type NewYearPageView = {
  school: { id: string; name: string };
  classes: NewYearClassView[];
  teachers: { id: string; name: string }[];
  /** What the page was made from: a preview or a start with another version is refused. */
  version: string;
  archived: { id: string; name: string; className: string; archivedOn: string }[];
};

/** One class in the preview: what changes and what stays. */
export type NewYearClassPreview = {
  id: string;
  name: string;
  newName: string;
  teacherName: string;
  newTeacherName: string;
  leaves: boolean;
  /** The pupils to be archived, by name. */
  leavers: string[];
  staying: number;
};

export type NewYearPreview = {
  classes: NewYearClassPreview[];
  archived: number;
  staying: number;
};
