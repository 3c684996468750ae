import { useForm, type SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupAria } from "~/components/forms/field-error";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import {
  DIFFICULTY_CHOICES,
  OPERATION_NAMES,
  TIME_CHOICES,
  soloSettingsSent,
  type SoloSettings,
} from "~/utils/solo-settings";

/**
 * The solo start dialog. A plain GET form to the server-driven game, so it works without JavaScript;
 * with JavaScript `onStart` takes over and the island plays in the page. Either way the server checks the
 * settings (app/forms/solo-settings.server.ts) and its reply (`lastResult`) shows here.
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
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    data.forEach((value, key) => params.append(key, String(value)));
    onStart(params);
  }
  const { difficulty, timeLimit, operations } = fields;
  // After a refusal the choices sent stay chosen (a refused one shows the default again).
  const chosen = soloSettingsSent(lastResult?.initialValue, defaults);

  return (
    <section className="start-dialog page page-narrow" aria-labelledby="start-heading">
      <h1 id="start-heading" ref={heading} tabIndex={-1}>
        Ready to play?
      </h1>
      <p className="lead">Answer as many as you can before the clock runs out.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} problem={problem} />
      <form id={form.id} method="get" action="/game/play" onSubmit={handleSubmit} noValidate>
        {chosen.operations.length < 4
          ? chosen.operations.map((op) => (
              <input key={op} type="hidden" name="operations" value={OPERATION_NAMES[op]} />
            ))
          : null}
        <fieldset className="choice-group" {...groupAria(difficulty)}>
          <legend>Difficulty</legend>
          <FieldError field={difficulty} />
          <div className="choices">
            {DIFFICULTY_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice">
                <input
                  type="radio"
                  // The summary links to the group's first choice.
                  id={i === 0 ? difficulty.id : `${difficulty.id}-${choice.value}`}
                  name={difficulty.name}
                  value={choice.value}
                  defaultChecked={chosen.difficulty === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
                <span className="choice-hint">{choice.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="choice-group" {...groupAria(timeLimit)}>
          <legend>Time limit</legend>
          <FieldError field={timeLimit} />
          <div className="choices">
            {TIME_CHOICES.map((choice, i) => (
              <label key={choice.value} className="choice choice-compact">
                <input
                  type="radio"
                  id={i === 0 ? timeLimit.id : `${timeLimit.id}-${choice.value}`}
                  name={timeLimit.name}
                  value={choice.value}
                  defaultChecked={chosen.timeLimit === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {operations.errors?.length ? (
          <p id={operations.id} className="field-error" tabIndex={-1}>
            {operations.errors[0]}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button-primary button-large" disabled={busy}>
            {busy ? "Starting…" : "Start Game"}
          </button>
        </div>
      </form>
    </section>
  );
}
