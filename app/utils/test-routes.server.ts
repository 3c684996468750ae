import { config } from "~/config.server";

/** Test-only routes answer 404 unless the end-to-end suite turned them on. */
export function requireTestRoutes() {
  if (!config.enableTestRoutes) throw new Response("Not Found", { status: 404 });
}
