import http from "node:http";
import { USER_AGENT } from "./finishes";

/* A browser's form posts and cookies, for the benches that go through the real pages (live-game, live-join-ab). */

/** `name=value` of the response's Set-Cookie for `name`, ready for a Cookie header. */
export const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

/** A form posted as a browser would (no redirect followed); the response's body is read. */
export async function postForm(
  base: string,
  address: string,
  form: Record<string, string | string[]>,
  cookie?: string,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const v of [value].flat()) body.append(name, v);
  const res = await fetch(base + address, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { ...(cookie ? { cookie } : {}), "user-agent": USER_AGENT, origin: base },
  });
  await res.arrayBuffer();
  return res;
}

/**
 * postForm from a loopback address of its own (127.x.y.z: every one reaches the server on Linux), so the server
 * counts the poster as that address: a live game seats 3 guests an address (docs/decisions/0071-live-seats-for-the-class.md),
 * and a bench's guests are many people. Returns the status and the Set-Cookie headers.
 */
export function postFormFrom(
  base: string,
  address: string,
  form: Record<string, string>,
  localAddress: string,
): Promise<{ status: number; cookie: (name: string) => string | undefined }> {
  const body = new URLSearchParams(form).toString();
  const url = new URL(base + address);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "user-agent": USER_AGENT,
          origin: base,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          const cookies = res.headers["set-cookie"] ?? [];
          resolve({
            status: res.statusCode ?? 0,
            cookie: (name) => cookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0],
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
