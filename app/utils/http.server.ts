import { data } from "@remix-run/node";
import type { Read } from "~/types/read";

/*
 * The error policy (docs/decisions/0010-one-error-policy.md): a request the route cannot serve ends with
 * `throw httpError(status, message)` and the nearest ErrorBoundary shows the message; a read the page can
 * live without goes through tryRead and the page shows <ReadFailed>; anything else is a bug and reaches
 * the root ErrorBoundary ('Something went wrong').
 */

/** A status and a plain message for the route's ErrorBoundary (thrown from a loader or action). */
export function httpError(status: number, message: string) {
  return data(message, { status, headers: { "Cache-Control": "no-store" } });
}

/** Runs a read; a failure is logged once, with what was being read, and reported as `{ ok: false }`. */
export function tryRead<T>(what: string, read: () => T): Read<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    console.error(`reading ${what} failed`, error);
    return { ok: false };
  }
}
