import { Link } from "@remix-run/react";
import type { RefusalView } from "~/types/game-page";

/**
 * The one refusal of a game page (a start, a run or a finish it cannot take): its heading, the server's message, a
 * link to the run's results where they were kept, and a way back. The words come from the loader
 * (app/pages/game-page.server.ts); a page by page game's own route names its way back.
 */
export function Refusal({
  view,
  title = view.title,
  againTo = view.againTo,
  againLabel = view.againLabel,
  resultsLabel = view.resultsLabel,
}: {
  view: Partial<Omit<RefusalView, "kind">> & { message: string; resultsUrl?: string; resultsLabel?: string };
  title?: string;
  againTo?: string;
  againLabel?: string;
  /** A refused finish whose run was kept: the link to its results says this. */
  resultsLabel?: string;
}) {
  return (
    <section className="page page-narrow" aria-labelledby="refused-heading">
      <h1 id="refused-heading">{title}</h1>
      <p className="lead" role="alert">
        {view.message}
      </p>
      <div className="button-row">
        {view.resultsUrl ? (
          <Link to={view.resultsUrl} className="button button-primary">
            {resultsLabel}
          </Link>
        ) : null}
        <Link to={againTo ?? "/game"} className="button button-secondary">
          {againLabel}
        </Link>
      </div>
    </section>
  );
}
