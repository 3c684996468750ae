import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import type { FormEvent } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { OPERATIONS, operatorSymbol, type Operation } from "~/game";
import {
  DIFFICULTY_CHOICES,
  OPERATION_NAMES,
  START_FORM_MARK,
  TIME_CHOICES,
  soloSettingsSent,
  type SoloSettings,
} from "~/utils/solo-settings";

/** The operation boxes' words (the sign shows beside each, big). */
const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  "+": "Add",
  "-": "Subtract",
  "*": "Multiply",
  "/": "Divide",
};

/** The choices to show: the settings given, or after a refusal what was sent (none ticked stays none ticked). */
function shownChoices(defaults: SoloSettings, lastResult?: SubmissionResult<string[]>): SoloSettings {
  const sent = lastResult?.initialValue;
  const shown = soloSettingsSent(sent, defaults);
  const fromDialog = sent?.[START_FORM_MARK.name] === START_FORM_MARK.value;
  if (fromDialog && sent?.operations === undefined) shown.operations = [];
  return shown;
}

/** The tick a chosen card shows (drawn by CSS: it is no text, so it changes no choice's name). */
function Check() {
  return <span className="choice-check" aria-hidden="true" />;
}

/**
 * The solo start dialog. A plain GET form to the server-driven game, so it works without JavaScript;
 * with JavaScript `onStart` takes over and the island plays in the page. Either way the server checks the
 * settings (app/routes/game/start-params.server.ts) and its reply (`lastResult`) shows here. Each choice is a real
 * radio button or checkbox inside a card; the card of a chosen one changes colour, border and shows a tick, by CSS
 * (`:checked`), so that works without JavaScript too.
 */
export function StartDialog({
  defaults,
  lastResult,
  problem,
  onStart,
  busy,
}: {
  defaults: SoloSettings;
  lastResult?: SubmissionResult<string[]>;
  /** Why the game could not start when the server gave no reply (the connection). */
  problem?: string;
  onStart?: (params: URLSearchParams) => void;
  busy?: boolean;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  const [form, fields] = useForm({ id: "start", lastResult });
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onStart) return;
    event.preventDefault();
    // The form's fields as they are (all text): a FormData is a list of name and value pairs.
    onStart(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
  }
  const { difficulty, timeLimit, operations } = fields;
  // After a refusal the choices sent stay chosen (a refused one shows the default again).
  const chosen = shownChoices(defaults, lastResult);

  return (
    <section className="start-dialog page page-narrow" aria-labelledby="start-heading">
      <h1 id="start-heading" ref={heading} tabIndex={-1}>
        Ready to play?
      </h1>
      <p className="lead">Answer as many as you can before the clock runs out.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} problem={problem} />
      <form id={form.id} method="get" action="/game/play" onSubmit={handleSubmit} noValidate>
        <input type="hidden" name={START_FORM_MARK.name} value={START_FORM_MARK.value} />
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(difficulty)}>
          <legend>Difficulty</legend>
          <FieldError field={difficulty} />
          <div className="choices">
            {DIFFICULTY_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice choice-card choice-wide">
                <input
                  type="radio"
                  className="choice-input"
                  // The summary links to the group's first choice.
                  id={i === 0 ? difficulty.id : `${difficulty.id}-${choice.value}`}
                  name={difficulty.name}
                  value={choice.value}
                  defaultChecked={chosen.difficulty === choice.value}
                />
                <span className="choice-face">
                  <Check />
                  <span className="choice-label">{choice.label}</span>
                  {/* '12 × 12' never breaks across lines. */}
                  <span className="choice-hint">{choice.hint.replace(/ × /g, "\u00a0×\u00a0")}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group" aria-describedby={groupDescribedBy(operations)}>
          <legend>Operations</legend>
          <FieldError field={operations} />
          <div className="choices">
            {OPERATIONS.map((op, i) => (
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
                  <Check />
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
                  <Check />
                  <span className="choice-label">{choice.label}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button-primary button-large" disabled={busy}>
            {busy ? "Starting…" : "Start Game"}
          </button>
          {/* Its own page, where the operations to practise are chosen (docs/product.md#practise-my-facts). */}
          <a href="/game/practice" className="button button-secondary button-large">
            Practise my facts
          </a>
          {/* One table or a mix, on its own page (docs/product.md#times-tables-game). */}
          <a href="/game/tables" className="button button-secondary button-large">
            Times tables
          </a>
        </div>
      </form>
    </section>
  );
}
