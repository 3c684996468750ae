import { AgainButton, BackToMenu, ScoreStats } from "~/components/game/result-parts";
import type { ScoreSummary } from "~/game";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";

/** The end of a daily challenge: the server's verified score and where to go next. */
export function ChallengeComplete({ summary, onTryAgain }: { summary: ScoreSummary; onTryAgain?: () => void }) {
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
      <div className="button-row">
        <AgainButton label="Try Again" onClick={onTryAgain} to="/daily-challenge" />
        <BackToMenu />
      </div>
    </section>
  );
}
