import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { RouteError } from "~/components/route-error";
import { DigestLinkPage } from "~/components/teacher/digest-link-page";
import { unsubscribeLink, unsubscribeLinkData } from "~/school/digest.server";
import { DIGEST_HEADERS, DIGEST_MESSAGES as M } from "~/utils/digest-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

/*
 * The weekly digest's unsubscribe link (docs/product.md#weekly-digest), opened without signing in. GET shows one
 * button and writes nothing (mail scanners follow links); the POST, from the button or a mail program's one-click
 * unsubscribe (RFC 8058, `List-Unsubscribe-Post`), stops the digest and says so. It reads no body.
 */

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.unsubscribeTitle,
    description: "Stop the weekly e-mail about your classes.",
    path: "/digest/unsubscribe",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(DIGEST_HEADERS);

export function loader({ params, context }: LoaderFunctionArgs) {
  return unsubscribeLinkData(params.token ?? "", context.clientAddress ?? null);
}

export function action({ params, context }: ActionFunctionArgs) {
  return unsubscribeLink(params.token ?? "", context.clientAddress ?? null);
}

export default function DigestUnsubscribe() {
  const reply = useActionData<typeof action>();
  return (
    <DigestLinkPage
      id="digest-unsubscribe-heading"
      title={M.unsubscribeTitle}
      lead={M.unsubscribeLead}
      button={M.unsubscribeButton}
      done={reply?.done ? M.unsubscribed : null}
    />
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/", label: "Back to Home" }]} />;
}
