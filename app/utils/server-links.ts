/**
 * How the server renders <PlainLink> (app/components/plain-link.tsx). Set by app/entry.server.tsx: `plain: false`
 * renders <Link> on the server too, for measurement only (docs/speed-shortcuts.md). A kept markup
 * (app/utils/markup-cache.server.ts) is rendered outside the router, and always plain.
 */
export const serverLinks = { plain: true };
