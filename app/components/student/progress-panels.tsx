import { FlameIcon, RiseIcon, TargetIcon } from "~/components/icons";
import { IMPROVEMENT_MIN_GAMES, type StudentProgress } from "~/game";
import { PROGRESS_MESSAGES, type ProgressWords } from "~/utils/progress-messages";

/*
 * The panels of a pupil's progress page (docs/product.md#progress-maths); the numbers come from app/game/progress.ts.
 * `words`: the pupil's own by default; the parent page passes words spoken to the parent (docs/product.md#parents).
 */

export function StatsCards({
  progress,
  words: P = PROGRESS_MESSAGES,
}: {
  progress: StudentProgress;
  words?: ProgressWords;
}) {
  return (
    <section className="student-stats" aria-label={P.numbers}>
      <div className="student-stat" data-testid="stat-games">
        <h2 className="student-stat-label">{P.gamesPlayed}</h2>
        <p className="student-stat-value">{progress.gamesPlayed}</p>
        <progress
          className="student-bar"
          max={100}
          value={progress.gamesBarPercent}
          aria-label={P.gamesBar(progress.gamesBarPercent)}
        />
      </div>
      <div className="student-stat" data-testid="stat-accuracy">
        <h2 className="student-stat-label">{P.averageAccuracy}</h2>
        <p className="student-stat-value">{progress.averageAccuracy}%</p>
      </div>
      <div className="student-stat" data-testid="stat-best">
        <h2 className="student-stat-label">{P.bestScore}</h2>
        <p className="student-stat-value">{progress.bestScore}</p>
      </div>
      <div className="student-stat" data-testid="stat-week">
        <h2 className="student-stat-label">{P.thisWeek}</h2>
        <p className="student-stat-value">{progress.thisWeek}</p>
        <p className="student-muted">{P.thisWeekNote}</p>
      </div>
    </section>
  );
}

export function NextGoalCard({
  progress,
  words: P = PROGRESS_MESSAGES,
}: {
  progress: StudentProgress;
  words?: ProgressWords;
}) {
  const goal = progress.nextGoal;
  return (
    <section className="card student-goal" aria-labelledby="goal-heading" data-testid="next-goal">
      <h2 id="goal-heading">
        <TargetIcon /> {P.nextGoal}
      </h2>
      {goal ? (
        <>
          <p className="student-goal-title">{goal.title}</p>
          <progress className="student-bar" max={100} value={goal.percent} aria-labelledby="goal-progress" />
          <p id="goal-progress">{P.goalProgress(goal.current, goal.target, goal.id === "accuracy")}</p>
        </>
      ) : (
        <p className="student-goal-title">{P.allGoals}</p>
      )}
    </section>
  );
}

export function StreakAndImprovement({
  progress,
  words: P = PROGRESS_MESSAGES,
}: {
  progress: StudentProgress;
  words?: ProgressWords;
}) {
  const { improvement } = progress;
  const shownImprovement =
    improvement === null ? "–" : `${improvement > 0 ? "+" : improvement < 0 ? "−" : ""}${Math.abs(improvement)}%`;
  return (
    <div className="student-pair">
      <section className="card student-streak" aria-labelledby="streak-heading" data-testid="streak">
        <h2 id="streak-heading">
          <FlameIcon /> {P.streak}
        </h2>
        <p className="student-stat-value">{progress.streak}</p>
        <p>{P.streakText(progress.streak)}</p>
      </section>
      <section className="card student-improvement" aria-labelledby="improvement-heading" data-testid="improvement">
        <h2 id="improvement-heading">
          <RiseIcon /> {P.improvement}
        </h2>
        <p className="student-stat-value">{shownImprovement}</p>
        <p>
          {improvement === null
            ? P.improvementWaiting(IMPROVEMENT_MIN_GAMES - progress.gamesPlayed)
            : P.improvementText(improvement)}
        </p>
      </section>
    </div>
  );
}

export function Encouragement({ messages }: { messages: readonly string[] }) {
  const P = PROGRESS_MESSAGES;
  return (
    <section className="card student-encouragement" aria-labelledby="encouragement-heading">
      <h2 id="encouragement-heading">{P.encouragement}</h2>
      <ul data-testid="encouragement">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </section>
  );
}
