// Finishes for a bench to send: real runs started through /game/start, answered right from the engine at a
// person's pace (bench/stack.bench.ts, bench/shortcuts.bench.ts).
import { performance } from "node:perf_hooks";
import type { RunSpec } from "../../app/game";
import { honestAnswers } from "./honest-answers";

export const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
/** The runs finished are 5-minute games (the longest), all started before the warm-up: their answers are
 * spread over the first 24 s, so they can be sent once that much has passed, and until 5 minutes and 10 s. */
const RUN_SECONDS = 300;
const ANSWERS = 20;
const ANSWER_SPREAD_MS = 24_000;

export type PreparedFinish = { body: string; cookie: string; address: string };
let addressCounter = 0;
/** A new client address for each run (Fly-Client-IP, trusted as Fly's edge would set it): the per-address and
 * per-player limits are for people, and one load generator plays thousands of them. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** `answers`: how many right answers each run gives (its score), 20 unless said. */
export async function startRuns(
  base: string,
  count: number,
  log: (line: string) => void,
  answers = ANSWERS,
): Promise<{ finishes: PreparedFinish[]; readyAt: number }> {
  const finishes: PreparedFinish[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        next++;
        const address = nextAddress();
        const res = await fetch(`${base}/game/start?difficulty=normal&timeLimit=${RUN_SECONDS}`, {
          headers: { "fly-client-ip": address, "user-agent": USER_AGENT },
        });
        const reply = (await res.json()) as { ok: boolean; run?: { token: string; spec: RunSpec; seed: string } };
        const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
        if (!reply.ok || !reply.run || !cookie) throw new Error(`/game/start answered ${res.status}`);
        const given = honestAnswers(reply.run.spec, reply.run.seed, answers, ANSWER_SPREAD_MS);
        finishes.push({ body: JSON.stringify({ token: reply.run.token, answers: given }), cookie, address });
      }
    }),
  );
  log(`  started ${count} runs in ${Math.round(performance.now() - started)} ms`);
  return { finishes, readyAt: Date.now() + ANSWER_SPREAD_MS + 1_000 };
}
