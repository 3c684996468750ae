import type { RequestHandler } from "express";

/** See canonical-origin.js: the origin CANONICAL_ORIGIN names, or undefined when unset; throws when malformed. */
export declare function parseCanonicalOrigin(
  value: string | undefined,
): { origin: string; host: string; protocol: string } | undefined;
/** See canonical-origin.js: GET and HEAD on another host redirect (301) to the canonical origin. */
export declare function canonicalOrigin(env?: Record<string, string | undefined>): RequestHandler;
