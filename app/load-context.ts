declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by the server's security headers guard (server/lanes.ts) for the Content-Security-Policy. */
    cspNonce?: string;
    /** The client's address for rate limits (server/lanes.ts: Fly-Client-IP on Fly, else the socket's). */
    clientAddress?: string | null;
  }
}

export {};
