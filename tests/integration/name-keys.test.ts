import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publicNameCapsKey, publicNameKey } from "~/accounts/name-lookalikes.server";
import { openDatabase, type Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { backfillPublicNameKeys } from "~/db/name-keys.server";
import { migrationStatements } from "./migration-files";

/*
 * Migration 0008 adds each profile's look-alike key; the primary fills the keys of profiles written before it when
 * it opens the database (docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-0008-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BEFORE = [
  "0000_init.sql",
  "0001_accounts.sql",
  "0002_anonymous_player_keys.sql",
  "0003_students_name_index.sql",
  "0004_fair_play.sql",
  "0005_board_time_tabs.sql",
  "0006_covering_board_indexes.sql",
];

/** Names already on the site: three that look like an older one, and one name that looks like no other. */
const OLD_NAMES: [string, string][] = [
  ["u-1", "Tom Smith"],
  ["u-2", "Alex"],
  ["u-3", "Torn Smith"], // rn for m: looks like Tom Smith, and came later
  ["u-4", "AIex"], // a capital I for the l: looks like Alex, and came later
  ["u-5", "Swift Otter"],
  ["u-6", "ТОМ ЅМІТН"], // Cyrillic capitals: looks like TOM SMITH, Tom Smith in capitals
];

const keys = (sqlite: Database.Database) =>
  Object.fromEntries(
    sqlite
      .prepare("SELECT id, name_key, caps_key FROM profiles ORDER BY id")
      .all()
      .map((row) => {
        const { id, name_key, caps_key } = row as { id: string; name_key: string | null; caps_key: string | null };
        return [id, [name_key, caps_key]];
      }),
  );
const both = (name: string) => [publicNameKey(name), publicNameCapsKey(name)];

describe("migration 0008 and the name-key backfill", () => {
  it("keys every old profile once, the older of two look-alikes with the plain key and the later marked", () => {
    const sqlite = new Database(path.join(dir, "old.db"));
    for (const file of BEFORE) for (const s of migrationStatements(file)) sqlite.exec(s);
    for (const [id, name] of OLD_NAMES) {
      sqlite.prepare("INSERT INTO users (id) VALUES (?)").run(id);
      sqlite.prepare("INSERT INTO profiles (id, username) VALUES (?, ?)").run(id, name);
    }
    for (const s of migrationStatements("0008_name_keys.sql")) sqlite.exec(s);
    expect(
      Object.values(keys(sqlite))
        .flat()
        .every((key) => key === null),
    ).toBe(true);

    const db = drizzle(sqlite, { schema }) as unknown as Db;
    expect(backfillPublicNameKeys(db)).toBe(6);
    const kept = {
      "u-1": both("Tom Smith"),
      "u-2": both("Alex"),
      "u-3": [`${publicNameKey("Tom Smith")}#u-3`, publicNameCapsKey("Torn Smith")],
      "u-4": [`${publicNameKey("Alex")}#u-4`, publicNameCapsKey("AIex")],
      "u-5": both("Swift Otter"),
      "u-6": [publicNameKey("ТОМ ЅМІТН"), `${publicNameCapsKey("Tom Smith")}#u-6`],
    };
    expect(keys(sqlite)).toEqual(kept);
    // Done once: nothing left to key, nothing changes.
    expect(backfillPublicNameKeys(db)).toBe(0);
    expect(keys(sqlite)).toEqual(kept);
    // The unique index holds the keys: a new profile with a look-alike of a kept name is refused.
    sqlite.prepare("INSERT INTO users (id) VALUES ('u-7')").run();
    expect(() =>
      sqlite
        .prepare("INSERT INTO profiles (id, username, name_key) VALUES ('u-7', 'Swift 0tter', ?)")
        .run(publicNameKey("Swift 0tter")),
    ).toThrow(/UNIQUE constraint failed: profiles.name_key/);
    sqlite.close();
  });

  it("runs when the primary opens the database: profiles written without a key get one", () => {
    const file = path.join(dir, "app.db");
    const first = openDatabase(file);
    first.$client.prepare("INSERT INTO users (id) VALUES ('u-raw')").run();
    first.$client.prepare("INSERT INTO profiles (id, username) VALUES ('u-raw', 'Ｒａｗ Ｎａｍｅ')").run();
    expect(keys(first.$client)).toEqual({ "u-raw": [null, null] });
    first.$client.close();

    const second = openDatabase(file);
    expect(keys(second.$client)).toEqual({ "u-raw": both("Raw Name") });
    second.$client.close();
  });
});
