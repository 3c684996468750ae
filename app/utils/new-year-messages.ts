/* The new school year's own words (docs/product.md#new-school-year). */
export const NEW_YEAR_MESSAGES = {
  fateRequired: "Choose whether the class moves up or leaves",
  teacherNotOfSchool: (school: string) => `Choose a teacher of ${school}`,
  sameName: (name: string) => `Two classes would be called ${name}. Give each class its own name.`,
  stale:
    "The classes or pupils of this school changed since this page was made, or the new year has already started. " +
    "Nothing was changed. Look at the classes again below.",
  failed: "Failed to start the new year. Nothing was changed.",
  started: (classes: number, archived: number) =>
    `The new year has started: ${classes === 1 ? "1 class" : `${classes} classes`} updated, ` +
    `${archived === 1 ? "1 pupil" : `${archived} pupils`} archived.`,
} as const;
