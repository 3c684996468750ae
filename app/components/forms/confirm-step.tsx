import { Form, Link } from "@remix-run/react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/*
 * The confirmation step before an action that destroys or replaces something (docs/product.md#confirmation-steps):
 * the button that asks for the action is a link to its page with the step's query (`&new-code={id}` and so on),
 * whose loader checks the target like the action would; this card says what will happen, and only its
 * confirming button posts. Cancel is a link back, so nothing is written unless the action is confirmed. The same
 * round trip with and without JavaScript; with it, the focus moves to the question.
 */

export type ConfirmStepProps = {
  /** The question, as the card's heading: "Give Ada a new login code?". */
  question: string;
  /** What will happen, in a sentence or two. */
  consequence: string;
  /** Where the confirming form posts, and its fields (`intent` and the target's id). */
  action: string;
  fields: Record<string, string>;
  confirmLabel: string;
  cancelTo: string;
  /** A deletion or removal: the confirming button in the destructive style. */
  destructive?: boolean;
};

export function ConfirmStep({
  question,
  consequence,
  action,
  fields,
  confirmLabel,
  cancelTo,
  destructive = false,
}: ConfirmStepProps) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="card confirm-step" aria-labelledby="confirm-heading" data-testid="confirm-step">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1}>
        {question}
      </h2>
      <p className="lead">{consequence}</p>
      <Form method="post" action={action} className="confirm-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={destructive ? "button button-danger" : "button button-primary"}>
          {confirmLabel}
        </button>
        <Link to={cancelTo} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** A page's address with the step's query added: `/admin?tab=teachers` + `new-code`, `id`. */
export function confirmStepOf(page: string, param: string, id: string): string {
  return `${page}${page.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(id)}`;
}
