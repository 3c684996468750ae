import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";
import { keptSessionSecret } from "~/session-secret.server";

describe("configuration", () => {
  it("needs nothing set for local use", () => {
    const config = parseConfig({});
    expect(config.siteName).toBe("Maths Sprint");
    expect(config.databasePath).toBe("./data/app.db");
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.secureCookies).toBe(false);
    expect(config.enableTestRoutes).toBe(false);
  });

  it("sends the weekly digest from Monday at 7 unless told otherwise, and never under test (docs/product.md#weekly-digest)", () => {
    expect(parseConfig({}).digest).toEqual({ on: true, day: 1, hour: 7 });
    expect(parseConfig({ DIGEST_DAY: "sun", DIGEST_HOUR: "18" }).digest).toEqual({ on: true, day: 7, hour: 18 });
    expect(parseConfig({ DIGEST: "off" }).digest.on).toBe(false);
    expect(parseConfig({ NODE_ENV: "test" }).digest.on).toBe(false);
    expect(() => parseConfig({ DIGEST_DAY: "monday" })).toThrow(ConfigError);
    expect(() => parseConfig({ DIGEST_HOUR: "24" })).toThrow(ConfigError);
  });

  it("takes the product name from SITE_NAME", () => {
    expect(parseConfig({ SITE_NAME: "Sum Dash" }).siteName).toBe("Sum Dash");
  });

  it("refuses a production start without a session secret, naming the variable", () => {
    expect(() => parseConfig({ NODE_ENV: "production", SITE_URL: "https://example.org" })).toThrow(
      new ConfigError("SESSION_SECRET is required when NODE_ENV=production"),
    );
  });

  it("refuses a start on LiteFS without the public URL or the shared secret", () => {
    const onLitefs = { NODE_ENV: "production", LITEFS_DIR: "/litefs" };
    expect(() => parseConfig({ ...onLitefs, SESSION_SECRET: "x".repeat(40) }, () => "y".repeat(64))).toThrow(
      new ConfigError("SITE_URL is required when NODE_ENV=production on LiteFS (LITEFS_DIR)"),
    );
    expect(() => parseConfig({ ...onLitefs, SITE_URL: "https://example.org" }, () => "y".repeat(64))).toThrow(
      /SESSION_SECRET is required/,
    );
  });

  it("runs production on one machine with nothing set: a kept secret, on localhost (decision 0077)", () => {
    const config = parseConfig({ NODE_ENV: "production" }, () => "k".repeat(64));
    expect(config.env).toBe("production");
    expect(config.sessionSecret).toBe("k".repeat(64));
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.secureCookies).toBe(false);
    // A set secret wins, and development never makes one.
    const kept = () => expect.unreachable("no kept secret");
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }, kept).sessionSecret).toBe(
      "s".repeat(40),
    );
    expect(parseConfig({}, kept).sessionSecret).not.toBe("k".repeat(64));
  });

  it("makes the kept secret once, readable by its owner only, and reads it on every later start", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-secret-"));
    try {
      const database = path.join(dir, "data", "app.db");
      const first = keptSessionSecret(database);
      expect(first).toMatchObject({ made: true, file: path.join(dir, "data", "session-secret") });
      expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(first.file).mode & 0o777).toBe(0o600);
      expect(keptSessionSecret(database)).toEqual({ ...first, made: false });
      fs.writeFileSync(first.file, "short\n");
      expect(() =>
        parseConfig({ NODE_ENV: "production", DATABASE_PATH: database }, (db) => keptSessionSecret(db).secret),
      ).toThrow(/under 32 characters: set SESSION_SECRET/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("checks SHORTCUTS_OFF's names (docs/speed-shortcuts.md)", () => {
    expect([...parseConfig({ SHORTCUTS_OFF: "kept-reads, plain-link" }).shortcutsOff]).toEqual([
      "kept-reads",
      "plain-link",
    ]);
    expect(parseConfig({}).shortcutsOff.size).toBe(0);
    expect(() => parseConfig({ SHORTCUTS_OFF: "kept-read" })).toThrow(/SHORTCUTS_OFF names "kept-read"/);
  });

  it("refuses a short secret and a malformed URL or port", () => {
    expect(() => parseConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => parseConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ PORT: "99999" })).toThrow(/PORT/);
  });

  it("uses secure cookies behind https and drops a trailing slash", () => {
    const config = parseConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      SITE_URL: "https://example.org/",
    });
    expect(config.siteUrl).toBe("https://example.org");
    expect(config.secureCookies).toBe(true);
  });
});
