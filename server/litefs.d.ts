import type { RequestHandler } from "express";
import type { ServerResponse } from "node:http";

/** See litefs.js: whether this machine is the primary, and the primary's instance id when it is not. */
export declare function instanceInfo(litefsDir?: string): {
  currentIsPrimary: boolean;
  primaryInstance: string | undefined;
};
/** See litefs.js: true on the primary, or when the app runs without LiteFS. */
export declare function isPrimary(): boolean;
/** See litefs.js: the `fly-replay` answer that sends a request to the primary, written without reading its body. */
export declare function replayToPrimary(res: ServerResponse, primaryInstance: string | undefined): void;
/** See litefs.js: Express middleware sending every write on a replica to the primary. */
export declare function writesOnPrimary(): RequestHandler;
