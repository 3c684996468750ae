import fs from "node:fs";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DEFAULT_GRACE_MS } from "~/config.server";

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
    expect(read("server/index.ts")).toMatch(/for \(const signal of \["SIGINT", "SIGTERM"\] as const\)/);
  });

  it("litefs.yml proxies to the app's port and runs the server", () => {
    const litefs = parseYaml(read("litefs.yml"));
    expect(litefs.proxy.addr).toBe(":8080");
    expect(litefs.proxy.target).toBe("localhost:8081");
    expect(litefs.proxy.db).toBe("app.db");
    expect(litefs.fuse.dir).toBe("/litefs");
    expect(litefs.exec.at(-1).cmd).toBe("node build/server.js");
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

/* The scale-out path (docs/decisions/0022-live-feed.md, 0023-replicas-and-the-primary.md) */

type FlyToml = {
  primary_region: string;
  env: Record<string, string>;
  mounts: { source: string; destination: string };
  http_service: {
    auto_stop_machines: string | boolean;
    min_machines_running: number;
    concurrency: { type: string; soft_limit: number; hard_limit: number };
  };
};
const fly = () => parseToml(read("fly.toml")) as unknown as FlyToml;
const litefs = () => parseYaml(read("litefs.yml"));
/** ENV lines of the final image, as name → value. */
function dockerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, name, value] of read("Dockerfile").matchAll(/([A-Z_]+)=(\S+)/g)) env[name!] = value!;
  return env;
}
/** What the final image copies from the build stage (and from the context). */
function imageCopies(): string[] {
  const finalStage = read("Dockerfile")
    .split(/^FROM /m)
    .at(-1)!;
  return [...finalStage.matchAll(/^COPY (?:--from=build )?(.+)$/gm)].flatMap(([, args]) => {
    const parts = args!.split(/\s+/);
    return parts.slice(0, -1).map((part) => part.replace(/^\/app\//, ""));
  });
}

describe("the deploy files for several regions", () => {
  it("fly.toml keeps machines running and counts connections, with room above the live feed's cap", () => {
    const { http_service: service, env } = fly();
    expect([false, "off"]).toContain(service.auto_stop_machines);
    expect(service.min_machines_running).toBeGreaterThanOrEqual(1);
    expect(service.concurrency.type).toBe("connections");
    const streams = Number(env.LIVE_FEED_MAX_STREAMS);
    expect(streams).toBeGreaterThan(0);
    // Page requests still find connections when every stream the app allows is open.
    expect(service.concurrency.hard_limit - streams).toBeGreaterThanOrEqual(250);
    expect(service.concurrency.soft_limit).toBeLessThan(service.concurrency.hard_limit);
    expect(env.PRIMARY_REGION).toBe(fly().primary_region);
  });

  it("litefs.yml elects the primary in PRIMARY_REGION through Consul, and documents the static lease", () => {
    const { lease } = litefs();
    expect(lease.type).toBe("consul");
    expect(lease.candidate).toBe("${FLY_REGION == PRIMARY_REGION}");
    expect(lease.consul.url).toBe("${FLY_CONSUL_URL}");
    expect(lease["advertise-url"]).toMatch(/:20202$/);
    // The variant without Consul, commented in the file, parses and names a fixed candidate.
    const variant = read("litefs.yml")
      .split("\n")
      .filter((line) => line.startsWith("#   "))
      .map((line) => line.slice(4))
      .join("\n");
    const staticLease = parseYaml(variant).lease;
    expect(staticLease.type).toBe("static");
    expect(staticLease.candidate).toBe("${FLY_MACHINE_ID == PRIMARY_MACHINE_ID}");
  });

  it("litefs.yml lets static files, the health check and the live feed pass its proxy, and migrates before the app", () => {
    const config = litefs();
    for (const path of ["*.js", "*.css", "/healthcheck", "/leaderboard/events"]) {
      expect(config.proxy.passthrough).toContain(path);
    }
    expect(config.exec).toEqual([
      { cmd: "node server/ops/db-migrate.js", "if-candidate": true },
      { cmd: "node build/server.js" },
    ]);
    // LiteFS's data on the volume; the app's database inside the FUSE mount; the proxy's target is the app's port.
    expect(config.data.dir).toBe(fly().mounts.destination);
    const env = dockerEnv();
    expect(env.LITEFS_DIR).toBe(config.fuse.dir);
    expect(env.DATABASE_PATH).toBe(`${config.fuse.dir}/${config.proxy.db}`);
    expect(config.proxy.target).toBe(`localhost:${env.PORT}`);
  });

  it("the image builds the way the README's commands do, and carries every file its commands run", () => {
    const dockerfile = read("Dockerfile");
    const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    // README's two commands install with `npm ci` and build with `npm run build` (inside `npm run demo`).
    expect(read("README.md")).toMatch(/npm ci && npm run demo/);
    expect(pkg.scripts.demo).toMatch(/^npm run build && /);
    const steps = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map(([, command]) => command!);
    const ci = steps.findIndex((step) => /\bnpm ci\b/.test(step));
    const build = steps.findIndex((step) => /\bnpm run build\b/.test(step));
    expect(ci).toBeGreaterThanOrEqual(0);
    expect(build).toBeGreaterThan(ci);

    // Whatever LiteFS runs (the server's bundle and the ops commands) is in the image.
    const copied = imageCopies();
    const inImage = (file: string) => copied.some((entry) => file === entry || file.startsWith(`${entry}/`));
    const run = litefs().exec.map((step: { cmd: string }) => step.cmd.replace(/^node /, ""));
    for (const file of [
      ...run,
      "build/server/index.js",
      "build/ops/admin-create.js",
      "build/ops/facts-rebuild.js",
      "drizzle",
    ]) {
      expect(inImage(file), file).toBe(true);
    }
    // The checkpoint worker (a script run by path, server/wal-checkpointer.js) ships with server/.
    expect(inImage("server/wal-checkpointer.js")).toBe(true);
    for (const file of run.filter((file: string) => !file.startsWith("build/")))
      expect(fs.existsSync(file), file).toBe(true);
    // The build script makes what the image serves.
    expect(pkg.scripts.build).toMatch(/remix vite:build/);
    expect(pkg.scripts.build).toMatch(/vite\.ops\.config\.ts/);
    expect(pkg.scripts.build).toMatch(/vite\.server\.config\.ts/);
    expect(pkg.scripts.start).toBe("node build/server.js");
    // The image has no tsx: the rebuild of the fact records runs its bundle there as on a development machine.
    expect(pkg.scripts["facts:rebuild"]).toBe("node build/ops/facts-rebuild.js");
  });
});
