import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { DigestLinkPage } from "~/components/teacher/digest-link-page";
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
  const reply = useActionData<typeof action>();
  return (
    <DigestLinkPage
      id="digest-confirm-heading"
      title={M.confirmTitle}
      lead={M.confirmLead(shown.email)}
      button={M.confirmButton}
      done={reply?.done ? M.confirmed : null}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/", label: "Back to Home" }]} />;
}
