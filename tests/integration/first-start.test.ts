import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { productionBuild, startServer, type ServerProcess } from "./server-process";

/*
 * `npm start` with nothing set (docs/decisions/0077-npm-start-runs-production.md): the production server's bundle,
 * started without NODE_ENV, SESSION_SECRET or SITE_URL, serves, makes its secret once beside the database and says
 * so; a second start reads the same secret. On LiteFS the secret must be set.
 */
const PORTS: [number, number] = [3580, 3589];
const NOTHING_SET = ["NODE_ENV", "SESSION_SECRET", "SITE_URL"];
const servers: ServerProcess[] = [];
// Outside tmp/vitest, which another test run starting meanwhile would empty.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-first-start-"));
afterAll(() => {
  servers.forEach((server) => server.kill());
  fs.rmSync(dir, { recursive: true, force: true });
});

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("npm start with nothing set", () => {
  it("serves production with a secret it made and keeps, and says what to set", async () => {
    const buildDir = await productionBuild();
    const databasePath = path.join(dir, "data", "app.db");
    const secretFile = path.join(dir, "data", "session-secret");

    const first = await startServer({ buildDir, databasePath, ports: PORTS, unset: NOTHING_SET });
    servers.push(first);
    expect((await fetch(`${first.baseUrl}/healthcheck`)).status).toBe(200);
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(first.output()).toContain(`SESSION_SECRET is not set: made a new secret in ${secretFile}`);
    expect(first.output()).toContain("SITE_URL is not set:");
    const secret = fs.readFileSync(secretFile, "utf8");
    expect(secret.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    await stop(first);

    const second = await startServer({ buildDir, databasePath, ports: PORTS, unset: NOTHING_SET });
    servers.push(second);
    expect((await fetch(`${second.baseUrl}/healthcheck`)).status).toBe(200);
    expect(second.output()).not.toContain("made a new secret");
    expect(fs.readFileSync(secretFile, "utf8")).toBe(secret);
    await stop(second);

    const onLitefs = startServer({
      buildDir,
      databasePath: path.join(dir, "litefs-app.db"),
      ports: PORTS,
      env: { LITEFS_DIR: path.join(dir, "litefs") },
      unset: ["SESSION_SECRET"],
    });
    await expect(onLitefs).rejects.toThrow(
      /Configuration error: SESSION_SECRET is required when NODE_ENV=production on LiteFS/,
    );
    // It stopped before making a secret of its own beside that database.
    expect(fs.existsSync(path.join(dir, "session-secret"))).toBe(false);
  }, 240_000);
});
