import type { Server } from "node:http";

/** See shutdown.js: the wait for requests in flight when SHUTDOWN_GRACE_MS is unset. */
export declare const DEFAULT_GRACE_MS: number;
/** See shutdown.js: "streams" hooks run as a shutdown starts (each returns how many it ended), "close" ones last. */
export declare function onShutdown(stage: "streams" | "close", hook: () => number | void): () => void;
/** See shutdown.js: true once a shutdown has begun. */
export declare function isShuttingDown(): boolean;
/** See shutdown.js: a reconnect delay for a browser's event stream, in milliseconds. */
export declare function reconnectDelayMs(): number;
/** See shutdown.js: stops the server gracefully and resolves with how many connections had to be cut. */
export declare function shutDownGracefully(server: Server, options: { graceMs: number }): Promise<{ cut: number }>;
