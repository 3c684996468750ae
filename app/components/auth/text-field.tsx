import type { SubmissionResult } from "@conform-to/react";
import { FieldError, fieldAria, type FieldState } from "~/components/forms/field-error";

/** What was sent for a field, for its defaultValue after a refusal (passwords never come back). */
export function sentValue(lastResult: SubmissionResult<string[]> | undefined, name: string): string | undefined {
  const value = lastResult?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** A labelled input with its message and aria attributes, as the one form pattern lays it out. */
export function TextField({
  field,
  label,
  hint,
  defaultValue,
  ...input
}: {
  field: FieldState & { name: string };
  label: string;
  hint?: string;
  defaultValue?: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "email" | "tel" | "numeric";
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const aria = fieldAria(field);
  const describedBy = [hintId, aria["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
      <input
        id={field.id}
        name={field.name}
        defaultValue={defaultValue}
        {...input}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={describedBy}
      />
    </div>
  );
}
