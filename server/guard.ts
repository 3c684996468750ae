import type { IncomingMessage, ServerResponse } from "node:http";

/** Node's response with Express's `locals`, which the guards fill (the CSP nonce) before any lane runs. */
export type GuardedResponse = ServerResponse & { locals: Record<string, unknown> };

/**
 * One step every request passes before its lane (server/lanes.ts): it answers the request itself (a refusal, a
 * redirect, a replay to the primary), or calls `next`. Plain Node, so that the lanes in front of Express and
 * Express's own run the very same ones.
 */
export type Guard = {
  name: string;
  run: (req: IncomingMessage, res: GuardedResponse, next: () => void) => void;
};
