import type { ReactNode } from "react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import type { FinishResponse } from "~/types/runs";
import { GameIsland } from "./game-island";
import type { IslandGame } from "./use-island-game";

type Saved = Extract<FinishResponse, { ok: true }>;

/**
 * The screens of an island game page after its start screen: the game itself, then the finish. Solo and the
 * daily challenge differ only in their texts and in what they show once the score is saved (`children`).
 */
export function IslandScreens({
  game,
  failTitle,
  againLabel,
  children,
}: {
  game: IslandGame;
  failTitle: string;
  againLabel: string;
  children: (saved: Saved) => ReactNode;
}) {
  const { phase } = game;
  if (phase.name === "playing") return <GameIsland key={phase.run.token} run={phase.run} onFinish={game.onFinish} />;
  if (phase.name !== "finishing") return null;
  return (
    <IslandFinishing
      result={phase.result}
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
  failTitle,
  againLabel,
  onRetry,
  onAgain,
  children,
}: {
  result: FinishResponse | undefined;
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

function FinishRefused({
  title,
  message,
  againLabel,
  onRetry,
  onAgain,
}: {
  title: string;
  message: string;
  againLabel: string;
  onRetry?: () => void;
  onAgain: () => void;
}) {
  const heading = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="page page-narrow" aria-labelledby="save-failed">
      <h1 id="save-failed" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead" role="alert">
        {message}
      </p>
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
    </section>
  );
}
