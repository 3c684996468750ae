import { requireTestRoutes } from "~/utils/test-routes.server";

export function loader() {
  requireTestRoutes();
  return null;
}

/** Throws while rendering, so the suite can see the root error fallback. */
export default function RenderError(): never {
  throw new Error("Deliberate render error for the end-to-end suite");
}
