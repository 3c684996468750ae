import { db } from "~/db/client.server";

/*
 * Which machine holds which live game, and every machine's own lease (docs/decisions/0088-live-games-on-every-machine.md,
 * docs/decisions/0094-every-machine-holds-a-lease.md): written on the primary only (each machine asks it,
 * ~/live-hub/primary-link.server.ts), read on every machine to send a game's requests to its machine, to hand a new
 * game to the machine with room, and to count a host's games and find a class's game on every machine.
 */

/** Rows of games and machines that stopped renewing are dropped this long after their lease ran out. */
const FORGET_LOST_AFTER_MS = 24 * 60 * 60 * 1000;

/** A game's row as its machine sends it: whose it is and for which class (null: a member's game). */
export type PlacedGame = { code: string; hostKey: string | null; classId: string | null };

/** A machine's renewal: the games it holds (their codes), with the rows of those whose placing failed. */
export type Renewal = {
  machineId: string;
  region: string | null;
  capacity: number;
  codes: readonly string[];
  games?: readonly PlacedGame[];
};

/*
 * A machine is lost when its lease ran out while the primary was taking renewals (decision 0094): the newest
 * renewal anywhere came after its lease's end, and the primary had by then been taking renewals for `settle` ms
 * without a break, long enough for every running machine to renew once. A primary away longer than the lease leaves
 * every lease run out, but no renewal after them, so no game looks stopped; when it is back, each running machine
 * renews within a third of the lease, before `settle` (half the lease) has passed. Every time here is the
 * primary's clock. `lease` is the column holding the lease's end; `l` the newest renewal (LATEST).
 */
const LATEST = `LEFT JOIN (SELECT renewed_at AS at, writing_since AS since FROM live_machines
  ORDER BY renewed_at DESC LIMIT 1) l ON 1`;
const lost = (lease: string) => `coalesce(${lease} < l.at AND l.at - l.since >= @settle, 0)`;
const GAME_LEASE = "coalesce(m.alive_until, g.alive_until)";
const GAMES = `live_game_machines g LEFT JOIN live_machines m ON m.machine_id = g.machine_id ${LATEST}`;

export type LiveGamePlace = { machineId: string; lost: boolean };

/** The machine holding a game, and whether it is lost; `settle`: see `lost` above. */
export function liveGamePlace(code: string, settle: number): LiveGamePlace | undefined {
  const row = db.$client
    .prepare(`SELECT g.machine_id AS machineId, ${lost(GAME_LEASE)} AS lost FROM ${GAMES} WHERE g.code = @code`)
    .get({ code, settle }) as { machineId: string; lost: number } | undefined;
  return row && { machineId: row.machineId, lost: row.lost === 1 };
}

/** A game opened on a machine; rows long lost are dropped in the same write. */
export function placeLiveGame(game: PlacedGame & { machineId: string }, at: number, aliveUntil: number): void {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    sqlite.prepare("DELETE FROM live_game_machines WHERE alive_until < ?").run(at - FORGET_LOST_AFTER_MS);
    sqlite
      .prepare(
        `INSERT INTO live_game_machines (code, machine_id, opened_at, alive_until, host_key, class_id)
         VALUES (@code, @machineId, @at, @aliveUntil, @hostKey, @classId)
         ON CONFLICT (code) DO UPDATE SET machine_id = excluded.machine_id, opened_at = excluded.opened_at,
           alive_until = excluded.alive_until, host_key = excluded.host_key, class_id = excluded.class_id`,
      )
      .run({ ...game, at, aliveUntil });
  })();
}

/**
 * A machine's lease renewed, games or none: its own row (games held, room, region) and its games' rows; the rows of
 * games it no longer holds go (placed before `placedBefore`), and those whose placing failed (the primary was away
 * when they opened) are written. `writingSince`: since when the primary has been taking renewals without a break.
 */
export function renewLiveMachine(
  renewal: Renewal,
  times: { at: number; aliveUntil: number; writingSince: number; placedBefore: number },
): void {
  const sqlite = db.$client;
  const { machineId } = renewal;
  const { at, aliveUntil, writingSince, placedBefore } = times;
  sqlite.transaction(() => {
    // Only rows placed a while ago: a renewal sent before a game opened may arrive after its placing.
    sqlite
      .prepare(
        `DELETE FROM live_game_machines WHERE machine_id = ? AND opened_at < ?
         AND code NOT IN (SELECT value FROM json_each(?))`,
      )
      .run(machineId, placedBefore, JSON.stringify(renewal.codes));
    const missing = sqlite.prepare(
      `INSERT INTO live_game_machines (code, machine_id, opened_at, alive_until, host_key, class_id)
       VALUES (@code, @machineId, @at, @aliveUntil, @hostKey, @classId) ON CONFLICT (code) DO NOTHING`,
    );
    for (const game of renewal.games ?? []) missing.run({ ...game, machineId, at, aliveUntil });
    sqlite.prepare("UPDATE live_game_machines SET alive_until = ? WHERE machine_id = ?").run(aliveUntil, machineId);
    sqlite.prepare("DELETE FROM live_machines WHERE alive_until < ?").run(at - FORGET_LOST_AFTER_MS);
    sqlite
      .prepare(
        `INSERT INTO live_machines (machine_id, region, games, capacity, renewed_at, alive_until, writing_since)
         VALUES (@machineId, @region, @games, @capacity, @at, @aliveUntil, @writingSince)
         ON CONFLICT (machine_id) DO UPDATE SET region = excluded.region, games = excluded.games,
           capacity = excluded.capacity, renewed_at = excluded.renewed_at, alive_until = excluded.alive_until,
           writing_since = excluded.writing_since`,
      )
      .run({
        machineId,
        region: renewal.region,
        games: renewal.codes.length,
        capacity: renewal.capacity,
        at,
        aliveUntil,
        writingSince,
      });
  })();
}

export function forgetLiveGamePlace(code: string, machineId: string): void {
  db.$client.prepare("DELETE FROM live_game_machines WHERE code = ? AND machine_id = ?").run(code, machineId);
}

/** Which of these run ids are written already (a results request sent again). */
export function writtenRunIds(ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = db.$client
    .prepare("SELECT id FROM game_runs WHERE id IN (SELECT value FROM json_each(?))")
    .pluck()
    .all(JSON.stringify(ids)) as string[];
  return new Set(rows);
}

/** The machines, other than this one, holding games and not lost. */
export function otherLiveMachines(machineId: string, settle: number): string[] {
  return db.$client
    .prepare(`SELECT DISTINCT g.machine_id FROM ${GAMES} WHERE g.machine_id != @machineId AND NOT ${lost(GAME_LEASE)}`)
    .pluck()
    .all({ machineId, settle }) as string[];
}

/**
 * Another machine, not lost, whose last renewal showed room: in this machine's region first, then the one with
 * fewest games.
 */
export function machineWithRoom(machineId: string, region: string | null, settle: number): string | undefined {
  return db.$client
    .prepare(
      `SELECT m.machine_id FROM live_machines m ${LATEST}
       WHERE m.machine_id != @machineId AND m.games < m.capacity AND NOT ${lost("m.alive_until")}
       ORDER BY m.region IS @region DESC, m.games, m.machine_id LIMIT 1`,
    )
    .pluck()
    .get({ machineId, region, settle }) as string | undefined;
}

/** The codes of a host's games on machines other than this one, not lost, oldest first. */
export function hostGamesElsewhere(hostKey: string, machineId: string, settle: number): string[] {
  return db.$client
    .prepare(
      `SELECT g.code FROM ${GAMES} WHERE g.host_key = @hostKey AND g.machine_id != @machineId
       AND NOT ${lost(GAME_LEASE)} ORDER BY g.opened_at, g.code`,
    )
    .pluck()
    .all({ hostKey, machineId, settle }) as string[];
}

/** The newest game for a class on a machine other than this one, not lost, if any. */
export function classGameElsewhere(classId: string, machineId: string, settle: number): string | undefined {
  return db.$client
    .prepare(
      `SELECT g.code FROM ${GAMES} WHERE g.class_id = @classId AND g.machine_id != @machineId
       AND NOT ${lost(GAME_LEASE)} ORDER BY g.opened_at DESC LIMIT 1`,
    )
    .pluck()
    .get({ classId, machineId, settle }) as string | undefined;
}
