import { FieldError, fieldAria, type FieldState } from "~/components/forms/field-error";

/** A labelled select with its message and aria attributes, as the one form pattern lays out a field. */
export function SelectField({
  field,
  label,
  placeholder,
  options,
  defaultValue,
}: {
  field: FieldState & { name: string };
  label: string;
  /** The first, empty choice ("Choose …"): sending it is the field left empty. */
  placeholder: string;
  options: { id: string; name: string }[];
  defaultValue?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <FieldError field={field} />
      <select id={field.id} name={field.name} defaultValue={defaultValue ?? ""} {...fieldAria(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
