import { execFileSync } from "node:child_process";
import { E2E_PORT } from "./e2e-dirs";

/** Sends one request and prints the answer (run by plain Node, with no TypeScript to compile). */
const POST = `fetch(process.argv[1], { method: "POST", headers: { "Content-Type": "application/json" }, body: process.argv[2] })
  .then(async (response) => {
    const text = await response.text();
    if (!response.ok) throw new Error(response.status + " " + text);
    process.stdout.write(text);
  })
  .catch((error) => { console.error(String(error)); process.exit(1); });`;

/**
 * Makes what a test starts with through the suite's test route (app/routes/_test/fixtures.ts), in the server's own
 * process: `kind` "school", "admin", "member" or "games". Synchronous (a small Node process waits for the answer), so a test
 * can make its school in a line, before any page opens.
 */
export function postFixture<T>(body: { kind: "school" | "admin" | "member" | "games" } & Record<string, unknown>): T {
  const out = execFileSync(
    process.execPath,
    ["-e", POST, `http://localhost:${E2E_PORT}/_test/fixtures`, JSON.stringify(body)],
    { encoding: "utf8" },
  );
  return JSON.parse(out) as T;
}
