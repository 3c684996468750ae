import type { FormEvent } from "react";
import type { StartErrors } from "~/components/game/use-island-game";
import { DIFFICULTY_CHOICES, TIME_CHOICES, OPERATION_NAMES, type SoloSettings } from "~/utils/solo-settings";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/**
 * The solo start dialog. A plain GET form to the server-driven game, so it works without JavaScript;
 * with JavaScript `onStart` takes over and the island plays in the page.
 */
export function StartDialog({
  defaults,
  errors,
  onStart,
  busy,
}: {
  defaults: SoloSettings;
  errors?: StartErrors;
  onStart?: (params: URLSearchParams) => void;
  busy?: boolean;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onStart) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    data.forEach((value, key) => params.append(key, String(value)));
    onStart(params);
  }
  const hasErrors = errors && Object.keys(errors).length > 0;

  return (
    <section className="start-dialog page page-narrow" aria-labelledby="start-heading">
      <h1 id="start-heading" ref={heading} tabIndex={-1}>
        Ready to play?
      </h1>
      <p className="lead">Answer as many as you can before the clock runs out.</p>
      {hasErrors ? (
        <div className="error-summary" role="alert" aria-labelledby="start-errors">
          <h2 id="start-errors">There is a problem</h2>
          <ul>
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>{field === "form" ? message : <a href={`#${field}-group`}>{message}</a>}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="get" action="/game/play" onSubmit={handleSubmit}>
        {defaults.operations.length < 4
          ? defaults.operations.map((op) => (
              <input key={op} type="hidden" name="operations" value={OPERATION_NAMES[op]} />
            ))
          : null}
        <fieldset
          id="difficulty-group"
          className="choice-group"
          aria-describedby={errors?.difficulty ? "difficulty-error" : undefined}
        >
          <legend>Difficulty</legend>
          {errors?.difficulty ? (
            <p id="difficulty-error" className="field-error">
              {errors.difficulty}
            </p>
          ) : null}
          <div className="choices">
            {DIFFICULTY_CHOICES.map((choice) => (
              <label key={choice.value} className="choice">
                <input
                  type="radio"
                  name="difficulty"
                  value={choice.value}
                  defaultChecked={defaults.difficulty === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
                <span className="choice-hint">{choice.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset
          id="timeLimit-group"
          className="choice-group"
          aria-describedby={errors?.timeLimit ? "timeLimit-error" : undefined}
        >
          <legend>Time limit</legend>
          {errors?.timeLimit ? (
            <p id="timeLimit-error" className="field-error">
              {errors.timeLimit}
            </p>
          ) : null}
          <div className="choices">
            {TIME_CHOICES.map((choice) => (
              <label key={choice.value} className="choice choice-compact">
                <input
                  type="radio"
                  name="timeLimit"
                  value={choice.value}
                  defaultChecked={defaults.timeLimit === choice.value}
                />
                <span className="choice-label">{choice.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {errors?.operations ? (
          <p id="operations-group" className="field-error">
            {errors.operations}
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
