import fs from "node:fs";

/** Clears the previous run's throwaway databases. */
export default function setup() {
  fs.rmSync("tmp/vitest", { recursive: true, force: true });
  fs.mkdirSync("tmp/vitest", { recursive: true });
}
