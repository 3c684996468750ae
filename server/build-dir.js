// Where the built app lives. The end-to-end suite builds with its test-only routes (ENABLE_TEST_ROUTES=1)
// into a folder of its own, so a production build never holds them and the suite never overwrites one.
// BUILD_DIR moves it (two end-to-end runs at once each build their own).
export const BUILD_DIR = process.env.BUILD_DIR || (process.env.ENABLE_TEST_ROUTES === "1" ? "build-e2e" : "build");
