import { runWeeklyDigest } from "~/jobs/weekly-digest.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/**
 * End-to-end suite only: one run of the weekly digest now, whatever the day and hour (docs/product.md#weekly-digest);
 * the week is still marked per teacher, so a second run sends nothing. Answers the run's report.
 */
export async function action() {
  requireTestRoutes();
  return Response.json(await runWeeklyDigest({ force: true }));
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
