import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { DigestLinkPage } from "~/components/teacher/digest-link-page";
import { confirmLink, confirmLinkData } from "~/school/digest.server";
import { DIGEST_HEADERS, DIGEST_MESSAGES as M } from "~/utils/digest-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

/*
 * The link of the mail that starts a teacher's weekly e-mail, or confirms an address kept for sign-in links alone
 * (docs/product.md#weekly-digest): no sign-in needed, the signed link is enough. GET shows one button and writes
 * nothing (mail scanners open links); the POST confirms.
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
  // An address kept for sign-in links alone is confirmed in words of its own (docs/product.md#weekly-digest).
  const digest = reply?.digest ?? shown.digest;
  return (
    <DigestLinkPage
      id="digest-confirm-heading"
      title={digest ? M.confirmTitle : M.confirmSignInTitle}
      lead={digest ? M.confirmLead(shown.email) : M.confirmSignInLead(shown.email)}
      button={digest ? M.confirmButton : M.confirmSignInButton}
      done={reply?.done ? (digest ? M.confirmed : M.confirmedSignIn) : null}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/", label: "Back to Home" }]} />;
}
