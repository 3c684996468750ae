import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { finishGameRequest, finishStudentRequest } from "./finish-request.server";

/** The finishes server.js answers in front of Express and Remix, by path (docs/decisions/0034-finishes-in-front-of-express.md). */
const FINISHES: Record<string, (request: Request, address: string | null) => Promise<Response>> = {
  "/game/finish": finishGameRequest,
  "/student-game/finish": finishStudentRequest,
};

/**
 * A game's finish (`POST /game/finish`, `POST /student-game/finish`), answered in front of Express and Remix: the
 * finish is the busiest write and a JSON answer, and their routing, request adapter and response streams cost it
 * more than its own checks and write (docs/decisions/0034-finishes-in-front-of-express.md). server.js has run the
 * same guards as for any request (security headers, the request guard, writes sent to the primary); the finish
 * itself is the very function the Remix routes call, given the same Fetch request (its body streamed, so its size
 * limit holds as it does there).
 */
export async function handleFinish(req: IncomingMessage, res: ServerResponse, clientAddress: string | null) {
  const path = (req.url ?? "").split("?")[0]!;
  const finish = FINISHES[path];
  if (!finish) throw new Error(`handleFinish called for ${req.url}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const request = new Request(new URL(req.url!, `http://${req.headers.host ?? "localhost"}`), {
    method: "POST",
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  const response = await finish(request, clientAddress);
  const body = Buffer.from(await response.arrayBuffer());
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Length", body.length);
  res.writeHead(response.status);
  res.end(body);
}
