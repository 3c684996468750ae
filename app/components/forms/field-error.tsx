/** What a field needs to show its error: conform's field metadata has these. */
export type FieldState = { id: string; errorId: string; errors?: string[] };

/** The message next to a field (the first one), with the id the field's aria-describedby points at. */
export function FieldError({ field }: { field: FieldState }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field-error">
      {field.errors[0]}
    </p>
  );
}

/** aria-invalid and aria-describedby for an input, select or fieldset, from its field's state. */
export function fieldAria(field: FieldState): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return field.errors?.length ? { "aria-invalid": true, "aria-describedby": field.errorId } : {};
}

/** For a fieldset of radios or checkboxes: the message is described on the group (aria-invalid is not a group's). */
export function groupAria(field: FieldState): { "aria-describedby"?: string } {
  const id = groupDescribedBy(field);
  return id ? { "aria-describedby": id } : {};
}

/**
 * groupAria as one attribute, `aria-describedby={groupDescribedBy(field)}`: for pages held to the client weight budget,
 * where a spread's ES2017 helper would be repeated in their chunk (docs/decisions/0026-client-weight-budget.md).
 */
export function groupDescribedBy(field: FieldState): string | undefined {
  return field.errors?.length ? field.errorId : undefined;
}
