import { STATUS_CODES, type ServerResponse } from "node:http";
import { data, type HeadersFunction } from "@remix-run/node";
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

/** What a refusal by a limit needs to say when to come back (the rate limiter's verdict has it). */
export type WaitFor = { retryAfterSeconds: number };

/**
 * The status and headers of every 429, for Node's own responses (the live feed, the finish lane) and, through
 * tooManyRequests, for Remix's: `Retry-After` always comes with it (docs/decisions/0013-one-rate-limiter.md). The
 * one place the status is written: lint refuses the literal 429 anywhere else.
 */
export function tooManyRequestsHead(wait: WaitFor, headers: Record<string, string> = {}) {
  return {
    status: 429 as const,
    headers: { ...headers, "Retry-After": String(Math.max(1, Math.ceil(wait.retryAfterSeconds))) },
  };
}

/** The ResponseInit of a 429 for data() and Response: the given headers (cookies kept as they are) and Retry-After. */
export function tooManyRequests(wait: WaitFor, headers?: HeadersInit): { status: 429; headers: Headers } {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(tooManyRequestsHead(wait).headers)) merged.set(name, value);
  return { status: 429, headers: merged };
}

/**
 * A page route's `headers`: its own fixed ones, and the Retry-After of a 429 its loader or action answered. Remix
 * keeps only the cookies of those by itself, so a route that can answer 429 exports this (a unit test checks).
 */
export function keepRetryAfter(own: Record<string, string> = {}): HeadersFunction {
  return ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
    const headers = new Headers(parentHeaders);
    for (const [name, value] of Object.entries(own)) headers.set(name, value);
    const retryAfter =
      actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
}

/**
 * The one plain-text refusal written straight to Node's response, by the server's guards and the lanes in front of
 * Express (server/lanes.ts): nothing cached, the message (by default the status's name) on one line.
 */
export function refuse(
  res: ServerResponse,
  status: number,
  message: string = STATUS_CODES[status] ?? "Error",
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(`${message}\n`);
}
