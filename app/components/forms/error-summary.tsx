import { useEffect, useRef } from "react";

export type FormErrors = Record<string, string[] | null | undefined>;

/**
 * The one error summary every form shows at its top (the GOV.UK pattern): "There is a problem" and each
 * message as a link to its field, whose id is `{formId}-{name}` (conform's field ids). Errors of the form as
 * a whole (name "") and a `problem` outside any field are listed as plain text. With JavaScript it takes the
 * focus when it appears, so a screen reader hears it and Tab leads to the first field.
 */
export function ErrorSummary({ formId, errors, problem }: { formId: string; errors?: FormErrors; problem?: string }) {
  const summary = useRef<HTMLDivElement>(null);
  const items: { name: string; message: string }[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (messages?.length) items.push({ name, message: messages[0]! });
  }
  if (problem) items.push({ name: "", message: problem });
  const shown = items.length > 0;
  const signature = items.map((item) => `${item.name}:${item.message}`).join("|");
  useEffect(() => {
    if (signature) summary.current?.focus();
  }, [signature]);
  if (!shown) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${formId}-summary`} tabIndex={-1} ref={summary}>
      <h2 id={`${formId}-summary`}>There is a problem</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.name}:${item.message}`}>
            {item.name ? <a href={`#${formId}-${item.name}`}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
