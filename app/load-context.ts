declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by server.js for the Content-Security-Policy. */
    cspNonce?: string;
  }
}

export {};
