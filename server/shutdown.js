// Graceful shutdown (docs/decisions/0020-backups-and-shutdown.md). server.js runs it on SIGTERM or SIGINT; the
// app registers what to end through onShutdown. The app's build bundles its own copy of this module, so the
// shared state lives on globalThis, one per process.
const STATE = Symbol.for("maths-sprint.shutdown");

/** The wait for requests in flight unless SHUTDOWN_GRACE_MS says otherwise (fly.toml's kill_timeout allows for it). */
export const DEFAULT_GRACE_MS = 10_000;

function state() {
  globalThis[STATE] ??= { stopping: false, hooks: { streams: new Set(), close: new Set() } };
  return globalThis[STATE];
}

/**
 * Registers work for a shutdown. "streams" runs as soon as it starts: end long-lived responses (event streams),
 * returning how many were ended. "close" runs after the last request has finished: release resources (the
 * database). Returns a function that unregisters it.
 */
export function onShutdown(stage, hook) {
  const hooks = state().hooks[stage];
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** True once a shutdown has begun: new long-lived responses should not start. */
export function isShuttingDown() {
  return state().stopping;
}

/** How long a browser told to reconnect waits: 1 to 5 s, so a machine's clients do not all return at once. */
export function reconnectDelayMs() {
  return 1000 + Math.floor(Math.random() * 4000);
}

function runHooks(stage) {
  let count = 0;
  for (const hook of state().hooks[stage]) {
    try {
      count += Number(hook()) || 0;
    } catch (error) {
      console.error(`shutdown: a "${stage}" hook failed`, error);
    }
  }
  return count;
}

/**
 * Stops the HTTP server gracefully: no new connections; open event streams are ended with a reconnect hint; the
 * requests in flight may finish within `graceMs`, after which their connections are cut; then the "close" hooks
 * run. Resolves with how many connections had to be cut.
 */
export async function shutDownGracefully(server, { graceMs }) {
  const { stopping } = state();
  if (stopping) return { cut: 0 };
  state().stopping = true;
  const closed = new Promise((resolve) => server.close(() => resolve(true)));
  const streams = runHooks("streams");
  console.log(`Shutting down: no new connections, ${streams} event stream(s) told to reconnect.`);
  // A keep-alive connection whose last response has just ended holds the server open: close each as it idles.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  let timer;
  const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const finished = await Promise.race([closed, timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  let cut = 0;
  if (!finished) {
    cut = await new Promise((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
    console.warn(`Shutting down: ${cut} connection(s) still busy after ${graceMs} ms were cut.`);
    server.closeAllConnections();
  }
  runHooks("close");
  return { cut };
}
