import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/**
 * The real production server for one test file: started before its tests on a throwaway database in a folder of
 * its own (`dir`, whose path `env` may use), killed and the folder removed after them. Each file names its own
 * port range, so files running at once never meet.
 */
export function serverForFile(options: {
  name: string;
  ports: [number, number];
  env?: (dir: string) => Record<string, string>;
}): { readonly server: ServerProcess; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `maths-${options.name}-`));
  let started: ServerProcess | undefined;
  beforeAll(async () => {
    started = await startServer({
      buildDir: await productionBuild(),
      databasePath: path.join(dir, "app.db"),
      ports: options.ports,
      env: options.env?.(dir),
    });
  }, 180_000);
  afterAll(() => {
    started?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    get server() {
      if (!started) throw new Error("the server starts in beforeAll: use it inside a test");
      return started;
    },
  };
}
