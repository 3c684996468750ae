/**
 * Demo data for a local start (`npm run demo`): lively leaderboards, so the site does not open empty.
 *
 * Demo entries are recognisable by their anon id ("demo-swift-otter", …), which no real player ever has;
 * each demo player is the same player on the boards every time (keyed by name, like any named player).
 * The first run adds the demo players' history (earlier days, for the all-time boards). Every run then adds
 * a round of entries dated a little before its own start, unless a round is already recent, so the daily
 * boards (the last 24 hours) show the demo players whatever day the demo is started. Nothing is deleted:
 * older rounds age out of the daily window by themselves, and every entry goes through recordEntry, so the
 * per-player bests (leaderboard_bests) and recent rows (leaderboard_recent) stay as for any real entry.
 *
 * It also makes the demo's admin (DEMO_ADMIN_EMAIL) on the first run, and gives it a new random password on
 * every run, printed to this terminal only (nowhere else: not in the page, not in the log), so the admin panel
 * (/admin) can be tried at once. docs/decisions/0017-admin-accounts.md says why admins are made this way.
 *
 * And the demo school (scripts/seed-school.ts): a teacher, two classes, pupils with three weeks of verified games;
 * their login codes and the classes' login links are printed here too.
 */
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { count, like, max } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { leaderboardEntries } from "~/db/schema";
import { DAY_MS, recordEntry, type NewEntry } from "~/models/leaderboard.server";
import { createOrPromoteAdmin } from "./admin-create";
import { demoSchoolLogins, seedDemoSchool } from "./seed-school";

export const DEMO_ANON_PREFIX = "demo-";
export const DEMO_NAMES = [
  "Swift Otter",
  "Brave Panda",
  "Clever Fox",
  "Happy Koala",
  "Quick Lynx",
  "Sunny Gecko",
  "Bold Puffin",
] as const;
const GAME_TYPES = ["normal", "hard", "extreme"] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A round younger than this is left alone: its entries stay on the daily boards for 19 more hours at least. */
export const ROUND_FRESH_MS = 3 * HOUR;

export const demoAnonId = (name: string) => DEMO_ANON_PREFIX + name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The demo players' game lengths, so each Game length tab of the boards has some games (most play a minute). */
const DEMO_TIME_LIMITS = [60, 30, 60, 120, 300] as const;

function demoEntry(gameType: (typeof GAME_TYPES)[number], name: string, score: number, createdAt: number): NewEntry {
  const g = GAME_TYPES.indexOf(gameType);
  const i = DEMO_NAMES.indexOf(name as (typeof DEMO_NAMES)[number]);
  const total = Math.max(score, 30 - g * 6 + i);
  return {
    score,
    totalQuestions: total,
    accuracy: Math.round((score / total) * 100),
    gameType,
    username: name,
    userId: null,
    anonId: demoAnonId(name),
    runId: null,
    timeLimit: DEMO_TIME_LIMITS[i % DEMO_TIME_LIMITS.length],
    createdAt,
  };
}

/** Earlier days' games: on the all-time boards only. Some beat today's scores, so the two boards differ. */
function history(now: number): NewEntry[] {
  return GAME_TYPES.flatMap((gameType, g) =>
    DEMO_NAMES.map((name, i) => demoEntry(gameType, name, 30 - g * 6 + i - (i % 3), now - (i + 2) * DAY_MS)),
  );
}

/** One game per demo player and board, spread over the two hours before `now`; scores shift day by day. */
function round(now: number): NewEntry[] {
  const day = Math.floor(now / DAY_MS);
  return GAME_TYPES.flatMap((gameType, g) =>
    DEMO_NAMES.map((name, i) =>
      demoEntry(gameType, name, 28 - g * 6 + i - ((i * 3 + g + day) % 5), now - (i + 1) * 15 * MINUTE - g * MINUTE),
    ),
  );
}

export type SeedResult = { added: number; history: boolean; newestRoundAgeMs: number | null };

/** Adds the demo rows that are missing as of `now` (see the top of this file); safe to run any number of times. */
export function seedDemo({ now = Date.now() }: { now?: number } = {}): SeedResult {
  return db.transaction(() => {
    const [demo] = db
      .select({ n: count(), newest: max(leaderboardEntries.createdAt) })
      .from(leaderboardEntries)
      .where(like(leaderboardEntries.anonId, `${DEMO_ANON_PREFIX}%`))
      .all();
    const newestRoundAgeMs = demo?.newest == null ? null : now - demo.newest;
    if (newestRoundAgeMs !== null && newestRoundAgeMs < ROUND_FRESH_MS) {
      return { added: 0, history: false, newestRoundAgeMs };
    }
    const withHistory = !demo?.n;
    // Oldest first, as entries would have arrived.
    const rows = [...(withHistory ? history(now) : []), ...round(now)];
    for (const row of rows) recordEntry(row);
    return { added: rows.length, history: withHistory, newestRoundAgeMs };
  });
}

/** The demo's admin, on a reserved domain (no mail can reach it). */
export const DEMO_ADMIN_EMAIL = "admin@mathssprint.example";

/**
 * Makes the demo's admin, or, when it exists, gives it a new password: random (16 characters from 12 random
 * bytes) and returned for the terminal only, since only its hash is stored.
 */
export async function seedDemoAdmin(): Promise<{ email: string; password: string; created: boolean }> {
  const password = crypto.randomBytes(12).toString("base64url");
  const result = await createOrPromoteAdmin({ email: DEMO_ADMIN_EMAIL, password });
  return { email: DEMO_ADMIN_EMAIL, password, created: result.kind === "created" };
}

async function main() {
  if (config.env === "production") {
    console.error("The demo seed adds made-up players: it does not run with NODE_ENV=production.");
    process.exit(1);
  }
  const result = seedDemo();
  if (result.added === 0) {
    const minutes = Math.round((result.newestRoundAgeMs ?? 0) / MINUTE);
    console.log(`Demo leaderboard entries are recent (newest ${minutes} min old): left as they are.`);
  } else {
    const what = result.history ? "history and a round for today" : "a fresh round for today";
    console.log(`Added ${result.added} demo leaderboard entries (${what}) to ${config.databasePath}.`);
  }
  const admin = await seedDemoAdmin();
  console.log(
    `${admin.created ? "Made the demo admin" : "New password for the demo admin"} (log in at /admin):\n` +
      `  username: ${admin.email}\n  password: ${admin.password}`,
  );
  console.log(demoSchoolLogins(seedDemoSchool(), config.siteUrl));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
