// The site's name, for the server's own start line. The app reads the same setting through app/config.server.ts.
export const DEFAULT_SITE_NAME = "Maths Sprint";

/** SITE_NAME when set, else the default (an empty value counts as unset). */
export function siteName(env = process.env) {
  return env.SITE_NAME || DEFAULT_SITE_NAME;
}
