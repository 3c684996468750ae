import { createCookieSessionStorage } from "@remix-run/node";
import { config } from "~/config.server";

import type { Flash } from "./flash";

export type { Flash } from "./flash";

/* The product's messages (docs/product.md#messages), carried to the next page in a short-lived cookie so that they show without JavaScript too. */

const storage = createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
  cookie: {
    name: "__flash",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.secureCookies,
    secrets: [config.sessionSecret],
  },
});

/** Headers that queue a flash message for the next page the browser shows. */
export async function flashHeaders(request: Request, flash: Flash, init?: HeadersInit): Promise<Headers> {
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("flash", flash);
  const headers = new Headers(init);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return headers;
}

/** Reads (and so consumes) the pending flash message. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const cookie = request.headers.get("Cookie");
  const headers = new Headers();
  if (!cookie?.includes("__flash=")) return { flash: null, headers };
  const session = await storage.getSession(cookie);
  const flash = session.get("flash") ?? null;
  headers.append("Set-Cookie", await storage.commitSession(session));
  return { flash, headers };
}
