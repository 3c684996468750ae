/** Largest request body a game finish may send (a five-minute run's answers fit many times over). */
export const MAX_BODY_BYTES = 256 * 1024;

export function isJsonRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").includes("application/json");
}

/** The JSON body, or undefined when it is too large or not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return undefined;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
