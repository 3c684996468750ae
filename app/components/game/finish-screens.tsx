import type { ReactNode } from "react";

/** Between the last answer and the server's verdict. */
export function CheckingAnswers() {
  return (
    <section className="page page-narrow" aria-live="polite">
      <h1>Time’s up!</h1>
      <p className="lead">Checking your answers…</p>
    </section>
  );
}

/** The server refused or could not save the run; a dropped connection can be retried. */
export function FinishFailed({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="page page-narrow" aria-labelledby="save-failed">
      <h1 id="save-failed">{title}</h1>
      <p className="lead" role="alert">
        {message}
      </p>
      <div className="button-row">
        {onRetry ? (
          <button type="button" className="button button-primary" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        {children}
      </div>
    </section>
  );
}
