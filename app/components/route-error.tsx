import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

/**
 * A route's ErrorBoundary for requests it refused (httpError in utils/http.server.ts): the status, the
 * route's message and the ways on from here. Anything that is not a refusal is left to the root's
 * 'Something went wrong', by rethrowing.
 */
export function RouteError({ actions }: { actions: { to: string; label: string }[] }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) throw error;
  const message = typeof error.data === "string" ? error.data : error.statusText;
  return (
    <section className="page page-narrow error-page" aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">{error.status === 404 ? "Not found" : "This cannot be done"}</h1>
      <p className="lead">{message}</p>
      <div className="button-row">
        {actions.map((action) => (
          <Link key={action.to} to={action.to} className="button button-primary">
            {action.label}
          </Link>
        ))}
        <Link to="/" className="button button-secondary">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
