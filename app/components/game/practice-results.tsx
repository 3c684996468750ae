import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FinishResponse, WrongAnswer } from "~/types/runs";
import { resultMessage, type ScoreSummary } from "~/game";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { BackToMenu, SummaryStats } from "./result-parts";
import { WrongAnswers } from "./wrong-answers";

/** Said on the results of a practice run: it reaches no board (docs/product.md#practise-my-facts). */
export const PRACTICE_NOTE = "This was practice, so it is not on a leaderboard.";
/** Said on the results of a times-tables game: it reaches no board (docs/product.md#times-tables-game). */
export const TABLES_NOTE = "This was a times tables game, so it is not on a leaderboard.";
/** The end of a calm game (docs/product.md#calm-play). */
export const CALM_RESULTS = {
  allDone: "All done!",
  note: "This was a calm game, so it is not on a leaderboard.",
} as const;

/**
 * The end of a member's or visitor's practice run, or times-tables game: the verified score, the ones to practise,
 * no board.
 */
export function PracticeResults({
  summary,
  runId,
  wrong,
  practise,
  tables,
  calm,
  words,
  stickerMarkup,
  children,
}: {
  /** "New in your sticker book", drawn by the server (docs/product.md#sticker-book). */
  stickerMarkup?: string;
  summary: ScoreSummary;
  runId: string;
  wrong: readonly WrongAnswer[];
  practise: boolean;
  /** A times-tables game's results: its own note, and `Play again` leads to the times tables. */
  tables?: boolean;
  /** A calm game's results: `All done!`, its own note, and `Play again` leads to the calm game (docs/product.md#calm-play). */
  calm?: boolean;
  /** A mode's own words, from its definition (app/game/modes): its note, and where `Play again` leads. */
  words?: { note: string; againTo: string } | null;
  /** Shown below (the results page's answer by answer table). */
  children?: ReactNode;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <div className="results-layout">
      <section className="results page page-narrow" aria-labelledby="results-heading" data-testid="results">
        {calm ? <p className="eyebrow">{CALM_RESULTS.allDone}</p> : null}
        <h1 id="results-heading" ref={heading} tabIndex={-1}>
          {resultMessage(summary.accuracy)}
        </h1>
        <p className="lead" data-testid="practice-note">
          {words ? words.note : calm ? CALM_RESULTS.note : tables ? TABLES_NOTE : PRACTICE_NOTE}
        </p>
        <SummaryStats summary={summary} />
        <div className="button-row">
          <Link
            to={words ? words.againTo : calm ? "/game/calm" : tables ? "/game/tables" : "/game"}
            className="button button-secondary"
          >
            {words || tables || calm ? "Play again" : "Play a game"}
          </Link>
          <BackToMenu />
        </div>
      </section>
      {stickerMarkup ? <div dangerouslySetInnerHTML={{ __html: stickerMarkup }} /> : null}
      <WrongAnswers wrong={wrong} runId={runId} action="/game/practice" practise={practise} />
      {children}
    </div>
  );
}

/** The results of a run just played in the page, as its finish answered them. */
export function SavedResults({
  saved,
  tables,
  calm,
}: {
  saved: Extract<FinishResponse, { ok: true }>;
  tables?: boolean;
  calm?: boolean;
}) {
  return (
    <PracticeResults
      summary={saved.summary}
      runId={saved.runId}
      wrong={saved.wrong ?? []}
      practise={saved.practise === true}
      tables={tables}
      calm={calm}
      stickerMarkup={saved.stickerMarkup}
    />
  );
}
