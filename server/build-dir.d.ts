/** See build-dir.js: "build", or "build-e2e" for the end-to-end suite's build with test-only routes. */
export declare const BUILD_DIR: "build" | "build-e2e";
