import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { OPERATIONS, operatorSymbol, type Operation } from "~/game";
import { OPERATION_NAMES, START_FORM_MARK } from "~/utils/solo-settings";

/** The texts of the practice start (docs/product.md#practise-my-facts). */
export const PRACTICE_START_TEXTS = {
  heading: "Practise my facts",
  lead: "A minute of the sums you are still learning. Pick the ones to practise.",
  button: "Start practice",
} as const;

const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  "+": "Add",
  "-": "Subtract",
  "*": "Multiply",
  "/": "Divide",
};

/**
 * Which operations to practise: a plain POST to /game/practice (so it works without JavaScript); with JavaScript the
 * button says so (`island`) and the practice plays in the page. The server's reply to a refused form shows here.
 */
export function PracticeStart({
  operations,
  lastResult,
}: {
  operations: readonly Operation[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  const [form, fields] = useForm({ id: "practice", lastResult });
  const field = fields.operations;
  // After a refusal nothing stays ticked: the player ticked none.
  const ticked = lastResult ? [] : operations;
  return (
    <section className="start-dialog page page-narrow" aria-labelledby="practice-heading">
      <h1 id="practice-heading" ref={heading} tabIndex={-1}>
        {PRACTICE_START_TEXTS.heading}
      </h1>
      <p className="lead">{PRACTICE_START_TEXTS.lead}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <form id={form.id} method="post" action="/game/practice" noValidate>
        <input type="hidden" name={START_FORM_MARK.name} value={START_FORM_MARK.value} />
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(field)}>
          <legend>Operations</legend>
          <FieldError field={field} />
          <div className="choices">
            {OPERATIONS.map((op, i) => (
              <label key={op} className={`choice choice-card choice-compact op-${OPERATION_NAMES[op]}`}>
                <input
                  type="checkbox"
                  className="choice-input"
                  id={i === 0 ? field.id : `${field.id}-${OPERATION_NAMES[op]}`}
                  name={field.name}
                  value={OPERATION_NAMES[op]}
                  defaultChecked={ticked.includes(op)}
                />
                <span className="choice-face">
                  <span className="choice-check" aria-hidden="true" />
                  <span className="choice-symbol" aria-hidden="true">
                    {operatorSymbol(op)}
                  </span>
                  <span className="choice-label">{OPERATION_LABELS[op]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="button-row">
          <button
            type="submit"
            name="go"
            value="paged"
            className="button button-primary button-large"
            onClick={(event) => (event.currentTarget.value = "island")}
          >
            {PRACTICE_START_TEXTS.button}
          </button>
          {/* The times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal). */}
          <a href="/game/mtc" className="button button-secondary button-large">
            Rehearse the times tables check
          </a>
        </div>
      </form>
      {/* The calm game, with no clock (docs/product.md#calm-play). */}
      <p>
        <a href="/game/calm">Play calmly, with no clock</a>
      </p>
    </section>
  );
}
