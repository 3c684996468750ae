// bench/ab.ts's finishes: real runs started through the build's own /game/start, then finished through its finish
// lane (the handler server/lanes.ts calls: docs/decisions/0034-finishes-in-front-of-express.md), as
// the stack bench's finishes are. The process's clock is moved on past the answers' times instead of waiting.
import type { ServerBuild } from "@remix-run/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { RunSpec } from "../../app/game";
import { honestAnswers } from "./honest-answers";

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36";
/** As the stack bench's runs: 5-minute games with 20 right answers over the first 24 s. */
const RUN_SECONDS = 300;
const ANSWERS = 20;
const ANSWER_SPREAD_MS = 24_000;

type Handle = (request: Request, context: { cspNonce: string; clientAddress: string }) => Promise<Response>;
type FinishLane = (req: IncomingMessage, res: ServerResponse, clientAddress: string | null) => Promise<void>;
export type PreparedFinish = { body: string; cookie: string; address: string; boardAddress: string };

let offsetMs = 0;
const realNow = Date.now;
/** Every build's clock (app/utils/clock.server.ts reads Date.now) runs `offsetMs` ahead of the machine's. */
Date.now = () => realNow() + offsetMs;

let counter = 0;
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Starts `count` runs, each a new visitor at its own address (the rate limits are per person), and moves the clock
 * on past their answers. `flood`: every run counts on the boards under one address (a school behind one router, or
 * cookies made by the thousand: docs/decisions/0037-a-board-is-not-one-address.md), through the end-to-end build's
 * board-address header, so ENABLE_TEST_ROUTES=1 must be set.
 */
export async function prepareFinishes(handle: Handle, count: number, flood: boolean): Promise<PreparedFinish[]> {
  const prepared: PreparedFinish[] = [];
  for (let i = 0; i < count; i++) {
    const address = addressOf(++counter);
    const res = await handle(
      new Request(`http://localhost:3000/game/start?difficulty=normal&timeLimit=${RUN_SECONDS}`, {
        headers: { "user-agent": USER_AGENT },
      }),
      { cspNonce: "ab", clientAddress: address },
    );
    const reply = (await res.json()) as { ok: boolean; run?: { token: string; spec: RunSpec; seed: string } };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!reply.ok || !reply.run) throw new Error(`/game/start answered ${res.status}`);
    const answers = honestAnswers(reply.run.spec, reply.run.seed, ANSWERS, ANSWER_SPREAD_MS);
    const body = JSON.stringify({ token: reply.run.token, answers });
    prepared.push({ body, cookie, address, boardAddress: flood ? "10.255.255.255" : address });
  }
  offsetMs += ANSWER_SPREAD_MS + 1_000;
  return prepared;
}

/** Finishes one prepared run through the build's finish lane; its status. */
export function finish(build: ServerBuild, run: PreparedFinish): Promise<number> {
  const lane = (build.entry.module as { handleFinish?: FinishLane }).handleFinish;
  if (!lane) throw new Error("this build exports no handleFinish");
  const req = Object.assign(Readable.from([Buffer.from(run.body)]), {
    method: "POST",
    url: "/game/finish",
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(run.body)),
      "user-agent": USER_AGENT,
      cookie: run.cookie,
      "x-test-board-address": run.boardAddress,
    },
  }) as unknown as IncomingMessage;
  return new Promise((resolve, reject) => {
    let status = 0;
    const res = {
      writeHead: (code: number) => {
        status = code;
        return res;
      },
      end: () => resolve(status),
    } as unknown as ServerResponse;
    lane(req, res, run.address).catch(reject);
  });
}
