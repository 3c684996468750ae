import { eq, isNull, or, sql } from "drizzle-orm";
import { publicNameCapsKey, publicNameKey } from "~/accounts/name-lookalikes.server";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";

const { profiles } = schema;

/*
 * Migration 0008 added each profile's look-alike keys (profiles.name_key and caps_key), which SQL cannot compute:
 * the primary fills the missing ones when it opens the database, once, in one transaction
 * (docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
 */

/**
 * Gives every profile without them its name's look-alike keys, oldest profile first. Two names already on the site
 * that look alike both stay: the later one's key is marked with its id ("key#id"), so the index keeps keys unique,
 * the backfill is not tried again, and a new name that looks the same is still refused through the older one.
 * Returns how many profiles it keyed; nothing to do costs one indexed read.
 */
export function backfillPublicNameKeys(db: BetterSQLite3Database<typeof schema>): number {
  const missing = db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(or(isNull(profiles.nameKey), isNull(profiles.capsKey)))
    .orderBy(sql`rowid`)
    .all();
  if (missing.length === 0) return 0;
  db.transaction((tx) => {
    const free = (column: typeof profiles.nameKey | typeof profiles.capsKey, key: string, id: string) =>
      tx.select({ id: profiles.id }).from(profiles).where(eq(column, key)).get() ? `${key}#${id}` : key;
    for (const { id, username } of missing) {
      tx.update(profiles)
        .set({
          nameKey: free(profiles.nameKey, publicNameKey(username), id),
          capsKey: free(profiles.capsKey, publicNameCapsKey(username), id),
        })
        .where(eq(profiles.id, id))
        .run();
    }
  });
  return missing.length;
}
