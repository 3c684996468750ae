import type { ReactNode } from "react";
import type { FinishResponse } from "~/routes/game.finish";

type Saved = Extract<FinishResponse, { ok: true }>;

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
  if (!result) {
    return (
      <section className="page page-narrow" aria-live="polite">
        <h1>Time’s up!</h1>
        <p className="lead">Checking your answers…</p>
      </section>
    );
  }
  if (result.ok) return <>{children(result)}</>;
  return (
    <section className="page page-narrow" aria-labelledby="save-failed">
      <h1 id="save-failed">{failTitle}</h1>
      <p className="lead" role="alert">
        {result.message}
      </p>
      <div className="button-row">
        {result.retryable ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onAgain}>
          {againLabel}
        </button>
      </div>
    </section>
  );
}
