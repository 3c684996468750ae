import crypto from "node:crypto";
import { config } from "~/config.server";
import type { WithHeaders } from "~/utils/request.server";
import { sign, verifySignature } from "~/utils/signing.server";

/*
 * When an MTC rehearsal started its check, on the server's clock, and the seed of the check's questions
 * (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own start" and "The check's own seed").
 * In the page: the page asks at `Start the check`, the server answers with the check's seed and a cookie that names
 * the run, the moment and the seed, signed, and the finish reads it back. The page cannot make one up or move it, and
 * a cookie sends itself with the finish: no byte of the finish's own code changes in the page. Page by page: the
 * server stamps the step itself, and the seed follows from that stamp by the same rule.
 */

const COOKIE = "mtc_check";
/** Longer than any rehearsal (29 steps, at most 12 s a question): a stamp is worth nothing once its run is over. */
const MAX_AGE_SECONDS = 15 * 60;

/**
 * The seed of a run's check, started `msSinceStart` after the run started, on the server's clock: the first 4 bytes
 * of an HMAC with the session secret, as digits (so a page can name it in its start step's entry, app/game/mtc.ts).
 * Nothing is stored, nothing the page has before the stamp tells it, and each stamp has its own: a page that asks
 * again later gets other questions.
 */
export function mtcCheckSeedOf(runId: string, msSinceStart: number): string {
  const mac = crypto.createHmac("sha256", config.sessionSecret).update(`mtc-check-seed:${runId}:${msSinceStart}`);
  return String(mac.digest().readUInt32BE(0));
}

/** The Set-Cookie header stamping a run's check as started at `at` (server epoch ms), with its check's seed. */
export function checkStartCookie(runId: string, at: number, seed: string): string {
  const value = `${runId}.${at}.${seed}.${sign(`mtc-check:${runId}:${at}:${seed}`)}`;
  const secure = config.secureCookies ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * When this run's check started, as the server stamped it, and its seed; or null: no stamp, another run's, not ours
 * (or one made before the stamp carried its seed).
 */
export function checkStartOf(request: WithHeaders, runId: string): { at: number; seed: string } | null {
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== COOKIE || !value) continue;
    const [id, at, seed, signature, ...rest] = value.split(".");
    if (id !== runId || !at || !seed || !signature || rest.length > 0) continue;
    if (!/^\d{1,15}$/.test(at) || !/^\d{1,10}$/.test(seed)) continue;
    if (verifySignature(`mtc-check:${id}:${at}:${seed}`, signature)) return { at: Number(at), seed };
  }
  return null;
}
