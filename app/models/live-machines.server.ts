import { db } from "~/db/client.server";

/*
 * Which machine holds which live game (docs/decisions/0088-live-games-on-every-machine.md): written on the primary
 * only (the holding machine asks it, ~/live-hub/primary-link.server.ts), read on every machine to send a game's
 * requests to its machine.
 */

/** Rows of games whose machine stopped renewing are dropped this long after their lease ran out. */
const FORGET_LOST_AFTER_MS = 24 * 60 * 60 * 1000;

export type LiveGamePlace = { machineId: string; aliveUntil: number };

export function liveGamePlace(code: string): LiveGamePlace | undefined {
  return db.$client
    .prepare("SELECT machine_id AS machineId, alive_until AS aliveUntil FROM live_game_machines WHERE code = ?")
    .get(code) as LiveGamePlace | undefined;
}

/** A game opened on a machine; rows long lost are dropped in the same write. */
export function placeLiveGame(code: string, machineId: string, at: number, aliveUntil: number): void {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    sqlite.prepare("DELETE FROM live_game_machines WHERE alive_until < ?").run(at - FORGET_LOST_AFTER_MS);
    sqlite
      .prepare(
        `INSERT INTO live_game_machines (code, machine_id, opened_at, alive_until) VALUES (?, ?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET machine_id = excluded.machine_id, opened_at = excluded.opened_at,
           alive_until = excluded.alive_until`,
      )
      .run(code, machineId, at, aliveUntil);
  })();
}

/** A machine's lease renewed for the games it still holds; the rows of games it no longer holds go. */
export function renewLiveMachine(machineId: string, codes: readonly string[], aliveUntil: number): void {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    const held = JSON.stringify(codes);
    sqlite
      .prepare("DELETE FROM live_game_machines WHERE machine_id = ? AND code NOT IN (SELECT value FROM json_each(?))")
      .run(machineId, held);
    sqlite.prepare("UPDATE live_game_machines SET alive_until = ? WHERE machine_id = ?").run(aliveUntil, machineId);
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

/** The machines, other than this one, holding games whose lease has not run out. */
export function otherLiveMachines(machineId: string, at: number): string[] {
  return db.$client
    .prepare("SELECT DISTINCT machine_id FROM live_game_machines WHERE alive_until >= ? AND machine_id != ?")
    .pluck()
    .all(at, machineId) as string[];
}

/** Another machine with games under lease and fewer than `max` of them (the one with fewest), if any. */
export function machineWithRoom(machineId: string, max: number, at: number): string | undefined {
  return db.$client
    .prepare(
      `SELECT machine_id FROM live_game_machines WHERE alive_until >= ? AND machine_id != ?
       GROUP BY machine_id HAVING count(*) < ? ORDER BY count(*) LIMIT 1`,
    )
    .pluck()
    .get(at, machineId, max) as string | undefined;
}
