import fs from "node:fs";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DEFAULT_GRACE_MS } from "../../../server/shutdown.js";

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");

describe("deployment files", () => {
  it("fly.toml is valid and health-checks the database", () => {
    const fly = parseToml(read("fly.toml")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(fly.http_service.internal_port).toBe(8080);
    expect(fly.http_service.checks[0].path).toBe("/healthcheck");
    expect(fly.mounts.destination).toBe("/var/lib/litefs");
  });

  it("fly.toml stops machines with a signal the server handles, and waits longer than its graceful shutdown", () => {
    const fly = parseToml(read("fly.toml")) as { kill_signal: string; kill_timeout: string | number };
    expect(["SIGTERM", "SIGINT"]).toContain(fly.kill_signal);
    const seconds =
      typeof fly.kill_timeout === "number" ? fly.kill_timeout : Number(/^(\d+)s$/.exec(fly.kill_timeout)?.[1]);
    // The app's wait for requests in flight, then closing the database, then LiteFS releasing its lease.
    expect(seconds * 1000).toBeGreaterThanOrEqual(DEFAULT_GRACE_MS + 5_000);
    expect(read("server.js")).toMatch(/for \(const signal of \["SIGINT", "SIGTERM"\]\)/);
  });

  it("litefs.yml proxies to the app's port and runs the server", () => {
    const litefs = parseYaml(read("litefs.yml"));
    expect(litefs.proxy.addr).toBe(":8080");
    expect(litefs.proxy.target).toBe("localhost:8081");
    expect(litefs.proxy.db).toBe("app.db");
    expect(litefs.fuse.dir).toBe("/litefs");
    expect(litefs.exec[0].cmd).toBe("node server.js");
  });

  it("the Dockerfile serves on the port LiteFS proxies to, with the database on the LiteFS mount", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/PORT=8081/);
    expect(dockerfile).toMatch(/DATABASE_PATH=\/litefs\/app\.db/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/drizzle/);
    // The backup and restore commands (server/ops) run in the image with node alone.
    expect(dockerfile).toMatch(/COPY --from=build \/app\/server \.\/server/);
    expect(dockerfile).toMatch(/ENTRYPOINT \["litefs", "mount"\]/);
  });
});
