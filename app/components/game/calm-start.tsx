import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { OPERATIONS, operatorSymbol, type Operation, type SoloDifficulty } from "~/game";
import { CALM_PLAY_TEXTS as T } from "~/utils/calm-play";
import { DIFFICULTY_CHOICES, OPERATION_NAMES, START_FORM_MARK, soloSettingsSent } from "~/utils/solo-settings";

const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  "+": "Add",
  "-": "Subtract",
  "*": "Multiply",
  "/": "Divide",
};

export type CalmChoices = { difficulty: SoloDifficulty; operations: Operation[]; always: boolean };

/**
 * The calm game's start (docs/product.md#calm-play): a plain POST to /game/calm, so it works without JavaScript (the
 * game then plays page by page); with JavaScript the button says so (`island`) and the game plays in the page. A
 * visitor may tick `Always play calmly on this browser`; a member has `Play calmly` in their settings instead.
 */
export function CalmStart({
  defaults,
  member,
  lastResult,
}: {
  defaults: CalmChoices;
  member: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  const [form, fields] = useForm({ id: "calm", lastResult });
  const { difficulty, operations, always } = fields;
  const sent = lastResult?.initialValue;
  // After a refusal what was sent stays chosen (none ticked stays none ticked).
  const shown = sent ? soloSettingsSent(sent, { ...defaults, timeLimit: 60 }) : defaults;
  const ticked = sent && sent.operations === undefined ? [] : shown.operations;
  const alwaysTicked = sent ? sent.always === "on" : defaults.always;
  return (
    <section className="start-dialog page page-narrow" aria-labelledby="calm-heading">
      <h1 id="calm-heading" ref={heading} tabIndex={-1}>
        {T.heading}
      </h1>
      <p className="lead">{T.lead}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <form id={form.id} method="post" action="/game/calm" noValidate>
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
                  id={i === 0 ? difficulty.id : `${difficulty.id}-${choice.value}`}
                  name={difficulty.name}
                  value={choice.value}
                  defaultChecked={shown.difficulty === choice.value}
                />
                <span className="choice-face">
                  <span className="choice-check" aria-hidden="true" />
                  <span className="choice-label">{choice.label}</span>
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
        {member ? null : (
          <fieldset className="choice-group" aria-describedby={groupDescribedBy(always)}>
            <legend className="visually-hidden">{T.always}</legend>
            <FieldError field={always} />
            <label className="choice">
              <input
                type="checkbox"
                id={always.id}
                name="always"
                value="on"
                defaultChecked={alwaysTicked}
                aria-describedby={`${always.id}-hint`}
              />
              <span className="choice-label">{T.always}</span>
              <span className="choice-hint" id={`${always.id}-hint`}>
                {T.alwaysHint}
              </span>
            </label>
          </fieldset>
        )}
        <div className="button-row">
          <button
            type="submit"
            name="go"
            value="paged"
            className="button button-primary button-large"
            onClick={(event) => (event.currentTarget.value = "island")}
          >
            {T.button}
          </button>
          <a href="/game?clock=1" className="button button-secondary button-large">
            {T.withClock}
          </a>
        </div>
      </form>
    </section>
  );
}
