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
