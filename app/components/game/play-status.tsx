import { AnswerFeedback, type Feedback } from "./answer-feedback";
import { Countdown } from "./countdown";
import { GameScore } from "./game-score";

/**
 * The top of every play screen (the island, the server-driven pages, the pupils' game): the timer and the score
 * side by side, then the feedback on the last answer. Each part keeps its height, so the problem, the answer field
 * and the number pad below stay where they are from the first problem to the last.
 */
export function PlayStatus({
  secondsLeft,
  total,
  live,
  score,
  right,
  feedback,
}: {
  secondsLeft: number;
  total: number;
  /** The island ticks; a server-driven page is drawn once (see Countdown). */
  live: boolean;
  score: number;
  /** Two-player: `score` counts the questions answered, and these are the right ones. */
  right?: number;
  feedback: Feedback | null;
}) {
  return (
    <>
      <div className="game-status">
        <Countdown secondsLeft={secondsLeft} total={total} live={live} />
        <GameScore value={score} right={right} />
      </div>
      <AnswerFeedback feedback={feedback} />
    </>
  );
}
