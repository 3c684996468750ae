import type { ReactNode } from "react";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import type { FinishResponse } from "~/types/runs";

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
