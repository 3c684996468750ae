import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { TABLES_OPERATIONS, TIMES_TABLE_NUMBERS, operatorSymbol } from "~/game";
import { OPERATION_NAMES, START_FORM_MARK, TIME_CHOICES } from "~/utils/solo-settings";
import { tablesSettingsSent, tablesSettingsToParams, type TablesSettings } from "~/utils/tables-settings";

/** The texts of the times-tables start (docs/product.md#times-tables-game). */
export const TABLES_START_TEXTS = {
  heading: "Times tables",
  lead: "Pick one table, or tick a few for a mix. Then answer as many as you can before the clock runs out.",
  button: "Start times tables",
  all: "Tick all the tables",
} as const;

/** The form's own query string with every table ticked (`mode` is the start link's, not the form's). */
function allTablesParams(chosen: TablesSettings): URLSearchParams {
  const params = tablesSettingsToParams({ ...chosen, tables: [...TIMES_TABLE_NUMBERS] });
  params.delete("mode");
  return params;
}

const OPERATION_LABELS = { "*": "Multiply", "/": "Divide" } as const;

/**
 * The times-tables game's start (docs/product.md#times-tables-game): a plain POST to /game/tables, so it works
 * without JavaScript (the run then plays page by page); with JavaScript the button says so (`island`) and the game
 * plays in the page. The server's reply to a refused form shows here, the choices sent kept.
 */
export function TablesStart({
  defaults,
  lastResult,
}: {
  defaults: TablesSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  const [form, fields] = useForm({ id: "tables", lastResult });
  const { tables, operations, timeLimit } = fields;
  // After a refusal what was sent stays chosen (none ticked stays none ticked).
  const chosen = lastResult ? tablesSettingsSent(lastResult.initialValue, defaults) : defaults;
  return (
    <section className="start-dialog page page-narrow" aria-labelledby="tables-heading">
      <h1 id="tables-heading" ref={heading} tabIndex={-1}>
        {TABLES_START_TEXTS.heading}
      </h1>
      <p className="lead">{TABLES_START_TEXTS.lead}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <form id={form.id} method="post" action="/game/tables" noValidate>
        <input type="hidden" name={START_FORM_MARK.name} value={START_FORM_MARK.value} />
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(tables)}>
          <legend>Tables</legend>
          <FieldError field={tables} />
          <div className="choices tables-choices">
            {TIMES_TABLE_NUMBERS.map((table, i) => (
              <label key={table} className="choice choice-card choice-compact">
                <input
                  type="checkbox"
                  className="choice-input"
                  // The summary links to the group's first choice.
                  id={i === 0 ? tables.id : `${tables.id}-${table}`}
                  name={tables.name}
                  value={table}
                  defaultChecked={chosen.tables.includes(table)}
                />
                <span className="choice-face">
                  <span className="choice-check" aria-hidden="true" />
                  <span className="choice-symbol">{table}</span>
                  <span className="visually-hidden"> times table</span>
                </span>
              </label>
            ))}
          </div>
          {/* A link, so it works without JavaScript: the page again, every table ticked, the rest as shown. */}
          <p className="tables-all">
            <a href={`/game/tables?${allTablesParams(chosen).toString()}`}>{TABLES_START_TEXTS.all}</a>
          </p>
        </fieldset>
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(operations)}>
          <legend>Multiply or divide</legend>
          <FieldError field={operations} />
          <div className="choices">
            {TABLES_OPERATIONS.map((op, i) => (
              <label key={op} className={`choice choice-card choice-compact op-${OPERATION_NAMES[op]}`}>
                <input
                  type="checkbox"
                  className="choice-input"
                  id={i === 0 ? operations.id : `${operations.id}-${OPERATION_NAMES[op]}`}
                  name={operations.name}
                  value={OPERATION_NAMES[op]}
                  defaultChecked={chosen.operations.includes(op)}
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
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(timeLimit)}>
          <legend>Time limit</legend>
          <FieldError field={timeLimit} />
          <div className="choices">
            {TIME_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice choice-card choice-compact">
                <input
                  type="radio"
                  className="choice-input"
                  id={i === 0 ? timeLimit.id : `${timeLimit.id}-${choice.value}`}
                  name={timeLimit.name}
                  value={choice.value}
                  defaultChecked={chosen.timeLimit === choice.value}
                />
                <span className="choice-face">
                  <span className="choice-check" aria-hidden="true" />
                  <span className="choice-label">{choice.label}</span>
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
            {TABLES_START_TEXTS.button}
          </button>
          <a href="/game" className="button button-secondary button-large">
            Back
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
