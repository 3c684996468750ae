import type { IslandRun, MakePlay } from "~/components/game/island";
import { PracticeGame } from "~/components/game/practice-game";
import { ResultsModal } from "~/components/student/results-modal";
import { PupilPage } from "~/components/student/pupil-page";
import type { StudentBanner } from "~/types/student";
import { saveFailedTitle } from "~/utils/game-messages";

/**
 * A pupil's practice-like game in the page (practise my facts, a mode with a start form): it finishes at
 * /student-game/finish and shows the pupil's results, as every pupil's game (docs/product.md#student-game).
 */
export function PupilPracticeGame({
  play,
  run,
  againTo,
  banner,
}: {
  play: MakePlay;
  run: IslandRun;
  againTo: string;
  banner: StudentBanner | null;
}) {
  return (
    <PracticeGame
      play={play}
      run={run}
      finishUrl="/student-game/finish"
      failTitle={saveFailedTitle(false)}
      againTo={againTo}
    >
      {(saved) => (
        <PupilPage banner={banner}>
          <ResultsModal
            summary={saved.summary}
            practice
            runId={saved.runId}
            wrong={saved.wrong ?? []}
            practise={saved.practise === true}
            stickerMarkup={saved.stickerMarkup}
          />
        </PupilPage>
      )}
    </PracticeGame>
  );
}
