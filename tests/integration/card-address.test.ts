import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_ADDRESS_RULES, cardAddressPoolSize } from "~/limits/card-address-limits.server";
import { vouchFor } from "~/limits/login-credit.server";
import { resetLimits } from "~/limits/rate-limit.server";
import { insertClass, insertSchool, insertTeacher, isShortKeyClash } from "~/models/schools.server";
import { classByShortKey, countClasses } from "~/models/students.server";
import * as cardAddress from "~/routes/school/card-address";
import { cardAddress as cardAddressOf, loginCardsView } from "~/school/login-cards.server";
import { newClassLoginKey, withFreshLoginCode } from "~/school/login-codes.server";
import {
  NoFreeShortKey,
  POSSIBLE_SHORT_KEYS,
  SHORT_KEY_ALPHABET,
  drawShortKey,
  shortKeyFrom,
  withFreshShortKey,
} from "~/school/short-keys.server";
import { NO_SUCH_CARD_ADDRESS, SCHOOL_LOGIN_LIMIT_MESSAGES as L } from "~/utils/school-login-messages";
import { migrationStatements } from "./migration-files";
import { outcome } from "./route-call";

/*
 * The short, typeable address on the login cards (docs/product.md#short-card-address): a unique key per class from
 * an alphabet a child cannot misread, /c/{key} leading to the class's login link, an unknown key a 404, and the
 * guesses at keys limited like the class link's own secret.
 */

const schoolId = insertSchool("Hill Primary");
const teacherId = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Ms Rahman", email: null, schoolId, loginCode }),
).value;

function makeClass(shortKey?: string) {
  const loginKey = newClassLoginKey();
  let key = "";
  const id = withFreshShortKey(
    (k) => {
      key = k;
      return insertClass({ name: `Class ${k}`, schoolId, teacherId, loginKey, shortKey: k });
    },
    shortKey ? { draw: () => shortKey } : undefined,
  );
  return { id, loginKey, shortKey: key };
}

let address = 0;
const nextAddress = () => `203.0.113.${(address = (address + 1) % 250)}`;

const visit = (key: string, from: string | null = nextAddress()) =>
  outcome(() =>
    cardAddress.loader({
      request: new Request(`http://x/c/${key}`),
      params: { shortKey: key },
      context: { clientAddress: from },
    } as never),
  );

/** A key that is no class's: drawn until one is free. */
function unknownKey(): string {
  for (;;) {
    const key = drawShortKey();
    if (!classByShortKey(key)) return key;
  }
}

beforeEach(() => resetLimits());
afterEach(() => vi.useRealTimers());

describe("short keys", () => {
  it("are 6 characters of the 31 a child cannot mix up, read back whatever the case", () => {
    expect(SHORT_KEY_ALPHABET).toHaveLength(31);
    expect(SHORT_KEY_ALPHABET).not.toMatch(/[01ilo]/);
    expect(POSSIBLE_SHORT_KEYS).toBe(887_503_681);
    for (let i = 0; i < 200; i++) expect(drawShortKey()).toMatch(/^[2-9a-hjkmnp-z]{6}$/);
    expect(shortKeyFrom(" 7HX4K2 ")).toBe("7hx4k2");
    for (const bad of ["7hx4k", "7hx4k2a", "7hx4l2", "0hx4k2", "7hx-k2", ""]) expect(shortKeyFrom(bad)).toBeNull();
  });

  it("are unique: a key in use is drawn again, and ten clashes in a row give up", () => {
    const first = makeClass();
    const draws = [first.shortKey, first.shortKey, "zzzzz2"];
    expect(makeClass().shortKey).not.toBe(first.shortKey);
    // In use before the write: skipped; refused by the unique index (a race): drawn again.
    let key = "";
    withFreshShortKey(
      (k) => {
        key = k;
        return insertClass({ name: "Race", schoolId, teacherId, loginKey: newClassLoginKey(), shortKey: k });
      },
      { draw: () => draws.shift()!, inUse: () => false },
    );
    expect(key).toBe("zzzzz2");
    expect(() =>
      insertClass({ name: "Twin", schoolId, teacherId, loginKey: newClassLoginKey(), shortKey: first.shortKey }),
    ).toThrow(expect.objectContaining({ message: expect.stringMatching(/classes\.short_key/) }));
    expect(isShortKeyClash(new Error("UNIQUE constraint failed: classes.short_key"))).toBe(true);
    expect(() => withFreshShortKey(() => "never", { draw: () => first.shortKey })).toThrow(NoFreeShortKey);
  });

  it("print on the cards as the site's host and /c/{key}, while the QR code keeps the class's login link", async () => {
    const klass = makeClass();
    const view = await loginCardsView(
      { id: klass.id, name: "Oak", loginKey: klass.loginKey, shortKey: klass.shortKey, schoolName: "Hill" },
      [],
    );
    expect(view.address).toBe(cardAddressOf(klass.shortKey));
    expect(view.address).toMatch(new RegExp(`^[^/]+/c/${klass.shortKey}$`));
    expect(view.address).not.toMatch(/^https?:/);
    expect(view.link).toMatch(new RegExp(`/student-login/${klass.loginKey}$`));
    const without = await loginCardsView(
      { id: klass.id, name: "Oak", loginKey: klass.loginKey, shortKey: null, schoolName: "Hill" },
      [],
    );
    expect(without.address).toBeNull();
  });
});

describe("/c/{key}", () => {
  it("leads to the class's login link, typed in capitals too", async () => {
    const klass = makeClass();
    for (const typed of [klass.shortKey, klass.shortKey.toUpperCase()]) {
      const found = await visit(typed);
      expect(found.status).toBe(302);
      expect(found.location).toBe(`/student-login/${klass.loginKey}`);
      expect(found.headers?.get("Cache-Control")).toBe("no-store");
    }
  });

  it("answers an unknown key, or what cannot be a key, with a clear 404", async () => {
    for (const key of [unknownKey(), "nope", "0000000"]) {
      const missing = await visit(key);
      expect(missing.status).toBe(404);
      expect(missing.data).toBe(NO_SUCH_CARD_ADDRESS);
    }
  });

  it("lets a place try 5 unknown keys, then makes it wait; a right key is not counted, a refusal checks none", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const klass = makeClass();
    const home = "192.0.2.7";
    for (let i = 0; i < 10; i++) expect((await visit(klass.shortKey, home)).status).toBe(302);
    for (let i = 0; i < CARD_ADDRESS_RULES.elsewhere.free; i++)
      expect((await visit(unknownKey(), home)).status).toBe(404);
    const refused = await visit(klass.shortKey, home);
    expect(refused.status).toBe(429);
    expect(refused.data).toBe(L.cardAddressWait);
    expect(Number(refused.headers?.get("Retry-After"))).toBe(600);
    // Other places are not held up.
    expect((await visit(klass.shortKey)).status).toBe(302);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await visit(klass.shortKey, home)).status).toBe(302);
  });

  it("gives a school (an address with login credit) room for a class's slips", async () => {
    const school = "192.0.2.8";
    vouchFor(school, "student:someone");
    for (let i = 0; i < CARD_ADDRESS_RULES.atSchool.free; i++)
      expect((await visit(unknownKey(), school)).status).toBe(404);
    expect((await visit(unknownKey(), school)).status).toBe(429);
  });

  it("shares a daily pool among places without credit, sized so they find a class in 2,000 days", async () => {
    expect(cardAddressPoolSize(POSSIBLE_SHORT_KEYS, 10)).toBe(443);
    expect(cardAddressPoolSize(POSSIBLE_SHORT_KEYS, 10_000)).toBe(44);
    // Expected classes found a day by whoever spends the whole pool: never more than 1 in 2,000.
    for (const classes of [1_000, 5_000, 50_000])
      expect((cardAddressPoolSize(POSSIBLE_SHORT_KEYS, classes) * classes) / POSSIBLE_SHORT_KEYS).toBeLessThanOrEqual(
        0.0005,
      );
    const pool = cardAddressPoolSize(POSSIBLE_SHORT_KEYS, countClasses());
    const klass = makeClass();
    let spent = 0;
    while (spent < pool) {
      expect((await visit(unknownKey())).status).toBe(404);
      spent += 1;
    }
    const busy = await visit(klass.shortKey);
    expect(busy.status).toBe(429);
    expect(busy.data).toBe(L.cardAddressBusy);
    // A school's own allowance is not the pool's.
    vouchFor("192.0.2.9", "teacher:someone");
    expect((await visit(klass.shortKey, "192.0.2.9")).status).toBe(302);
  });
});

describe("migration 0010", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maths-0010-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives every existing class its own key of the alphabet", () => {
    // The classes table as 0000 made it (the only table 0010 touches) and the two it names, on a real file.
    const sqlite = new Database(path.join(dir, "old.db"));
    const create = migrationStatements("0000_init.sql").filter((s) =>
      /^CREATE (TABLE `(schools|teachers|classes)`|UNIQUE INDEX `classes_)/.test(s),
    );
    expect(create).toHaveLength(4);
    for (const s of create) sqlite.exec(s);
    const insert = sqlite.prepare(
      "INSERT INTO classes (id, name, school_id, teacher_id, login_key) VALUES (?, ?, 's', 't', ?)",
    );
    sqlite.exec("INSERT INTO schools (id, name) VALUES ('s', 'S')");
    sqlite.exec("INSERT INTO teachers (id, name, school_id, login_code) VALUES ('t', 'T', 's', '12345678')");
    sqlite.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run(`c${i}`, `Class ${i}`, `key-${i}`);
    })();
    // The first draw, then three classes made to share a key (as a clash would), then the re-draws and the index.
    const [addColumn, firstDraw, ...rest] = migrationStatements("0010_class_short_keys.sql");
    sqlite.exec(addColumn!);
    sqlite.exec(firstDraw!);
    sqlite.exec("UPDATE classes SET short_key = 'aaaaaa' WHERE id IN ('c1', 'c2', 'c3')");
    for (const s of rest) sqlite.exec(s);
    const keys = sqlite.prepare("SELECT short_key AS key FROM classes").all() as { key: string | null }[];
    expect(keys).toHaveLength(500);
    expect(new Set(keys.map((k) => k.key)).size).toBe(500);
    expect(keys.filter((k) => k.key === "aaaaaa")).toHaveLength(1);
    for (const { key } of keys) expect(key).toMatch(/^[2-9a-hjkmnp-z]{6}$/);
    sqlite.close();
  });
});
