import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

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

  it("refuses a production start without the public URL", () => {
    expect(() => parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) })).toThrow(
      /SITE_URL is required/,
    );
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
