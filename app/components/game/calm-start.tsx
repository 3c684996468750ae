import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import type { Operation, SoloDifficulty } from "~/game";
import { CALM_PLAY_TEXTS as T } from "~/utils/calm-play";
import { soloSettingsSent } from "~/utils/solo-settings";
import { DifficultyChoice, OperationsChoice } from "./start-choices";
import { StartButton, StartScreen } from "./start-screen";

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
  const [form, fields] = useForm({ id: "calm", lastResult });
  const { always } = fields;
  const sent = lastResult?.initialValue;
  // After a refusal what was sent stays chosen (none ticked stays none ticked).
  const shown = sent ? soloSettingsSent(sent, { ...defaults, timeLimit: 60 }) : defaults;
  const ticked = sent && sent.operations === undefined ? [] : shown.operations;
  const alwaysTicked = sent ? sent.always === "on" : defaults.always;
  return (
    <StartScreen form={form} heading={T.heading} lead={T.lead} action="/game/calm" lastResult={lastResult}>
      <DifficultyChoice field={fields.difficulty} chosen={shown.difficulty} />
      <OperationsChoice field={fields.operations} ticked={ticked} />
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
        <StartButton label={T.button} />
        <a href="/game?clock=1" className="button button-secondary button-large">
          {T.withClock}
        </a>
      </div>
    </StartScreen>
  );
}
