// The speed shortcuts the server can switch off, for measurement only (docs/speed-shortcuts.md); their names are
// app/shortcut-names.ts, the value SHORTCUTS_OFF, read once with the rest of the environment (app/config.server.ts).
import { config } from "~/config.server";
import type { Shortcut } from "~/shortcut-names";

export { BUILD_SHORTCUTS, SHORTCUTS, parseShortcutsOff, type Shortcut } from "~/shortcut-names";

export function shortcutOn(name: Shortcut): boolean {
  return !config.shortcutsOff.has(name);
}
