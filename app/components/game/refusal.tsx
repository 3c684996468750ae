import { Link } from "@remix-run/react";
import type { RefusalView } from "~/types/game-page";

/**
 * The one refusal of a game page (a start or a run it cannot take): its heading, the server's message, and a way
 * back. Every word comes from the loader (app/pages/game-page.server.ts).
 */
export function Refusal({ view }: { view: Omit<RefusalView, "kind"> }) {
  return (
    <section className="page page-narrow" aria-labelledby="refused-heading">
      <h1 id="refused-heading">{view.title}</h1>
      <p className="lead" role="alert">
        {view.message}
      </p>
      <div className="button-row">
        <Link to={view.againTo} className="button button-secondary">
          {view.againLabel}
        </Link>
      </div>
    </section>
  );
}
