import type { FormEvent } from "react";
import type { ChallengeInfo } from "~/types/runs";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/** The daily challenge's start dialog: a GET form to the server-driven game, taken over by the island with JavaScript. */
export function StartChallenge({
  challenge,
  onStart,
  busy,
  error,
}: {
  challenge: ChallengeInfo;
  onStart?: () => void;
  busy?: boolean;
  error?: string;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  function handleSubmit(event: FormEvent) {
    if (!onStart) return;
    event.preventDefault();
    onStart();
  }
  return (
    <section className="start-dialog page page-narrow" aria-labelledby="challenge-heading">
      <p className="eyebrow">Today’s Daily Challenge</p>
      <h1 id="challenge-heading" ref={heading} tabIndex={-1}>
        {challenge.title}
      </h1>
      <p className="lead">{challenge.description}</p>
      <p className="challenge-time">
        Time limit: <strong>{challenge.timeLimit} seconds</strong>
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="get" action="/game/play" onSubmit={handleSubmit}>
        <input type="hidden" name="mode" value="daily" />
        <div className="button-row">
          <button type="submit" className="button button-accent button-large" disabled={busy}>
            {busy ? "Starting…" : "Start Challenge"}
          </button>
        </div>
      </form>
    </section>
  );
}
