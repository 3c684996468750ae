import { AgainButton, BackToMenu, ScoreStats } from "~/components/game/result-parts";
import type { ScoreSummary } from "~/game";
import { RunStandingNote } from "~/components/game/run-standing";
import type { RunStanding } from "~/types/runs";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/** The end of a daily challenge: the server's verified score and where to go next. */
export function ChallengeComplete({
  summary,
  standing,
  challengeTitle,
  onTryAgain,
}: {
  summary: ScoreSummary;
  /** The personal best on this challenge and the place reached on its board. */
  standing?: RunStanding | null;
  challengeTitle: string;
  onTryAgain?: () => void;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="results page page-narrow" aria-labelledby="complete-heading" data-testid="challenge-complete">
      <h1 id="complete-heading" ref={heading} tabIndex={-1}>
        Challenge Complete!
      </h1>
      <ScoreStats
        stats={[
          {
            label: "Score",
            value: `${summary.score} / ${summary.totalQuestions}`,
            note: "correct",
            testId: "result-score",
          },
          { label: "Accuracy", value: `${summary.accuracy}%`, testId: "result-accuracy" },
        ]}
      />
      {standing ? <RunStandingNote standing={standing} challengeTitle={challengeTitle} /> : null}
      <div className="button-row">
        <AgainButton label="Try Again" onClick={onTryAgain} to="/daily-challenge" />
        <BackToMenu />
      </div>
    </section>
  );
}
