import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChallengeBoard } from "~/components/daily/challenge-board";
import { ChallengeComplete } from "~/components/daily/challenge-complete";
import { MidnightCountdown } from "~/components/daily/midnight-countdown";
import { AnswersBySum } from "~/components/game/answers-by-sum";
import { AnswersTable } from "~/components/game/answers-table";
import { MtcAnswers, MtcScoreCard } from "~/components/game/mtc-parts";
import { PracticeResults } from "~/components/game/practice-results";
import { WrongAnswers } from "~/components/game/wrong-answers";
import { wrongAnswersOf, wrongFactsOf } from "~/facts/wrong";
import { ResultsPanel } from "~/components/game/results-panel";
import { DailyBoardPanel } from "~/components/leaderboard/daily-board-panel";
import { RouteError } from "~/components/route-error";
import { getPlayer } from "~/auth/player.server";
import { challengeTop, dailyPanelRows } from "~/models/leaderboard.server";
import { problemTextForScreen } from "~/game";
import { modeDefinition } from "~/game/modes";
import { getRunResult } from "~/models/runs.server";
import { runStickersMarkup } from "~/runs/new-stickers.server";
import { mtcResultOf } from "~/runs/mtc.server";
import { challengeInfoById, msToNextUtcMidnight } from "~/runs/daily.server";
import { standingOf } from "~/runs/standing.server";
import gameStyles from "~/styles/game.css?url";
import stickerStyles from "~/styles/stickers.css?url";
import { httpError, tryRead } from "~/utils/http.server";
import { HELD_MESSAGE } from "~/utils/game-messages";
import { REJECTED_MESSAGE } from "~/utils/run-page-messages";
import { pageMeta } from "~/utils/meta";
import { panelBoardOf } from "~/utils/board-names";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: stickerStyles },
];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Results",
    description: "How your game went, answer by answer.",
    robots: "noindex, nofollow",
  });

const NOT_FOUND = "These results could not be found. A game's results can be seen only in the browser that played it.";

/** A finished game's verified results, answer by answer; only its own player may see them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const player = await getPlayer(request);
  const stored = getRunResult(params.runId ?? "", player);
  if (!stored) throw httpError(404, NOT_FOUND);
  // Each problem as the game showed it (minus as −); the stored record keeps its own text.
  const records = stored.records.map((record) => ({ ...record, problem: problemTextForScreen(record.problem) }));
  const result = { ...stored, records };
  // The ones to practise, from the records as stored (docs/product.md#wrong-answers-after-a-game).
  const wrong = {
    wrong: wrongAnswersOf(stored.records),
    practise: wrongFactsOf(stored.records).length > 0,
    // The facts it made secure, with their new stickers (docs/product.md#sticker-book).
    stickerMarkup: runStickersMarkup(player, stored.runId),
  };
  // A mode whose definition has its own words (number bonds, doubles and halves: app/game/modes) shows them.
  const words = modeDefinition(stored.mode)?.words ?? null;
  if (words || stored.mode === "practice" || stored.mode === "tables" || stored.mode === "calm") {
    const tables = stored.mode === "tables";
    return { kind: "practice" as const, tables, calm: stored.mode === "calm", words, result, ...wrong };
  }
  if (stored.mode === "mtc") return { kind: "mtc" as const, result, ...wrong, mtc: mtcResultOf(stored) };
  const standing = stored.review ? null : standingOf(stored.runId, player);
  const challenge = result.mode === "daily" ? challengeInfoById(result.gameType) : null;
  if (challenge) {
    const top = tryRead("the challenge leaderboard", () => challengeTop({ challengeId: challenge.id, player }));
    return {
      kind: "daily" as const,
      result,
      standing,
      challenge,
      top,
      msToMidnight: msToNextUtcMidnight(),
      ...wrong,
    };
  }
  // The panel shows the board the place is on: the game's difficulty and length (docs/product.md#solo-results).
  const shows = panelBoardOf(result.gameType, standing?.board?.time ?? stored.timeLimit);
  return {
    kind: "solo" as const,
    result,
    standing,
    ...wrong,
    shows,
    board: tryRead("the daily leaderboard", () => dailyPanelRows(player, shows)),
  };
}

/** Said beside a score that is not on the boards: waiting for its check, or kept off by it. */
function ReviewNote({ review }: { review: string | null }) {
  if (review !== "held" && review !== "rejected") return null;
  return (
    <p className="review-note" role="status">
      {review === "held" ? HELD_MESSAGE : REJECTED_MESSAGE}
    </p>
  );
}

export default function RunResults() {
  const d = useLoaderData<typeof loader>();
  const stickers = d.stickerMarkup ? <div dangerouslySetInnerHTML={{ __html: d.stickerMarkup }} /> : null;
  const wrong = (
    <>
      {stickers}
      <WrongAnswers wrong={d.wrong} runId={d.result.runId} action="/game/practice" practise={d.practise} />
    </>
  );
  if (d.kind === "mtc") {
    return (
      <div className="results-layout">
        <MtcScoreCard score={d.mtc.score} againTo="/game/mtc" />
        {stickers}
        <WrongAnswers wrong={d.mtc.wrong} runId={d.result.runId} action="/game/practice" practise={d.practise} />
        <MtcAnswers rows={d.mtc.rows} />
      </div>
    );
  }
  if (d.kind === "practice") {
    return (
      <PracticeResults
        summary={d.result.summary}
        runId={d.result.runId}
        wrong={d.wrong}
        practise={d.practise}
        tables={d.tables}
        calm={d.calm}
        words={d.words}
        stickerMarkup={d.stickerMarkup}
      >
        <AnswersBySum records={d.result.records} />
      </PracticeResults>
    );
  }
  if (d.kind === "daily") {
    return (
      <div className="results-layout">
        <ReviewNote review={d.result.review} />
        <ChallengeComplete summary={d.result.summary} standing={d.standing} challengeTitle={d.challenge.title} />
        <MidnightCountdown serverMs={d.msToMidnight} />
        <ChallengeBoard title={d.challenge.title} board={d.top} />
        {wrong}
        <AnswersTable records={d.result.records} />
      </div>
    );
  }
  return (
    <div className="results-layout">
      <ReviewNote review={d.result.review} />
      <ResultsPanel summary={d.result.summary} runId={d.result.runId} standing={d.standing} />
      {wrong}
      <AnswersTable records={d.result.records} />
      <DailyBoardPanel board={d.board} shows={d.shows} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/game", label: "Play a new game" }]} />;
}
