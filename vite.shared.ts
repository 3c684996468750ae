// What the site's build (vite.config.ts) and the bare floor app it is measured against (bench/floor/vite.config.ts)
// share, so the floor differs from the site only in what the site adds.

// Browsers with module scripts from 2018-2019 (Safari 12, Chrome 64, Firefox 67) get the islands;
// older ones keep the working server-rendered pages. es-check verifies the output in the test run.
export const BROWSER_TARGET = ["es2017", "safari12", "chrome64", "firefox67", "edge79"];

export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
} as const;
