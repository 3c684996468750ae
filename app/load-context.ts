declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by server.js for the Content-Security-Policy. */
    cspNonce?: string;
    /** The client's address for rate limits (server.js: Fly-Client-IP on Fly, else the socket's). */
    clientAddress?: string | null;
  }
}

export {};
