import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import type { Operation } from "~/game";
import { OperationsChoice, PlayCalmlyLink } from "./start-choices";
import { StartButton, StartScreen } from "./start-screen";

/** The texts of the practice start (docs/product.md#practise-my-facts). */
export const PRACTICE_START_TEXTS = {
  heading: "Practise my facts",
  lead: "A minute of the sums you are still learning. Pick the ones to practise.",
  button: "Start practice",
} as const;

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
  const [form, fields] = useForm({ id: "practice", lastResult });
  return (
    <StartScreen
      form={form}
      heading={PRACTICE_START_TEXTS.heading}
      lead={PRACTICE_START_TEXTS.lead}
      action="/game/practice"
      lastResult={lastResult}
      after={<PlayCalmlyLink />}
    >
      {/* After a refusal nothing stays ticked: the player ticked none. */}
      <OperationsChoice field={fields.operations} ticked={lastResult ? [] : operations} />
      <div className="button-row">
        <StartButton label={PRACTICE_START_TEXTS.button} />
        {/* The times tables check rehearsal (docs/product.md#multiplication-tables-check-rehearsal). */}
        <a href="/game/mtc" className="button button-secondary button-large">
          Rehearse the times tables check
        </a>
      </div>
    </StartScreen>
  );
}
