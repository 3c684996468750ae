import type { LoaderFunctionArgs } from "@remix-run/node";
import { leaderboardEventStream } from "~/realtime/leaderboard-stream.server";

/** The live feed's event stream: open boards hear of new entries and refetch (docs/product.md#leaderboards). */
export function loader({ request }: LoaderFunctionArgs) {
  return leaderboardEventStream(request.signal);
}
