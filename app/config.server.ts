import { z } from "zod";
import { DEFAULT_SITE_NAME } from "../server/site-name.js";

/**
 * Every setting comes from the environment, checked once at start-up.
 * Local defaults need nothing set; a production start without a required value stops with one clear line.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default("./data/app.db"),
  SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CONTACT_EMAIL: z.string().email().default("hello@mathssprint.example"),
  LITEFS_DIR: z.string().optional(),
  ENABLE_TEST_ROUTES: z.enum(["0", "1"]).default("0"),
});

const REQUIRED_IN_PRODUCTION = ["SESSION_SECRET", "SITE_URL"] as const;

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  databasePath: string;
  siteName: string;
  siteUrl: string;
  sessionSecret: string;
  contactEmail: string;
  secureCookies: boolean;
  litefsDir: string | undefined;
  /** Routes under /_test exist only for the end-to-end suite (forcing a render error, queuing a flash). */
  enableTestRoutes: boolean;
};

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join(".")} ${issue.message}`);
  }
  const v = parsed.data;
  if (v.NODE_ENV === "production") {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (!v[name]) throw new ConfigError(`${name} is required when NODE_ENV=production`);
    }
  }
  const siteUrl = (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  return {
    env: v.NODE_ENV,
    port: v.PORT,
    databasePath: v.DATABASE_PATH,
    siteName: v.SITE_NAME,
    siteUrl,
    // The fallback only ever serves local development and tests: production refuses to start without one.
    sessionSecret: v.SESSION_SECRET ?? "local-development-secret-not-for-production",
    contactEmail: v.CONTACT_EMAIL,
    secureCookies: siteUrl.startsWith("https:"),
    litefsDir: v.LITEFS_DIR,
    enableTestRoutes: v.ENABLE_TEST_ROUTES === "1",
  };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Configuration error: ${message}`);
    this.name = "ConfigError";
  }
}

function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const config = loadConfig();
