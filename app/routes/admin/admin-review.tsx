import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/roles.server";
import { AdminPanel } from "~/components/admin/admin-panel";
import { HeldRuns } from "~/components/admin/held-runs";
import { ConfirmStep } from "~/components/forms/confirm-step";
import { RouteError } from "~/components/route-error";
import adminStyles from "~/styles/admin.css?url";
import { REVIEW_SECTION } from "~/utils/admin-messages";
import { REVIEW_MESSAGES } from "~/utils/review-messages";
import { privateHead } from "~/utils/private-head";
import { readForm } from "~/utils/request.server";
import { decideFromForm, reviewPageData } from "./admin-review.server";

export const { links, meta, headers } = privateHead([adminStyles], {
  title: REVIEW_SECTION.label,
  description: "Scores held off the leaderboards for their pace, to release or reject.",
  path: REVIEW_SECTION.path,
});

/** Held scores, oldest first, 20 a page (docs/decisions/0024-human-pace.md); admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return reviewPageData(new URL(request.url));
}

/** Release or Reject one held score; back to the queue with what happened. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return decideFromForm(request, await readForm(request));
}

export default function AdminReview() {
  const d = useLoaderData<typeof loader>();
  return (
    <AdminPanel tab="review">
      {d.rejecting ? (
        <ConfirmStep
          question={REVIEW_MESSAGES.rejectQuestion(
            d.rejecting.player,
            `${d.rejecting.score}/${d.rejecting.totalQuestions}`,
          )}
          consequence={REVIEW_MESSAGES.rejectConsequence}
          action={REVIEW_SECTION.path}
          fields={{ intent: "reject", runId: d.rejecting.runId }}
          confirmLabel={REVIEW_MESSAGES.rejectConfirm}
          cancelTo={REVIEW_SECTION.path}
          destructive
        />
      ) : (
        <HeldRuns runs={d.runs} total={d.total} next={d.next} />
      )}
    </AdminPanel>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/admin", label: "Back to School Administration" }]} />;
}
