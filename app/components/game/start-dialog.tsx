import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import type { FormEvent } from "react";
import { soloSettingsSent, type SoloSettings } from "~/utils/solo-settings";
import { START_FORM_MARK } from "~/utils/start-form-mark";
import { DifficultyChoice, OperationsChoice, TimeLimitChoice } from "./start-choices";
import { StartScreen } from "./start-screen";

/** The choices to show: the settings given, or after a refusal what was sent (none ticked stays none ticked). */
function shownChoices(defaults: SoloSettings, lastResult?: SubmissionResult<string[]>): SoloSettings {
  const sent = lastResult?.initialValue;
  const shown = soloSettingsSent(sent, defaults);
  const fromDialog = sent?.[START_FORM_MARK.name] === START_FORM_MARK.value;
  if (fromDialog && sent?.operations === undefined) shown.operations = [];
  return shown;
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
  const [form, fields] = useForm({ id: "start", lastResult });
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!onStart) return;
    event.preventDefault();
    // The form's fields as they are (all text): a FormData is a list of name and value pairs.
    onStart(new URLSearchParams(new FormData(event.currentTarget) as unknown as string[][]));
  }
  // After a refusal the choices sent stay chosen (a refused one shows the default again).
  const chosen = shownChoices(defaults, lastResult);

  return (
    <StartScreen
      form={form}
      heading="Ready to play?"
      lead="Answer as many as you can before the clock runs out."
      method="get"
      action="/game/play"
      lastResult={lastResult}
      problem={problem}
      onSubmit={handleSubmit}
    >
      <DifficultyChoice field={fields.difficulty} chosen={chosen.difficulty} />
      <OperationsChoice field={fields.operations} ticked={chosen.operations} />
      <TimeLimitChoice field={fields.timeLimit} chosen={chosen.timeLimit} />
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
    </StartScreen>
  );
}
