import type { IncomingMessage, ServerResponse } from "node:http";
import { readNodeJsonBody } from "~/utils/request.server";
import { GAME_FINISH_PATH, STUDENT_FINISH_PATH } from "./finish-paths";
import { finishGameRequest, finishStudentRequest, type FinishReply, type FinishRequest } from "./finish-request.server";

/** Each finish path's handler (./finish-paths lists them; docs/decisions/0034-finishes-in-front-of-express.md). */
const FINISHES: Record<string, (request: FinishRequest, address: string | null) => Promise<FinishReply>> = {
  [GAME_FINISH_PATH]: finishGameRequest,
  [STUDENT_FINISH_PATH]: finishStudentRequest,
};

/**
 * A game's finish (`POST /game/finish`, `POST /student-game/finish`), answered without Remix (server/lanes.ts): the
 * finish is the busiest write and a JSON answer, and their routing, request adapter and response streams cost it
 * more than its own checks and write (docs/decisions/0034-finishes-in-front-of-express.md). The server has run the
 * same guards as for any request (server/lanes.ts: security headers, the request guard, writes sent to the primary); the finish
 * itself is the very function the Remix routes call, given Node's request as it is (its headers, and its body read
 * within the same size limit), with no Fetch request, stream or response made.
 */
export async function handleFinish(req: IncomingMessage, res: ServerResponse, clientAddress: string | null) {
  const path = (req.url ?? "").split("?")[0]!;
  const finish = FINISHES[path];
  if (!finish) throw new Error(`handleFinish called for ${req.url}`);
  const { status, body, headers } = await finish(
    {
      method: req.method ?? "POST",
      headers: { get: (name) => headerOf(req, name) },
      readJson: () => readNodeJsonBody(req),
    },
    clientAddress,
  );
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(json),
  });
  res.end(json);
}

/** A header as Fetch's `Headers.get` gives it: repeated values joined, null when absent. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
