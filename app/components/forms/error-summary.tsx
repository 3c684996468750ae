import { useEffect, useRef, type MouseEvent } from "react";

export type FormErrors = Record<string, string[] | null | undefined>;

/**
 * The one error summary every form shows at its top (the GOV.UK pattern): "There is a problem" and each
 * message as a link to its field, whose id is `{formId}-{name}` (conform's field ids). Errors of the form as
 * a whole (name "") and a `problem` outside any field are listed as plain text.
 *
 * With JavaScript it takes the focus whenever a new reply (`lastResult`) or `problem` brings errors, even the
 * same ones again, so a screen reader hears it and Tab leads on to the first field; and a link moves the focus
 * to its field with the field's label or legend in view, as GOV.UK's script does. Without JavaScript each
 * link is a plain jump to the field.
 */
export function ErrorSummary({
  formId,
  errors,
  lastResult,
  problem,
}: {
  formId: string;
  /** The messages by field name: conform's `form.allErrors`. */
  errors?: FormErrors;
  /** The server's reply the errors came from (the one given to useForm): a new one takes the focus again. */
  lastResult?: unknown;
  problem?: string;
}) {
  const summary = useRef<HTMLDivElement>(null);
  const items: { name: string; message: string }[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages?.length) items.push({ name, message: messages[0]! });
  }
  if (problem) items.push({ name: "", message: problem });
  const shown = items.length > 0;
  useEffect(() => {
    // On a new reply or problem only: typing in the form re-renders it without moving the focus.
    if (shown) summary.current?.focus();
  }, [lastResult, problem, shown]);
  if (!shown) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${formId}-summary`} tabIndex={-1} ref={summary}>
      <h2 id={`${formId}-summary`}>There is a problem</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.name}:${item.message}`}>
            {item.name ? (
              <a href={`#${formId}-${item.name}`} onClick={focusField}>
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A summary link with JavaScript: focus the field itself and bring its legend (for radios or checkboxes) or label into
 * view, which a plain jump to the field would scroll out of sight. No history entry is made.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(decodeURIComponent(event.currentTarget.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  const labels = (target as HTMLInputElement).labels;
  const legend = target.closest("fieldset")?.querySelector("legend");
  const inGroup = ["radio", "checkbox"].includes((target as HTMLInputElement).type);
  const heading = inGroup ? legend : (labels?.[0] ?? legend);
  (heading ?? target).scrollIntoView();
  target.focus({ preventScroll: true });
}
