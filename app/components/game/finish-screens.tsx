import type { ReactNode } from "react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { markAnswers, problemTextForScreen, summarize, type AnswerRecord, type SubmittedAnswer } from "~/game";
import type { FinishResponse } from "~/types/runs";
import { AnswersTable } from "./answers-table";
import { Island, type IslandRun, type MakePlay } from "./island";
import { SummaryStats } from "./result-parts";
import type { IslandGame } from "./use-island-game";

type Saved = Extract<FinishResponse, { ok: true }>;

/**
 * The screens of an island game page after its start screen: the game itself, then the finish. Solo and the
 * daily challenge differ only in their texts and in what they show once the score is saved (`children`).
 */
export function IslandScreens({
  game,
  play,
  failTitle,
  againLabel,
  children,
}: {
  game: IslandGame;
  /** The page's mode's engine (soloPlay, dailyPlay): its problems, time limit and decimals. */
  play: MakePlay;
  failTitle: string;
  againLabel: string;
  children: (saved: Saved) => ReactNode;
}) {
  const { phase } = game;
  if (phase.name === "playing")
    return <Island key={phase.run.token} run={phase.run} play={play} onFinish={game.onFinish} />;
  if (phase.name !== "finishing") return null;
  return (
    <IslandFinishing
      result={phase.result}
      played={{ run: phase.run, answers: phase.answers, play }}
      failTitle={failTitle}
      againLabel={againLabel}
      onRetry={game.retry}
      onAgain={game.reset}
    >
      {children}
    </IslandFinishing>
  );
}

/**
 * What an island page shows once the time is up: a wait while the server checks the answers, then the
 * page's own results, or the refusal (with a retry when only the connection failed).
 */
export function IslandFinishing({
  result,
  played,
  failTitle,
  againLabel,
  onRetry,
  onAgain,
  children,
}: {
  result: FinishResponse | undefined;
  /** The run, its answers and its mode's engine as played here: a refused run still shows the player what they did. */
  played?: { run: IslandRun; answers: SubmittedAnswer[]; play: MakePlay };
  failTitle: string;
  againLabel: string;
  onRetry: () => void;
  onAgain: () => void;
  children: (saved: Saved) => ReactNode;
}) {
  if (!result) return <CheckingAnswers />;
  if (result.ok) return <>{children(result)}</>;
  return (
    <FinishRefused
      title={failTitle}
      message={result.message}
      againLabel={againLabel}
      onRetry={result.retryable ? onRetry : undefined}
      onAgain={onAgain}
      records={played ? playedRecords(played) : []}
    />
  );
}

function CheckingAnswers() {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="page page-narrow">
      <h1 ref={heading} tabIndex={-1}>
        Time’s up!
      </h1>
      <p className="lead">Checking your answers…</p>
    </section>
  );
}

/** The answers as the engine marks them (the same generator and checker as the server's), problems as shown. */
function playedRecords({ run, answers, play }: { run: IslandRun; answers: SubmittedAnswer[]; play: MakePlay }) {
  const records = markAnswers(run.spec.mode, play(run.spec, run.seed).problems, answers, 0);
  for (const record of records) record.problem = problemTextForScreen(record.problem);
  return records;
}

/** Said above the score of a run the server did not save. */
export const NOT_SAVED_NOTE = "This score was not saved, but here is how you did.";

function FinishRefused({
  title,
  message,
  againLabel,
  onRetry,
  onAgain,
  records,
}: {
  title: string;
  message: string;
  againLabel: string;
  onRetry?: () => void;
  onAgain: () => void;
  records: AnswerRecord[];
}) {
  const summary = summarize(records);
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="page page-narrow" aria-labelledby="save-failed">
      <h1 id="save-failed" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead" role="alert">
        {message}
      </p>
      {records.length > 0 ? (
        <>
          <p>{NOT_SAVED_NOTE}</p>
          <SummaryStats summary={summary} prefix="unsaved" />
        </>
      ) : null}
      <div className="button-row">
        {onRetry ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            Send again
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onAgain}>
          {againLabel}
        </button>
      </div>
      {records.length > 0 ? <AnswersTable records={records} /> : null}
    </section>
  );
}
