import { z } from "zod";
import { buildDirOf } from "./build-dir";
import { keptSessionSecret } from "./session-secret.server";
import { parseShortcutsOff, type Shortcut } from "./shortcut-names";

/** The product's name when SITE_NAME is not set. */
export const DEFAULT_SITE_NAME = "Maths Sprint";

/** The wait for requests in flight on SIGTERM unless SHUTDOWN_GRACE_MS says otherwise (fly.toml's kill_timeout allows for it). */
export const DEFAULT_GRACE_MS = 10_000;

/** An http(s) URL: CANONICAL_ORIGIN and the like name a web origin, never ftp: or a bare word. */
const ORIGIN_MESSAGE = "must be an http(s) origin such as https://mathssprint.example";
const webUrl = z
  .string()
  .url({ message: ORIGIN_MESSAGE })
  // Refinements run even after url() has failed: a value that is no URL at all is that check's to report.
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    return !url || (/^https?:$/.test(url.protocol) && url.hostname !== "");
  }, ORIGIN_MESSAGE);

/**
 * Every setting comes from the environment, checked once at start-up.
 * Local defaults need nothing set; a production start without a required value stops with one clear line.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_GRACE_MS),
  FLY_APP_NAME: z.string().optional(),
  BUILD_DIR: z.string().optional(),
  DATABASE_PATH: z.string().min(1).default("./data/app.db"),
  SITE_NAME: z.string().min(1).default(DEFAULT_SITE_NAME),
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CONTACT_EMAIL: z.string().email().default("hello@mathssprint.example"),
  LITEFS_DIR: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
  CANONICAL_ORIGIN: webUrl.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZE_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZE_URL: z.string().url().default("https://www.facebook.com/v21.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: z.string().url().default("https://graph.facebook.com/v21.0/oauth/access_token"),
  FACEBOOK_USERINFO_URL: z.string().url().default("https://graph.facebook.com/v21.0/me?fields=id,name,email"),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  ENABLE_TEST_ROUTES: z.enum(["0", "1"]).default("0"),
  HOUSEKEEPING: z.enum(["on", "off"]).default("on"),
  DIGEST: z.enum(["on", "off"]).default("on"),
  DIGEST_DAY: z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]).default("mon"),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  LIVE_FEED_TICK_MS: z.coerce.number().int().min(50).max(5000).default(250),
  LIVE_FEED_MAX_STREAMS: z.coerce.number().int().min(1).default(10_000),
  LIVE_FEED_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  LIVE_GAME_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  // A process's open live games (decision 0065); lower only to test a full machine (decision 0094).
  LIVE_GAME_MAX_GAMES: z.coerce.number().int().min(1).max(500).default(500),
  // Fly sets it on every machine; with LiteFS it places live games on their machines (decision 0088).
  FLY_MACHINE_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  // Fly sets it too: the machine's region, kept in its lease row (decision 0094).
  FLY_REGION: z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .optional(),
  LIVE_MACHINE_LEASE_MS: z.coerce.number().int().min(500).default(60_000),
  SHORTCUTS_OFF: z.string().default(""),
  ADMIN_PASSWORD: z.string().optional(),
});

/** Every variable the server and the app read (README's "Configuration" table lists each: a test checks). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/**
 * On LiteFS (a cluster of machines) every machine must sign with the same secret and name the same public origin, so
 * a production start there needs both. A single machine makes and keeps its own secret, and without SITE_URL serves
 * as http://localhost (docs/decisions/0077-npm-start-runs-production.md).
 */
const REQUIRED_ON_LITEFS = ["SESSION_SECRET", "SITE_URL"] as const;

/** An OAuth provider's app credentials and endpoints (the endpoints are settable so tests can use a local server). */
export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
};

/** The contact form's extra bot check when keys are set; the honeypot and signed timestamp always apply. */
export type BotCheckConfig = { kind: "none" } | { kind: "turnstile" | "recaptcha"; siteKey: string; secretKey: string };

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  /** The address the server listens on. */
  host: string;
  /** How long a shutdown waits for requests in flight (docs/decisions/0020-backups-and-shutdown.md). */
  shutdownGraceMs: number;
  /** On Fly (FLY_APP_NAME set) the client's address is Fly-Client-IP, which Fly's edge writes. */
  onFly: boolean;
  /** The built app the production server serves (app/build-dir.ts). */
  buildDir: string;
  databasePath: string;
  siteName: string;
  siteUrl: string;
  sessionSecret: string;
  contactEmail: string;
  secureCookies: boolean;
  litefsDir: string | undefined;
  /** Mail goes over SMTP when a URL is set, else to files in the outbox folder (and a log line). */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** GET requests on any other host redirect permanently to this origin (no trailing slash). */
  canonicalOrigin: string | undefined;
  oauth: { google: OAuthProviderConfig | undefined; facebook: OAuthProviderConfig | undefined };
  botCheck: BotCheckConfig;
  /** Routes under /_test exist only for the end-to-end suite (forcing a render error, queuing a flash). */
  enableTestRoutes: boolean;
  /** The hourly housekeeping job (docs/decisions/0021-housekeeping-on-the-primary.md); never under test. */
  housekeeping: boolean;
  /**
   * The weekly digest to teachers (docs/decisions/0063-weekly-digest.md): its timer (never under test: the e2e suite
   * runs it through its test route), and the day (1 Monday … 7 Sunday) and hour, UK time, from which it is sent.
   */
  digest: { on: boolean; day: number; hour: number };
  /** The live feed's tick and its caps on open streams (docs/decisions/0022-live-feed.md). */
  liveFeed: { tickMs: number; maxStreams: number; maxPerAddress: number };
  /** Live games' event streams one client address (an IPv6 /64) may hold (docs/decisions/0072-live-games-closed-to-strangers.md). */
  liveGame: { maxStreamsPerAddress: number; maxGames: number };
  /**
   * This machine, when live games are spread over machines (docs/decisions/0088-live-games-on-every-machine.md):
   * FLY_MACHINE_ID on LiteFS; undefined on a single node, where every game is this process's as before. The lease
   * is how long a machine's games count as alive after its last renewal (it renews at a third of it).
   */
  liveMachine: { id: string; region: string | null; leaseMs: number } | undefined;
  /** Speed shortcuts switched off, for measurement only (docs/speed-shortcuts.md); production never sets it. */
  shortcutsOff: Set<Shortcut>;
  /**
   * The password `npm run admin:create` gives a new admin when --password is not given (scripts/admin-create.ts):
   * from the environment, so it stays out of shell history and the process list. The server never reads it.
   */
  adminPassword: string | undefined;
};

/**
 * The settings from `env`. `keptSecret` gives a production server on one machine its own secret when SESSION_SECRET is
 * not set (loadConfig passes keptSessionSecret); without it such a start is refused.
 */
export function parseConfig(
  env: Record<string, string | undefined>,
  keptSecret?: (databasePath: string) => string,
): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join(".")} ${issue.message}`);
  }
  const v = parsed.data;
  let sessionSecret = v.SESSION_SECRET;
  if (v.NODE_ENV === "production") {
    for (const name of v.LITEFS_DIR ? REQUIRED_ON_LITEFS : []) {
      if (!v[name]) throw new ConfigError(`${name} is required when NODE_ENV=production on LiteFS (LITEFS_DIR)`);
    }
    if (!sessionSecret && !keptSecret) throw new ConfigError("SESSION_SECRET is required when NODE_ENV=production");
    try {
      sessionSecret ??= keptSecret!(v.DATABASE_PATH);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  const pair = (name: string, a: string | undefined, b: string | undefined) => {
    if (!!a !== !!b) throw new ConfigError(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  };
  pair("GOOGLE", v.GOOGLE_CLIENT_ID, v.GOOGLE_CLIENT_SECRET);
  pair("FACEBOOK", v.FACEBOOK_CLIENT_ID, v.FACEBOOK_CLIENT_SECRET);
  if (!!v.TURNSTILE_SITE_KEY !== !!v.TURNSTILE_SECRET_KEY)
    throw new ConfigError("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together");
  if (!!v.RECAPTCHA_SITE_KEY !== !!v.RECAPTCHA_SECRET_KEY)
    throw new ConfigError("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together");
  let shortcutsOff: Set<Shortcut>;
  try {
    shortcutsOff = parseShortcutsOff(v.SHORTCUTS_OFF);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const siteUrl = (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  return {
    env: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    onFly: !!v.FLY_APP_NAME,
    buildDir: buildDirOf({ BUILD_DIR: v.BUILD_DIR, ENABLE_TEST_ROUTES: v.ENABLE_TEST_ROUTES }),
    databasePath: v.DATABASE_PATH,
    siteName: v.SITE_NAME,
    siteUrl,
    // The fallback only ever serves local development and tests: production has its own or a kept one (above).
    sessionSecret: sessionSecret ?? "local-development-secret-not-for-production",
    contactEmail: v.CONTACT_EMAIL,
    secureCookies: siteUrl.startsWith("https:"),
    litefsDir: v.LITEFS_DIR,
    mail: {
      smtpUrl: v.SMTP_URL,
      from: v.MAIL_FROM ?? `${v.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
      outboxDir: v.OUTBOX_DIR,
    },
    canonicalOrigin: v.CANONICAL_ORIGIN ? new URL(v.CANONICAL_ORIGIN).origin : undefined,
    oauth: {
      google: v.GOOGLE_CLIENT_ID
        ? {
            clientId: v.GOOGLE_CLIENT_ID,
            clientSecret: v.GOOGLE_CLIENT_SECRET!,
            authorizeUrl: v.GOOGLE_AUTHORIZE_URL,
            tokenUrl: v.GOOGLE_TOKEN_URL,
            userInfoUrl: v.GOOGLE_USERINFO_URL,
          }
        : undefined,
      facebook: v.FACEBOOK_CLIENT_ID
        ? {
            clientId: v.FACEBOOK_CLIENT_ID,
            clientSecret: v.FACEBOOK_CLIENT_SECRET!,
            authorizeUrl: v.FACEBOOK_AUTHORIZE_URL,
            tokenUrl: v.FACEBOOK_TOKEN_URL,
            userInfoUrl: v.FACEBOOK_USERINFO_URL,
          }
        : undefined,
    },
    botCheck: v.TURNSTILE_SITE_KEY
      ? { kind: "turnstile", siteKey: v.TURNSTILE_SITE_KEY, secretKey: v.TURNSTILE_SECRET_KEY! }
      : v.RECAPTCHA_SITE_KEY
        ? { kind: "recaptcha", siteKey: v.RECAPTCHA_SITE_KEY, secretKey: v.RECAPTCHA_SECRET_KEY! }
        : { kind: "none" },
    enableTestRoutes: v.ENABLE_TEST_ROUTES === "1",
    housekeeping: v.HOUSEKEEPING === "on" && v.NODE_ENV !== "test",
    digest: {
      on: v.DIGEST === "on" && v.NODE_ENV !== "test",
      day: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].indexOf(v.DIGEST_DAY) + 1,
      hour: v.DIGEST_HOUR,
    },
    liveFeed: {
      tickMs: v.LIVE_FEED_TICK_MS,
      maxStreams: v.LIVE_FEED_MAX_STREAMS,
      maxPerAddress: v.LIVE_FEED_MAX_PER_ADDRESS,
    },
    liveGame: { maxStreamsPerAddress: v.LIVE_GAME_MAX_STREAMS_PER_ADDRESS, maxGames: v.LIVE_GAME_MAX_GAMES },
    liveMachine:
      v.FLY_MACHINE_ID && v.LITEFS_DIR
        ? { id: v.FLY_MACHINE_ID, region: v.FLY_REGION ?? null, leaseMs: v.LIVE_MACHINE_LEASE_MS }
        : undefined,
    shortcutsOff,
    adminPassword: v.ADMIN_PASSWORD || undefined,
  };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Configuration error: ${message}`);
    this.name = "ConfigError";
  }
}

/** What a production start without SESSION_SECRET or SITE_URL says, once, so the operator knows what it chose. */
function firstRunNotes(env: Record<string, string | undefined>, made: string | undefined, loaded: Config): string[] {
  if (loaded.env !== "production") return [];
  const notes: string[] = [];
  if (made) {
    notes.push(
      `SESSION_SECRET is not set: made a new secret in ${made} (keep that file with the database: sessions, login cards and digest links depend on it).`,
    );
  }
  if (!env.SITE_URL) {
    notes.push(
      `SITE_URL is not set: pages and e-mails name ${loaded.siteUrl}, and cookies are not Secure. Set it to the public https origin before anyone else uses this server.`,
    );
  }
  return notes;
}

function loadConfig(): Config {
  try {
    let made: string | undefined;
    const loaded = parseConfig(process.env, (databasePath) => {
      const kept = keptSessionSecret(databasePath);
      if (kept.made) made = kept.file;
      return kept.secret;
    });
    for (const note of firstRunNotes(process.env, made, loaded)) console.warn(note);
    return loaded;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const config = loadConfig();
