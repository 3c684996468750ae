/**
 * Where one end-to-end run keeps its files. The default port uses tmp/e2e and build-e2e; another E2E_PORT gets
 * folders of its own, so two runs on one machine (two people, or two helpers) never clobber each other.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
const suffix = E2E_PORT === 3300 ? "" : `-${E2E_PORT}`;
export const E2E_TMP = `tmp/e2e${suffix}`;
export const E2E_BUILD = `build-e2e${suffix}`;
/** Playwright empties its output folders when a run starts, so each run needs its own. */
export const E2E_RESULTS = `test-results${suffix}`;
export const E2E_REPORT = `playwright-report${suffix}`;
