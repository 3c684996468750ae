// What the benchmarks that drive a real server share: the build, free ports, starting and stopping a server
// process (never left behind, whatever ends the bench), its health check, its memory and CPU time from /proc,
// and pinning processes to cores.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

export const HOST = "127.0.0.1";
export const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/** The production server: the bundle of server/index.ts that `npm run build` writes (docs/decisions/0040-one-server-entry.md). */
export const SERVER_ENTRY = path.join("build", "server.js");
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/* The build */

/** The newest modification time (ms) of the files under `dir`, 0 if there are none. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The environment of the production server under a bench: the built app on `port` with its own database file and
 * session secret, no test routes, no LiteFS, and no housekeeping job (it would write during the measurements).
 * `extra` adds or overrides settings.
 */
export function benchServerEnv(
  { port, databasePath, name }: { port: number; databasePath: string; name: string },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST,
    SITE_URL: `http://localhost:${port}`,
    SESSION_SECRET: `bench-${name}-session-secret-`.padEnd(40, "x"),
    DATABASE_PATH: databasePath,
    ENABLE_TEST_ROUTES: "0",
    HOUSEKEEPING: "off",
    ...extra,
  };
  delete env.LITEFS_DIR;
  return env;
}

/**
 * Builds the app and the server's bundle (`npx remix vite:build`, then vite.server.config.ts: what
 * `node build/server.js` serves) when either is missing, or with `{ whenStale: true }` also when a file under app/
 * or server/ (or the Vite config) is newer than the app's build. Returns why it built, or null when the build was
 * used as it was.
 */
export function ensureBuild(log: (line: string) => void, { whenStale = false } = {}): string | null {
  const built = path.join(root, "build", "server", "index.js");
  let reason: string | null = null;
  if (!existsSync(built)) reason = "no build/server/index.js";
  else if (!existsSync(path.join(root, SERVER_ENTRY))) reason = `no ${SERVER_ENTRY}`;
  else if (whenStale) {
    const sources = Math.max(
      newestMtime(path.join(root, "app")),
      newestMtime(path.join(root, "server")),
      statSync(path.join(root, "vite.config.ts")).mtimeMs,
    );
    if (sources > statSync(built).mtimeMs) reason = "app/ or server/ changed since the last build";
  }
  if (!reason) return null;
  log(`Building with \`npx remix vite:build\` and the server's bundle (${reason})…`);
  for (const args of [
    ["remix", "vite:build"],
    ["vite", "build", "--config", "vite.server.config.ts"],
  ]) {
    const build = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
    if (build.status !== 0)
      throw new Error(`the build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`);
  }
  return reason;
}

/**
 * Fills the database of a bench server's `env` with the demo data (boards with players on them, as a visitor sees
 * the site), and returns the first line of what the seed said. The demo seed refuses NODE_ENV=production (it adds made-up players);
 * the server then runs in production.
 */
export function seedDemo(env: NodeJS.ProcessEnv): string {
  const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    cwd: root,
    env: { ...env, NODE_ENV: "development" },
    encoding: "utf8",
  });
  if (seed.status !== 0) {
    throw new Error(
      `seeding failed (exit ${seed.status ?? seed.signal}): ${(seed.stderr || seed.stdout || "").trim()}`,
    );
  }
  // Only the seed's first line (what it made): the rest is the demo admin's password and the pupils' codes, which
  // have no place in a results file.
  return seed.stdout.trim().split("\n")[0] ?? "";
}

export { ensureFloorBuild } from "../floor/ensure-build.js";

/* Ports */

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `preferred` when it is free, otherwise any free port. */
export async function freePort(preferred: number): Promise<number> {
  return (await portIsFree(preferred)) ? preferred : anyFreePort();
}

/* Cores */

/** The cores this process may run on (from /proc/self/status), or null off Linux. */
function allowedCpus(): number[] | null {
  try {
    const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (!list) return null;
    return list.split(",").flatMap((part) => {
      const [from, to = from] = part.split("-").map(Number) as [number, number?];
      return Array.from({ length: to! - from + 1 }, (_, k) => from + k);
    });
  } catch {
    return null;
  }
}

/**
 * Two different cores to pin a server and its load generator to, when `taskset` is there and at least two cores
 * are allowed; null otherwise (then nothing is pinned).
 */
export function twoCores(): [server: number, load: number] | null {
  const cpus = allowedCpus() ?? [];
  if (cpus.length < 2 || os.cpus().length < 2) return null;
  if (spawnSync("taskset", ["--version"], { stdio: "ignore" }).status !== 0) return null;
  return [cpus[0]!, cpus[1]!];
}

/** The command and arguments that run `command args` on one core (`taskset -c`), or as they are when `cpu` is null. */
export function onCore(cpu: number | null, command: string, args: string[]): [string, string[]] {
  return cpu === null ? [command, args] : ["taskset", ["-c", String(cpu), command, ...args]];
}

/** Moves a running process, all its threads, to one core. */
export function pinProcess(pid: number, cpu: number): void {
  spawnSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
}

/* /proc */

/** A field of /proc/<pid>/status in KiB (`VmRSS`: resident now, `VmHWM`: its peak), or null off Linux. */
export function procMemoryKiB(pid: number | undefined, field: "VmRSS" | "VmHWM"): number | null {
  if (!pid) return null;
  try {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? kb : null;
  } catch {
    return null;
  }
}

const CLOCK_TICKS = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(out.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/** A process's user + system CPU time in ms, all threads, or null off Linux. */
export function procCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime, stime
  } catch {
    return null;
  }
}

/** A core's busy time in ms, whoever used it (user, nice, system, irq, softirq, steal: /proc/stat), or null. */
export function coreBusyMs(core: number): number | null {
  try {
    const line = readFileSync("/proc/stat", "utf8")
      .split("\n")
      .find((l) => l.startsWith(`cpu${core} `));
    if (!line) return null;
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return ((user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/* Server processes */

const started = new Set<ServerProcess>();
let cleanupInstalled = false;
function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  // Last resorts: never leave a server behind, whatever ends this process.
  process.on("exit", () => {
    for (const server of started) if (server.running()) server.child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void Promise.all([...started].map((server) => server.stop())).finally(() => process.exit(130));
    });
  }
}

/** A server the bench started (`command args`), its output's last lines kept for the failure message. */
export class ServerProcess {
  readonly child: ChildProcess;
  private readonly output: string[] = [];

  constructor(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }) {
    installCleanup();
    this.child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split("\n").filter(Boolean));
      if (this.output.length > 40) this.output.splice(0, this.output.length - 40);
    };
    this.child.stdout!.on("data", keep);
    this.child.stderr!.on("data", keep);
    started.add(this);
  }

  /** The process id (under `taskset -c`, the server's own: taskset replaces itself with the command). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the server wrote (stdout and stderr). */
  outputTail(): string[] {
    return [...this.output];
  }

  memoryKiB(field: "VmRSS" | "VmHWM" = "VmRSS"): number | null {
    return procMemoryKiB(this.pid, field);
  }

  cpuMs(): number | null {
    return procCpuMs(this.pid);
  }

  /** Polls `url` until it answers 200; resolves with the time that took, rejects if the server exits or times out. */
  async waitForHealth(url: string, timeoutMs: number): Promise<number> {
    const start = performance.now();
    while (performance.now() - start < timeoutMs) {
      if (!this.running())
        throw new Error(`the server exited (${this.child.exitCode ?? this.child.signalCode}) before answering`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 200) return Math.round(performance.now() - start);
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  async stop(graceMs = 5_000): Promise<void> {
    if (!this.running()) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
