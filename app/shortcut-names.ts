/**
 * The speed shortcuts that can be switched off, for measurement only (docs/speed-shortcuts.md): the bench starts a
 * server with `SHORTCUTS_OFF=kept-reads,shared-commit` and compares it with one that has them all on. Production
 * never sets it. The server reads it through app/config.server.ts, the build through app/build-env.ts; this module
 * only names them, so both can check a value without importing the other.
 */
export const SHORTCUTS = [
  "kept-markup",
  "kept-reads",
  "shared-commit",
  "checkpoint-worker",
  "plain-link",
  "buffered-render",
  "standing-cutoff",
  "public-files",
] as const;

export type Shortcut = (typeof SHORTCUTS)[number];

/**
 * The shortcuts made by the build, switched off in a build of their own by bench/shortcuts.bench.ts: the
 * client-chunk groups (`SHORTCUTS_OFF=client-chunks` read by vite.config.ts) and the route-matching patches
 * (the packages as published, UNPATCHED_PACKAGES_DIR). A server ignores them.
 */
export const BUILD_SHORTCUTS = ["client-chunks", "route-matching"] as const;

/** The names in a SHORTCUTS_OFF value; an unknown name is an error, so a typo never measures nothing. */
export function parseShortcutsOff(value: string | undefined): Set<Shortcut> {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (![...SHORTCUTS, ...BUILD_SHORTCUTS].includes(name as Shortcut)) {
      throw new Error(
        `SHORTCUTS_OFF names "${name}", which is none of: ${[...SHORTCUTS, ...BUILD_SHORTCUTS].join(", ")}`,
      );
    }
  }
  return new Set(names as Shortcut[]);
}
