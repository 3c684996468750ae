import { sumAsked } from "~/game";
import { CalmCount } from "~/components/game/calm-count";
import { PagedPlay, type PagedPlayView } from "~/components/game/paged-play";
import { pagedTimer } from "~/components/game/timer-reel";
import { STUDENT_MESSAGES as M } from "~/utils/student-messages";
import { BackToDashboard, LeaveGameQuestion } from "./back-button";

export type ServerPlayView = PagedPlayView & {
  /** A calm game's number of questions (no clock shown); null for a timed game. */
  questions: number | null;
  /** Whether answers can be decimals (app/game answersMayBeDecimal): a pupil's never are, so no decimal key. */
  decimal: boolean;
  /** This page as it stands, and the same asking whether to leave the game (the back button's first step). */
  stateUrl: string;
  askUrl: string;
  leaving: boolean;
};

/**
 * One page of a pupil's game without JavaScript (docs/product.md#server-driven-game-without-javascript): the time
 * left, the score and the feedback on the last answer, the problem, the answer field and the number pad (each
 * key a submit button), and the back button, which leads to this page asking "Leave the game?" first.
 */
export function StudentServerPlay({ view }: { view: ServerPlayView }) {
  if (view.leaving) {
    return (
      <div id="play" className="page page-narrow student-dialog">
        <h1 className="visually-hidden">{M.gameTitle}</h1>
        <LeaveGameQuestion stayUrl={`${view.stateUrl}#play`} />
      </div>
    );
  }
  return (
    <PagedPlay
      view={view}
      heading={M.gameTitle}
      className="game-play student-game-play"
      paged={view.questions ? undefined : pagedTimer(view.secondsLeft)}
      clock={view.questions ? <CalmCount question={view.number} of={view.questions} /> : undefined}
      decimal={view.decimal}
      say={(correct, problem, answer) => ({
        text: correct ? M.correct : M.wrong(answer),
        sum: sumAsked(problem, correct),
      })}
    >
      {view.questions ? null : <p className="game-hint">The page moves on by itself when the time is up.</p>}
      <BackToDashboard askUrl={view.askUrl} />
    </PagedPlay>
  );
}
