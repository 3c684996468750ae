import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A port nobody is listening on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let output = "";
let baseUrl = "";

/** The server runs in a process group of its own (Vite starts helpers), so the whole group is ended. */
function killGroup(signal: NodeJS.Signals) {
  if (child?.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
const running = () => !!child && child.exitCode === null && child.signalCode === null;
// Even if this worker dies mid-test, the server does not outlive it.
const killOnExit = () => killGroup("SIGKILL");

function devEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: path.join("tmp", "vitest", `dev-server-${crypto.randomUUID()}.db`),
    // --dev means development whatever the shell says: in production this start would stop for want of
    // SESSION_SECRET and SITE_URL.
    NODE_ENV: "production",
  };
  delete env.SESSION_SECRET;
  delete env.SITE_URL;
  return env;
}

describe("npm run dev (tsx server/index.ts --dev)", () => {
  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    process.once("exit", killOnExit);
    child = spawn(process.execPath, ["--import", "tsx", "server/index.ts", "--dev"], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: devEnv(port),
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 15_000;
    while (!output.includes("listening on")) {
      if (!running()) throw new Error(`The dev server exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`The dev server did not start within 15 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 20_000);

  afterAll(async () => {
    if (running()) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      killGroup("SIGTERM");
      const timer = setTimeout(() => killGroup("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    }
    // Helpers left in the group after the server itself exited.
    killGroup("SIGKILL");
    process.off("exit", killOnExit);
  }, 10_000);

  it("serves the app from source through Vite, with the hot-reload client", async () => {
    expect(output).toMatch(/listening on http:\/\/localhost:\d+ \(development, hot reload\)/);
    const home = await fetch(`${baseUrl}/`);
    const html = await home.text();
    expect(home.status, html.slice(0, 500)).toBe(200);
    expect(html).toMatch(/\/@vite\/client|virtual:remix\/inject-hmr-runtime/);
    const game = await fetch(`${baseUrl}/game`);
    expect(game.status).toBe(200);
  }, 20_000);
});
