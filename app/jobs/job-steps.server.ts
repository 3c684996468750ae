import { isPrimaryInstance } from "~/db/litefs.server";
import { isShuttingDown } from "~/lifecycle.server";

/*
 * What the timed jobs (housekeeping, the weekly digest) share: they write only on the LiteFS primary, asked again
 * before every step since the primary can move, and never once a shutdown has begun (docs/decisions/0021-housekeeping-on-the-primary.md).
 */

export const why = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Lets the requests waiting on this process run between two batches. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `job` may write now: the primary, not shutting down. A failed question is a no, logged under its name. */
export function mayWrite(job: string): boolean {
  if (isShuttingDown()) return false;
  try {
    return isPrimaryInstance();
  } catch (error) {
    console.error(`${job}: could not tell whether this is the primary:`, why(error));
    return false;
  }
}
