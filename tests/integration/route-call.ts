import { takeFlash } from "~/utils/flash.server";

/*
 * Calling a route's loader or action as Remix would, for the integration tests: a request with a body and
 * cookies, and what came back, returned or thrown (a redirect, data() with its status, or plain data).
 */

export type Outcome = {
  status: number;
  location?: string | null;
  data?: unknown;
  /** A Response's, or data()'s init headers. */
  headers?: Headers;
  response?: Response;
};

export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, location: value.headers.get("Location"), headers: value.headers, response: value };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

/** A GET (no body) or a form POST, with a Cookie header when given. */
export function formRequest(
  url: string,
  { cookie = "", body }: { cookie?: string; body?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (body === undefined) return new Request(url, { headers });
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(body).toString() });
}

/** The run token in a redirect's address (`/game/play?token=…`); throws when there is none. */
export function tokenOf(location: string | null | undefined): string {
  const token = new URL(location ?? "", "http://x").searchParams.get("token");
  if (!token) throw new Error(`no token in ${location}`);
  return token;
}

/** The cookie a response set, as a Cookie header value ("name=value"), or "" when it set none. */
export function cookieSet(response: Response | undefined, name: string): string {
  const setCookie = response?.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return setCookie?.split(";")[0] ?? "";
}

/** The flash message a response queued. */
export async function flashOf(response: Response | undefined) {
  const cookie = cookieSet(response, "__flash");
  if (!cookie) return null;
  const { flash } = await takeFlash(new Request("http://x/", { headers: { Cookie: cookie } }));
  return flash;
}

/** The messages of a refused conform form: by field ("" for the form as a whole), and the input sent back. */
export function refusal(o: Outcome) {
  const data = o.data as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
  return { errors: data.result.error ?? {}, sent: data.result.initialValue ?? {} };
}
