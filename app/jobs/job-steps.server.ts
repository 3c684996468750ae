import { isPrimaryInstance } from "~/db/litefs.server";
import { isShuttingDown, onShutdown } from "~/lifecycle.server";

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

/**
 * Runs `run` after `firstAfterMs`, then `everyMs` after each run ends: once a process, even when the dev server loads
 * the job's module again (`key`, a global symbol's name). A failed run is logged under `job`. The timer never holds
 * the process open, and a graceful shutdown stops it (app/lifecycle.server.ts).
 */
export function repeatEvery(
  job: string,
  key: string,
  run: () => Promise<unknown>,
  { firstAfterMs, everyMs }: { firstAfterMs: number; everyMs: number },
): void {
  const started = Symbol.for(key);
  const flags = globalThis as unknown as Record<symbol, true | undefined>;
  if (flags[started]) return;
  flags[started] = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      run()
        .catch((error: unknown) => console.error(`${job}: the run failed:`, why(error)))
        .finally(() => {
          if (!stopped) schedule(everyMs);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(firstAfterMs);
  onShutdown("close", () => {
    stopped = true;
    clearTimeout(timer);
  });
}
