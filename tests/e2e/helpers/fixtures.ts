import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { E2E_PORT } from "./e2e-dirs";

/**
 * Sends one request in a thread of its own and hands back the answer (plain JavaScript, nothing to compile). The
 * calling thread sleeps on `signal` until the answer is on its port: a test's helper stays synchronous without
 * starting a Node process for each request (which cost 0.35 s apiece, more under load).
 */
const POSTER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ url, body, port, signal }) => {
  let reply;
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    const text = await response.text();
    reply = response.ok ? { text } : { error: response.status + " " + text };
  } catch (error) {
    reply = { error: String(error) };
  }
  port.postMessage(reply);
  port.close();
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});`;

let poster: Worker | undefined;

/** What the test route makes or sets (app/routes/_test/fixtures.ts). */
type FixtureKind = "school" | "admin" | "member" | "games" | "stickers" | "finish-competition" | "review";

/** How long a fixture may take before the test is told so (the server is busy, not gone, under a full run). */
const TIMEOUT_MS = 60_000;

/**
 * Makes what a test starts with through the suite's test route (app/routes/_test/fixtures.ts), in the server's own
 * process: a school, an admin, a member, finished games, a competition's end or a pupil's games' review. Synchronous (this thread waits for the answer), so a test
 * can make its school in a line, before any page opens.
 */
export function postFixture<T>(body: { kind: FixtureKind } & Record<string, unknown>): T {
  if (!poster) {
    poster = new Worker(POSTER, { eval: true });
    // The thread never keeps the test runner's process alive by itself.
    poster.unref();
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const url = `http://localhost:${E2E_PORT}/_test/fixtures`;
  poster.postMessage({ url, body: JSON.stringify(body), port: port2, signal }, [port2]);
  const waited = Atomics.wait(signal, 0, 0, TIMEOUT_MS);
  const reply = receiveMessageOnPort(port1)?.message as { text?: string; error?: string } | undefined;
  port1.close();
  if (waited === "timed-out" || !reply) throw new Error(`no answer from /_test/fixtures in ${TIMEOUT_MS / 1000} s`);
  if (reply.error !== undefined) throw new Error(`/_test/fixtures: ${reply.error}`);
  return JSON.parse(reply.text!) as T;
}
