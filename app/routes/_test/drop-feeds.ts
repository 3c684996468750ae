import { disconnectAll } from "~/realtime/live-feed.server";
import { requireTestRoutes } from "~/utils/test-routes.server";

/** End-to-end suite only: ends every open leaderboard stream, as a dropped connection or a deploy would. */
export function action() {
  requireTestRoutes();
  disconnectAll();
  return new Response(null, { status: 204 });
}

export function loader() {
  requireTestRoutes();
  return new Response("Method Not Allowed", { status: 405 });
}
