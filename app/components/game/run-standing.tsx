import { Link } from "@remix-run/react";
import type { BoardTime } from "~/types/leaderboard";
import type { RunStanding } from "~/types/runs";
import { boardHref, boardTitle } from "~/utils/board-names";

/** Pieces of the celebration burst, each with its own colour and path (game.css, .celebration). */
const CONFETTI = 12;

/** Where the place was reached: the day's solo board of the game's length, or the challenge's board. */
function placeOf(standing: RunStanding, challengeTitle: string | undefined) {
  const { board } = standing;
  if (!board) return { when: "", name: `${challengeTitle ?? "challenge"} board`, href: "/daily-challenge" };
  // The same board as the Daily Leaderboard panel beside the results (docs/product.md#solo-results).
  const time = board.time ? (String(board.time) as BoardTime) : "all";
  return { when: " today", name: boardTitle(board.board, time), href: boardHref("daily", board.board, time) };
}

/**
 * How the game stands for its player: a new personal best, or their best so far, and the place this game reached
 * on its board, linked. A new best or a top-3 place gets a short burst of confetti: CSS only, hidden from screen
 * readers, and still for those who ask for reduced motion.
 */
export function RunStandingNote({ standing, challengeTitle }: { standing: RunStanding; challengeTitle?: string }) {
  const { newBest, previousBest, best, score, rank, cut } = standing;
  const celebrate = newBest || (rank !== null && rank <= 3 && !cut);
  const place = placeOf(standing, challengeTitle);
  return (
    <div className={`standing${celebrate ? " standing-celebrate" : ""}`} data-testid="standing">
      {celebrate ? (
        <div className="celebration" aria-hidden="true">
          {Array.from({ length: CONFETTI }, (_, i) => (
            <span key={i} className="confetti" />
          ))}
        </div>
      ) : null}
      {/* The words on a personal best (docs/product.md#personal-best-and-place). */}
      <p className="standing-best">
        {newBest ? (
          <>
            <strong className="standing-headline">New personal best!</strong>
            {previousBest !== null ? ` You beat your best of ${previousBest}.` : null}
          </>
        ) : previousBest === null ? (
          `Your first game of this kind. Can you beat ${score} next time?`
        ) : (
          `Your best: ${best}.`
        )}
      </p>
      {rank !== null ? (
        <p className="standing-place">
          You {cut ? "would be" : "are"} <strong className="standing-rank">#{rank}</strong>
          {place.when} on the <Link to={place.href}>{place.name}</Link>.{cut ? ` ${cut}` : null}
        </p>
      ) : null}
    </div>
  );
}
