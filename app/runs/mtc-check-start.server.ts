import { config } from "~/config.server";
import type { WithHeaders } from "~/utils/request.server";
import { sign, verifySignature } from "~/utils/signing.server";

/*
 * When an MTC rehearsal in the page started its check, on the server's clock
 * (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own start"): the page asks at
 * `Start the check`, the server answers with a cookie that names the run and the moment, signed, and the finish reads
 * it back. The page cannot make one up or move it, and a cookie sends itself with the finish: no byte of the
 * finish's own code changes in the page.
 */

const COOKIE = "mtc_check";
/** Longer than any rehearsal (29 steps, at most 12 s a question): a stamp is worth nothing once its run is over. */
const MAX_AGE_SECONDS = 15 * 60;

/** The Set-Cookie header stamping a run's check as started at `at` (server epoch ms). */
export function checkStartCookie(runId: string, at: number): string {
  const value = `${runId}.${at}.${sign(`mtc-check:${runId}:${at}`)}`;
  const secure = config.secureCookies ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** When this run's check started, as the server stamped it, or null: no stamp, another run's, or not ours. */
export function checkStartOf(request: WithHeaders, runId: string): number | null {
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== COOKIE || !value) continue;
    const [id, at, signature, ...rest] = value.split(".");
    if (id !== runId || !at || !signature || rest.length > 0 || !/^\d{1,15}$/.test(at)) continue;
    if (verifySignature(`mtc-check:${id}:${at}`, signature)) return Number(at);
  }
  return null;
}
