// Builds the 10-million-entry leaderboard data set for bench/leaderboard.bench.ts: entries, the per-player
// bests and the recent rows, filled exactly as recordEntry would have left them, but in bulk (secondary
// indexes dropped during the load and rebuilt from their own CREATE statements afterwards).
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { challengeForUtcTime, rngFromString, type Rng } from "../../app/game";
import type { Board } from "../../app/types/leaderboard";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Mirrors RECENT_KEEP_MS in app/models/leaderboard.server.ts: recent rows are kept for 25 hours. */
export const RECENT_KEEP_MS = DAY_MS + 60 * 60 * 1000;

export type Shape = {
  entries: number;
  lastDayEntries: number;
  spanDays: number;
  members: number;
  namedPlayers: number;
  anonVisitors: number;
  /**
   * One address's flood of fresh-cookie games with the top scores in the last 24 hours (normal, 1-minute), and on
   * a challenge's board: what one address holding 5 places a board must read past (docs/decisions/0037).
   */
  floodDayEntries: number;
  floodChallengeEntries: number;
};

export const FULL_SHAPE: Shape = {
  entries: 10_000_000,
  lastDayEntries: 1_000_000,
  spanDays: 365,
  members: 140_000,
  namedPlayers: 40_000,
  anonVisitors: 20_000,
  floodDayEntries: 5_000,
  floodChallengeEntries: 2_000,
};

/** The full shape scaled down (entries and players alike), for a quick smoke run of the bench itself. */
export function scaledShape(scale: number): Shape {
  if (scale === 1) return FULL_SHAPE;
  const part = (n: number) => Math.max(10, Math.round(n * scale));
  return {
    ...FULL_SHAPE,
    entries: part(FULL_SHAPE.entries),
    lastDayEntries: part(FULL_SHAPE.lastDayEntries),
    members: part(FULL_SHAPE.members),
    namedPlayers: part(FULL_SHAPE.namedPlayers),
    anonVisitors: part(FULL_SHAPE.anonVisitors),
    floodDayEntries: part(FULL_SHAPE.floodDayEntries),
    floodChallengeEntries: part(FULL_SHAPE.floodChallengeEntries),
  };
}

/** Share of entries per game type (the rest are the daily challenge of the entry's UTC date). */
const GAME_TYPE_MIX = { normal: 0.4, hard: 0.24, extreme: 0.15, easy: 0.01 } as const;
/** Share of 'normal' entries stored under the legacy name 'standard' (only before the last day). */
const LEGACY_STANDARD_SHARE = 0.05;

export type Deps = {
  playerKeyOf: (entry: { userId: string | null; username: string | null }, entryId: number) => string;
  boardOf: (gameType: string) => Board | null;
  /** The board rows an entry makes: its board, and its time tab when it has a time limit. */
  boardKeysOf: (board: Board, timeLimit: number | null) => string[];
  /** Places and rows one address keeps (app/models/address-places.server.ts). */
  addressPlaces: number;
  addressDayRows: number;
};

/** The flooding address's key, and the challenge it floods too. */
export const FLOOD_ADDRESS = 1;
export const FLOOD_CHALLENGE = "speed-demon";
/** Visitors share addresses as schools do: a third of them in schools of 25, the rest each on their own. */
const SCHOOL_SHARE = 1 / 3;
const SCHOOL_SIZE = 25;

/** Solo games' time limits, as players choose them (most play the default minute). */
const TIME_LIMIT_MIX: readonly [limit: number, share: number][] = [
  [30, 0.3],
  [60, 0.45],
  [120, 0.15],
  [300, 0.1],
];

function pickTimeLimit(x: number): number {
  let sum = 0;
  for (const [limit, share] of TIME_LIMIT_MIX) {
    sum += share;
    if (x < sum) return limit;
  }
  return 60;
}

export type SeedResult = {
  anchor: number;
  maxEntryId: number;
  seconds: number;
  phases: Record<string, number>;
  gameTypes: Record<string, number>;
  bestsRows: number;
  recentRows: number;
};

const PLAYER_TABLES = ["daily_leaderboard_entries", "leaderboard_bests", "leaderboard_recent"];
const BATCH = 200_000;

type Player = {
  kind: 0 | 1 | 2; // member, named player (no account), anonymous visitor
  userId: string | null;
  username: string | null;
  anonId: string | null;
  addressKey: number | null; // visitors only: a school's shared address or their own
  skill: number; // mean normal-board score
  sloppiness: number; // how many wrong answers a run tends to have
};

function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function makePlayers(rng: Rng, shape: Shape): { players: Player[]; cumulative: Float64Array } {
  const players: Player[] = [];
  const total = shape.members + shape.namedPlayers + shape.anonVisitors;
  const cumulative = new Float64Array(total);
  let sum = 0;
  const idOf = (k: number) => randomBytes(16).toString("base64url") + (k % 10); // app ids are randomId()s
  for (let k = 0; k < total; k++) {
    const kind: Player["kind"] = k < shape.members ? 0 : k < shape.members + shape.namedPlayers ? 1 : 2;
    // Activity is log-normal: most players play a little, a few play for hours every day.
    const activityZ = gaussian(rng);
    sum += Math.exp(1.2 * activityZ);
    cumulative[k] = sum;
    // Those who play most play best: the busiest players pile many top-scoring entries into a single day,
    // which is what the daily board's one-per-player collapse has to skip over.
    const skill = clamp(24 + 5 * gaussian(rng) + 7 * activityZ, 3, 58);
    players.push({
      kind,
      userId: kind === 0 ? idOf(k) : null,
      username: kind === 0 ? `member${k}` : kind === 1 ? `player${k}` : null,
      anonId: kind === 0 ? null : idOf(k),
      addressKey: kind !== 2 ? null : rng.next() < SCHOOL_SHARE ? 1_000 + Math.floor(k / SCHOOL_SIZE) : 10_000_000 + k,
      skill,
      sloppiness: 1 + (60 - skill) / 8,
    });
  }
  return { players, cumulative };
}

function pickPlayer(cumulative: Float64Array, x: number): number {
  const target = x * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function difficultyFactor(gameType: string, timeLimitOf: Map<string, number>): number {
  switch (gameType) {
    case "normal":
    case "standard":
      return 1;
    case "hard":
      return 0.8;
    case "extreme":
      return 0.6;
    case "easy":
      return 1.1;
    default:
      return (timeLimitOf.get(gameType) ?? 60) / 60;
  }
}

/**
 * Fills an empty, migrated database (the app's schema) with the data set. `anchor` is "now" for the
 * data: every entry is earlier, `shape.lastDayEntries` of them within DAY_MS of it.
 */
export function seedLeaderboard(
  file: string,
  deps: Deps,
  shape: Shape,
  anchor: number,
  log: (line: string) => void,
): SeedResult {
  const started = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - phaseStart) / 100) / 10;
    log(`  ${name}: ${phases[name]} s`);
    phaseStart = now;
  };

  const sqlite = new Database(file);
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("foreign_keys = OFF"); // checked in one pass at the end instead of per row
  sqlite.pragma("cache_size = -1048576");
  sqlite.pragma("temp_store = MEMORY");
  sqlite.pragma("threads = 2");

  for (const table of PLAYER_TABLES) {
    const n = (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    if (n !== 0) throw new Error(`${table} is not empty (${n} rows): seeding needs a fresh database`);
  }

  // The app's own index definitions, dropped for the load and rebuilt from the same SQL.
  const indexes = sqlite
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
       AND tbl_name IN (${PLAYER_TABLES.map(() => "?").join(", ")})`,
    )
    .all(...PLAYER_TABLES) as { name: string; sql: string }[];
  for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`);

  const rng = rngFromString("leaderboard-bench-v1");
  const { players, cumulative } = makePlayers(rng, shape);
  const insertUser = sqlite.prepare(`INSERT INTO users (id, role, created_at) VALUES (?, 'member', ?)`);
  const insertProfile = sqlite.prepare(`INSERT INTO profiles (id, username) VALUES (?, ?)`);
  const yearAgo = anchor - shape.spanDays * DAY_MS;
  sqlite.transaction(() => {
    for (const p of players) {
      if (p.kind !== 0) continue;
      insertUser.run(p.userId, yearAgo);
      insertProfile.run(p.userId, p.username);
    }
  })();
  phase(`users (${shape.members.toLocaleString("en-GB")} members)`);

  const timeLimitOf = new Map<string, number>();
  for (let day = 0; day <= shape.spanDays + 1; day++) {
    const c = challengeForUtcTime(yearAgo + day * DAY_MS);
    timeLimitOf.set(c.id, c.timeLimit);
  }

  const insertEntry = sqlite.prepare(
    `INSERT INTO daily_leaderboard_entries (id, score, total_questions, accuracy, game_type, username, user_id, anon_id, run_id, time_limit, address_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRecent = sqlite.prepare(
    `INSERT INTO leaderboard_recent (entry_id, board, player_key, score, accuracy, created_at, address_key) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  // The flood's share of the last day's entries, each a fresh cookie (its own player) from FLOOD_ADDRESS.
  const floodDayShare = shape.floodDayEntries / shape.lastDayEntries;
  const floodChallengeShare = shape.floodChallengeEntries / shape.lastDayEntries;

  // The per-player bests, kept exactly as the upsert does: replaced only by a strictly higher score, or
  // the same score and a strictly higher accuracy; entries arrive in id order, so a tie keeps the earliest.
  const bests = new Map<
    string,
    [entryId: number, score: number, accuracy: number, createdAt: number, addressKey: number | null]
  >();
  const gameTypes: Record<string, number> = {};
  const olderEntries = shape.entries - shape.lastDayEntries;
  const lastDayStart = anchor - DAY_MS;
  const olderStep = (lastDayStart - 60_000 - yearAgo) / olderEntries;
  const recentStep = (DAY_MS - 1) / shape.lastDayEntries;
  const recentFrom = anchor - RECENT_KEEP_MS - 60_000; // generous; trimmed to the exact cut-off below
  let lastBoardCreatedAt = 0;
  let lastCreatedAt = 0;
  let runIds = Buffer.alloc(0);

  const insertBatch = sqlite.transaction((from: number, to: number) => {
    runIds = randomBytes(16 * (to - from));
    for (let i = from; i < to; i++) {
      const id = i + 1;
      // Entries arrive in time order (ids and times rise together), each at a random instant of its slot.
      const createdAt = Math.max(
        lastCreatedAt,
        i < olderEntries
          ? Math.floor(yearAgo + (i + rng.next()) * olderStep)
          : Math.floor(lastDayStart + (i - olderEntries + rng.next()) * recentStep),
      );
      lastCreatedAt = createdAt;
      const p = players[pickPlayer(cumulative, rng.next())]!;
      const t = rng.next();
      let gameType: string;
      if (t < GAME_TYPE_MIX.normal) {
        gameType = i < olderEntries && rng.next() < LEGACY_STANDARD_SHARE ? "standard" : "normal";
      } else if (t < GAME_TYPE_MIX.normal + GAME_TYPE_MIX.hard) gameType = "hard";
      else if (t < GAME_TYPE_MIX.normal + GAME_TYPE_MIX.hard + GAME_TYPE_MIX.extreme) gameType = "extreme";
      else if (t < GAME_TYPE_MIX.normal + GAME_TYPE_MIX.hard + GAME_TYPE_MIX.extreme + GAME_TYPE_MIX.easy)
        gameType = "easy";
      else gameType = challengeForUtcTime(createdAt).id;
      gameTypes[gameType] = (gameTypes[gameType] ?? 0) + 1;

      // A solo game's time limit (legacy 'standard' entries are older than stored time limits); a longer game
      // scores more.
      const solo = gameType === "normal" || gameType === "hard" || gameType === "extreme";
      const timeLimit = solo ? pickTimeLimit(rng.next()) : null;
      const mean = p.skill * difficultyFactor(gameType, timeLimitOf) * (timeLimit ? timeLimit / 60 : 1);
      const score = clamp(Math.round(mean + 5 * gaussian(rng)), 0, 300);
      const u = rng.next();
      let wrong = Math.floor(u * u * p.sloppiness * 2);
      if (score + wrong === 0) wrong = 1;
      const total = score + wrong;
      const accuracy = Math.round((score / total) * 100);

      let username = p.username;
      if (p.kind === 1 && rng.next() < 0.02) username = ` ${username} `; // same player once trimmed
      if (p.kind === 2 && rng.next() < 0.005) username = "Anonymous"; // the placeholder: not a name
      const runId = runIds.toString("base64url", 16 * (i - from), 16 * (i - from) + 16);
      const flood = i < olderEntries ? 1 : rng.next();
      if (flood < floodDayShare + floodChallengeShare) {
        // The flood: fresh cookies (no anonymous id kept: each entry its own player), the top scores.
        gameTypes[gameType]!--; // counted above as the game it replaces
        const day = flood < floodDayShare;
        const floodType = day ? "normal" : FLOOD_CHALLENGE;
        gameTypes[floodType] = (gameTypes[floodType] ?? 0) + 1;
        const floodScore = day ? 150 : 120;
        const floodLimit = day ? 60 : null;
        insertEntry.run(
          id,
          floodScore,
          floodScore,
          100,
          floodType,
          null,
          null,
          null,
          runId,
          floodLimit,
          FLOOD_ADDRESS,
          createdAt,
        );
        if (!day) continue;
        lastBoardCreatedAt = createdAt;
        for (const boardKey of deps.boardKeysOf("normal", floodLimit)) {
          bests.set(`${boardKey}\u0000e:${id}`, [id, floodScore, 100, createdAt, FLOOD_ADDRESS]);
          if (createdAt >= recentFrom)
            insertRecent.run(id, boardKey, `e:${id}`, floodScore, 100, createdAt, FLOOD_ADDRESS);
        }
        continue;
      }
      insertEntry.run(
        id,
        score,
        total,
        accuracy,
        gameType,
        username,
        p.userId,
        p.anonId,
        runId,
        timeLimit,
        p.addressKey,
        createdAt,
      );

      const board = deps.boardOf(gameType);
      if (!board) continue;
      const playerKey = deps.playerKeyOf({ userId: p.userId, username }, id);
      lastBoardCreatedAt = createdAt;
      for (const boardKey of deps.boardKeysOf(board, timeLimit)) {
        const key = `${boardKey}\u0000${playerKey}`;
        const best = bests.get(key);
        if (!best || score > best[1] || (score === best[1] && accuracy > best[2]))
          bests.set(key, [id, score, accuracy, createdAt, p.addressKey]);
        if (createdAt >= recentFrom)
          insertRecent.run(id, boardKey, playerKey, score, accuracy, createdAt, p.addressKey);
      }
    }
  });

  const loadStart = performance.now();
  for (let from = 0; from < shape.entries; from += BATCH) {
    const to = Math.min(shape.entries, from + BATCH);
    insertBatch(from, to);
    if (to % 1_000_000 === 0 || to === shape.entries) {
      const s = (performance.now() - loadStart) / 1000;
      const eta = ((shape.entries - to) / to) * s;
      log(
        `  entries ${to.toLocaleString("en-GB")} / ${shape.entries.toLocaleString("en-GB")} (${Math.round(to / s).toLocaleString("en-GB")}/s, ~${Math.round(eta)} s left)`,
      );
    }
  }
  phase("entries (+ recent rows)");

  // The recent table holds what the last board entry's prune would have left: rows no older than 25 h.
  sqlite.prepare(`DELETE FROM leaderboard_recent WHERE created_at < ?`).run(lastBoardCreatedAt - RECENT_KEEP_MS);

  const insertBest = sqlite.prepare(
    `INSERT INTO leaderboard_bests (board, player_key, entry_id, score, accuracy, created_at, address_key)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const keys = [...bests.keys()].sort();
  sqlite.transaction(() => {
    for (const key of keys) {
      const [board, playerKey] = key.split("\u0000") as [string, string];
      const [entryId, score, accuracy, createdAt, addressKey] = bests.get(key)!;
      insertBest.run(board, playerKey, entryId, score, accuracy, createdAt, addressKey);
    }
  })();
  bests.clear();
  phase(`bests (${keys.length.toLocaleString("en-GB")} rows)`);

  // What keeping each address's places as the entries arrived would have left (app/models/address-places.server.ts):
  // its best 5 on each all-time board and challenge board, the rest cut; its best 20 rows of the day on a board.
  const ranked = (table: string, partition: string, order: string, where: string) =>
    `SELECT rowid AS id FROM (SELECT rowid, row_number() OVER (PARTITION BY ${partition}, address_key ORDER BY ${order}) AS n
       FROM ${table} WHERE address_key IS NOT NULL ${where})`;
  sqlite.exec(
    `UPDATE leaderboard_bests SET cut = 1 WHERE rowid IN (
       ${ranked("leaderboard_bests", "board", "score DESC, accuracy DESC, created_at ASC", "")} WHERE n > ${deps.addressPlaces})`,
  );
  sqlite.exec(
    `UPDATE daily_leaderboard_entries SET board_cut = 1 WHERE rowid IN (
       ${ranked("daily_leaderboard_entries", "game_type", "score DESC, created_at ASC", "AND game_type NOT IN ('normal', 'hard', 'extreme', 'standard')")}
       WHERE n > ${deps.addressPlaces})`,
  );
  sqlite
    .prepare(
      `DELETE FROM leaderboard_recent WHERE rowid IN (
         ${ranked("leaderboard_recent", "board", "score DESC, accuracy DESC, created_at ASC", "AND created_at >= ?")}
         WHERE n > ${deps.addressDayRows})`,
    )
    .run(anchor - DAY_MS);
  phase("addresses' places");

  for (const index of indexes) {
    sqlite.exec(index.sql);
    phase(`index ${index.name}`);
  }

  const violations = sqlite.prepare(`PRAGMA foreign_key_check`).all();
  if (violations.length > 0)
    throw new Error(`seeded data breaks ${violations.length} foreign keys, e.g. ${JSON.stringify(violations[0])}`);
  phase("foreign key check");

  const recentRows = (sqlite.prepare(`SELECT count(*) AS n FROM leaderboard_recent`).get() as { n: number }).n;
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  phase("checkpoint");

  return {
    anchor,
    maxEntryId: shape.entries,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    phases,
    gameTypes,
    bestsRows: keys.length,
    recentRows,
  };
}
