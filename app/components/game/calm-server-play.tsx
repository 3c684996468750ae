import { Link } from "@remix-run/react";
import { calmFeedback } from "~/utils/calm-play";
import { CalmCount } from "./calm-count";
import { PagedPlay, type PagedPlayView } from "./paged-play";
import { sumAsked } from "~/game";

export type CalmPlayView = PagedPlayView & { questions: number | null };

/**
 * One page of a calm game without JavaScript (docs/product.md#calm-play): `Question n of 20` where the clock was (the
 * page has no timed refresh), the score, the feedback on the last answer with the right answer after a miss, the
 * problem, the answer field and the number pad.
 */
export function CalmServerPlay({ view }: { view: CalmPlayView }) {
  return (
    <PagedPlay
      view={view}
      heading="Play"
      clock={<CalmCount question={view.number} of={view.questions ?? view.number} />}
      say={(correct, problem, answer) => ({ text: calmFeedback(correct, answer), sum: sumAsked(problem, correct) })}
    >
      <p className="game-hint">
        <Link to="/game/calm">Stop and start again</Link>
      </p>
    </PagedPlay>
  );
}
