import type { ReactNode } from "react";
import { AnswerFeedback, type Feedback } from "./answer-feedback";
import { Countdown, type PagedTimer } from "./countdown";
import { GameScore } from "./game-score";

/**
 * The top of every play screen (the island, the server-driven pages, the pupils' game): the timer and the score
 * side by side, then the feedback on the last answer. Each part keeps its height, so the problem, the answer field
 * and the number pad below stay where they are from the first problem to the last.
 */
export function PlayStatus({
  secondsLeft,
  total,
  paged,
  score,
  right,
  feedback,
  clock,
}: {
  secondsLeft: number;
  total: number;
  /** A server-driven page's timer, drawn once (see Countdown); the island's ticks. */
  paged?: PagedTimer;
  score: number;
  /** Two-player: `score` counts the questions answered, and these are the right ones. */
  right?: number;
  feedback: Feedback | null;
  /** Shown in place of the countdown: a calm game's question count (docs/product.md#calm-mode). */
  clock?: ReactNode;
}) {
  return (
    <>
      <div className="game-status">
        {clock || <Countdown secondsLeft={secondsLeft} total={total} paged={paged} />}
        <GameScore value={score} right={right} />
      </div>
      <AnswerFeedback feedback={feedback} />
    </>
  );
}
