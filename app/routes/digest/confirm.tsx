import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { confirmLink, confirmLinkData } from "~/school/digest.server";
import { DIGEST_HEADERS, DIGEST_MESSAGES as M } from "~/utils/digest-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

/*
 * The link of the mail that starts a teacher's weekly e-mail (docs/product.md#weekly-digest): no sign-in needed, the
 * signed link is enough. GET shows one button and writes nothing (mail scanners open links); the POST starts it.
 */

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.confirmTitle,
    description: "Start the weekly e-mail about your classes.",
    path: "/digest/confirm",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(DIGEST_HEADERS);

export function loader({ params, context }: LoaderFunctionArgs) {
  return confirmLinkData(params.token ?? "", context.clientAddress ?? null);
}

export function action({ params, context }: ActionFunctionArgs) {
  return confirmLink(params.token ?? "", context.clientAddress ?? null);
}

export default function DigestConfirm() {
  const shown = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <section className="page page-narrow" aria-labelledby="digest-confirm-heading">
      <h1 id="digest-confirm-heading">{M.confirmTitle}</h1>
      {done?.done ? (
        <>
          <p className="lead" role="status" data-testid="digest-done">
            {M.confirmed}
          </p>
          <Link to="/teacher-dashboard" className="button button-primary">
            {M.toDashboard}
          </Link>
        </>
      ) : (
        <>
          <p className="lead">{M.confirmLead(shown.email)}</p>
          <Form method="post">
            <button type="submit" className="button button-primary button-large">
              {M.confirmButton}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/", label: "Back to Home" }]} />;
}
