import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import type { ModeStartView } from "~/types/mode-start";
import { ChoiceCards, StartButton, StartScreen } from "./start-screen";

/**
 * The start form of a mode its definition describes (app/game/modes): one group of cards a choice group, a plain
 * POST to the page, so it works without JavaScript (played page by page); with it the button says to play in the page.
 * After a refusal what was sent stays chosen.
 */
export function ModeStart({
  start,
  lastResult,
  back,
}: {
  start: ModeStartView;
  lastResult?: SubmissionResult<string[]>;
  /** Where `Back` leads. */
  back: string;
}) {
  const [form, fields] = useForm({ id: start.mode, lastResult });
  const sent = lastResult?.initialValue as Record<string, unknown> | undefined;
  const chosen = (name: string, initial: readonly string[]) => {
    if (!sent) return initial;
    const value = sent[name];
    return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  };
  return (
    <StartScreen form={form} heading={start.heading} lead={start.lead} action={start.action} lastResult={lastResult}>
      {start.choices.map((group) => {
        const ticked = chosen(group.name, group.initial);
        return (
          <ChoiceCards
            key={group.name}
            field={fields[group.name] as (typeof fields)[string]}
            legend={group.legend}
            type={group.several ? "checkbox" : "radio"}
            choices={group.options}
            checked={(value) => ticked.includes(String(value))}
          />
        );
      })}
      <div className="button-row">
        <StartButton label={start.button} />
        <a href={back} className="button button-secondary button-large">
          Back
        </a>
      </div>
    </StartScreen>
  );
}
