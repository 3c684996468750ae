import type { ChallengeInfo } from "~/types/runs";
import { StartForm } from "~/components/game/start-form";
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
      <StartForm
        action="/game/play"
        fields={{ mode: "daily" }}
        button="Start Challenge"
        primary={false}
        onStart={onStart}
        busy={busy}
        error={error}
      />
    </section>
  );
}
