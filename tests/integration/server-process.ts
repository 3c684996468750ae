import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/*
 * The real production server (`node build/server.js`, the bundled server/index.ts, on a production build) as a child process, for the tests that
 * must kill or stop it (crash.test.ts, shutdown.test.ts). The build goes to a folder of its own under tmp/, one
 * per test run, never build/ or build-e2e*.
 */

const BUILDS = path.join("tmp", "ops-build");
// Test files run in worker processes of one vitest process: its id names this run's build.
const RUN = String(process.ppid);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A production build of the app made once per test run (the first test file to ask builds it under a lock; the
 * others wait for it). Returns its folder, for BUILD_DIR.
 */
export async function productionBuild(): Promise<string> {
  const dir = path.join(BUILDS, RUN);
  const lock = `${dir}.lock`;
  fs.mkdirSync(BUILDS, { recursive: true });
  let owner = false;
  try {
    fs.mkdirSync(lock);
    owner = true;
  } catch {
    // Another test file of this run is building.
  }
  if (owner) {
    // Builds of earlier runs whose vitest process is gone.
    for (const entry of fs.readdirSync(BUILDS)) {
      const pid = Number.parseInt(entry, 10);
      if (String(pid) !== RUN && Number.isInteger(pid) && !alive(pid)) {
        fs.rmSync(path.join(BUILDS, entry), { recursive: true, force: true });
      }
    }
    // The app's build, then the server's bundle beside it (as `npm run build` makes them).
    const remix = path.join("node_modules", "@remix-run", "dev", "dist", "cli.js");
    const vite = path.join("node_modules", "vite", "bin", "vite.js");
    let log = "";
    let code: number | null = 0;
    for (const args of [
      [remix, "vite:build"],
      [vite, "build", "--config", "vite.server.config.ts"],
    ]) {
      const build = spawn(process.execPath, args, {
        env: { ...process.env, BUILD_DIR: dir, ENABLE_TEST_ROUTES: "0", NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      build.stdout.on("data", (chunk) => (log += chunk));
      build.stderr.on("data", (chunk) => (log += chunk));
      code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
      if (code !== 0) break;
    }
    fs.writeFileSync(path.join(lock, code === 0 ? "done" : "failed"), log);
  }
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(path.join(lock, "done"))) {
    if (fs.existsSync(path.join(lock, "failed"))) {
      throw new Error(`The production build failed:\n${fs.readFileSync(path.join(lock, "failed"), "utf8")}`);
    }
    if (Date.now() > deadline) throw new Error("The production build did not finish within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}

/** The first port in [from, to] that nobody listens on. */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, if it still runs (cleanup). */
  kill: () => void;
};

type ServerOptions = {
  buildDir: string;
  databasePath: string;
  /** The first free port in this range is used; if another process takes it first, the next one. */
  ports: [number, number];
  env?: Record<string, string>;
  /** Variables to leave out of the server's environment, even those set above (a first start with nothing set). */
  unset?: string[];
};

/** Starts the server's bundle in production on the given database and waits until it listens. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const [from, to] = options.ports;
  for (let first = from; ;) {
    const port = await freePortIn(first, to);
    try {
      return await startServerOn(port, options);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes("EADDRINUSE")) || port === to) throw error;
      first = port + 1;
    }
  }
}

async function startServerOn(port: number, options: ServerOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: baseUrl,
    SESSION_SECRET: "crash-and-shutdown-tests-secret-0123456789",
    DATABASE_PATH: options.databasePath,
    BUILD_DIR: options.buildDir,
    ENABLE_TEST_ROUTES: "0",
    ...options.env,
  };
  for (const name of options.unset ?? []) delete env[name];
  const child = spawn(process.execPath, [path.join(options.buildDir, "server.js")], {
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  // Even if this worker dies mid-test, the server does not outlive it.
  process.once("exit", kill);
  const deadline = Date.now() + 20_000;
  while (!output.includes("listening on")) {
    if (child.exitCode !== null || child.signalCode !== null) {
      process.off("exit", kill);
      throw new Error(`The server exited:\n${output}`);
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`The server did not start within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, baseUrl, output: () => output, exited, kill };
}

export type StartedRun = { token: string; cookie: string; spec: { mode: string }; seed: string };

/** GET /game/start as a new visitor (no cookie): the signed run and the visitor's cookie. */
export async function startRun(baseUrl: string): Promise<StartedRun> {
  const response = await fetch(`${baseUrl}/game/start?difficulty=normal&timeLimit=60`);
  const body = (await response.json()) as {
    ok: boolean;
    run: { token: string; spec: StartedRun["spec"]; seed: string };
  };
  if (response.status !== 200 || !body.ok) throw new Error(`/game/start answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .join("; ");
  return { token: body.run.token, cookie, spec: body.run.spec, seed: body.run.seed };
}
