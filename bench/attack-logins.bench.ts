// Guessing login codes for a day (docs/product.md#guessing-login-codes,
// docs/decisions/0070-logins-that-no-guesser-can-close.md): a curious pupil who holds their class's link and their
// own card guesses from 1, 100 and 10,000 addresses, each address as fast as the limits let it, through the app's own
// limits on a simulated clock, at
// 50,000 pupils, 2,000 teachers and classes of 30. Each page's checked guesses a day times the chance one opens
// someone there gives the expected codes guessed a day. Then, on a real SQLite file, what one guess costs the server
// through each page's action, beside a floor: the card page's GET, which looks nothing up.
// Run: npm run bench -- attack (writes bench/results/attack-logins.json)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { machine, round, writeResults } from "./lib/report";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attack-logins-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.SESSION_SECRET ??= "attack-logins-bench-secret-attack-logins-bench";
process.env.SITE_URL ??= "https://mathssprint.example";

const PUPILS = 50_000;
const TEACHERS = 2_000;
const CLASS_SIZE = 30;
const POSSIBLE_CODES = 90_000_000;
const MINUTE = 60_000;
const STEP = 10 * MINUTE;
const DAY = 24 * 60 * MINUTE;

// The limits read the clock through Date.now (app/utils/clock.server.ts): the day is simulated.
let clock = Date.UTC(2026, 11, 1, 0, 0);
const realNow = Date.now;
Date.now = () => clock;

const { SCHOOL_LOGIN_LIMITS } = await import("../app/limits/school-login-limits.server");
const { resetLimits } = await import("../app/limits/rate-limit.server");
const { POSSIBLE_CARD_KEYS } = await import("../app/school/card-keys.server");

type Page = "student" | "teacher" | "classLink" | "card" | "teacherLink";
/** The chance that one checked guess opens someone: accounts a guess there can hit, over what it must match. */
const CHANCE: Record<Page, number> = {
  student: PUPILS / POSSIBLE_CODES,
  teacher: TEACHERS / POSSIBLE_CODES,
  classLink: CLASS_SIZE / POSSIBLE_CODES,
  // A card key and its code at once (the attacker's own card opens only their own code: nothing to guess).
  card: PUPILS / (POSSIBLE_CARD_KEYS * POSSIBLE_CODES),
  // A refused teacher's code mails a link to the teacher's own address: it opens nothing for the guesser.
  teacherLink: 0,
};

const place = (page: Page, address: string) =>
  page === "student" || page === "teacher"
    ? { kind: page, address }
    : page === "classLink"
      ? { kind: "class-link" as const, address, classId: "attacked-class" }
      : { kind: "card" as const, address, cardKey: "2345678" };
const accounts = (page: Page) => () =>
  page === "student" ? PUPILS : page === "teacher" ? TEACHERS : page === "classLink" ? CLASS_SIZE : PUPILS;

/**
 * One address's turn in a 10-minute step: on each page, guesses until the limits refuse (at most `cap`). Checked
 * guesses are counted; a refused one checks nothing, except on /teacher-login, where it may still be looked up to
 * mail a sign-in link (counted apart: it can open nothing for the guesser).
 */
function turn(address: string, checked: Record<Page, number>, cardsFromHere: boolean) {
  for (const page of ["student", "teacher", "classLink", "card"] as const) {
    if (page === "card" && !cardsFromHere) continue;
    for (let i = 0; i < 60; i++) {
      const verdict = SCHOOL_LOGIN_LIMITS.check(place(page, address) as never, accounts(page));
      if (!verdict.ok) {
        const ask = page === "teacher" ? SCHOOL_LOGIN_LIMITS.signInLinkAsk(address) : null;
        if (ask) {
          ask.asked();
          checked.teacherLink += 1;
        }
        break;
      }
      verdict.failed(String(10_000_000 + ((i * 7_919) % 90_000_000)));
      checked[page] += 1;
    }
  }
}

/** A day of guessing from `addresses` addresses. Card pages are counted in full from up to 100 addresses; past
 * that each address's day there is the same (only its own burst counts), so it is scaled up. */
function day(addresses: number) {
  resetLimits();
  clock = Date.UTC(2026, 11, 1, 0, 0);
  const checked: Record<Page, number> = { student: 0, teacher: 0, classLink: 0, card: 0, teacherLink: 0 };
  const fullCards = Math.min(addresses, 100);
  const started = realNow();
  for (let t = 0; t < DAY; t += STEP) {
    for (let a = 0; a < addresses; a++)
      turn(`10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`, checked, a < fullCards);
    clock += STEP;
  }
  checked.card = Math.round((checked.card * addresses) / fullCards);
  const expected = Object.fromEntries(
    (Object.keys(checked) as Page[]).map((page) => [page, checked[page] * CHANCE[page]]),
  ) as Record<Page, number>;
  const total = Object.values(expected).reduce((sum, x) => sum + x, 0);
  return {
    addresses,
    checkedGuessesADay: checked,
    expectedCodesGuessedADay: Object.fromEntries(
      Object.entries(expected).map(([page, x]) => [page, Number(x.toPrecision(3))]),
    ),
    total: Number(total.toPrecision(3)),
    simulatedInSeconds: round((realNow() - started) / 1000, 1),
  };
}

const scenarios = [1, 100, 10_000].map((n) => {
  const figures = day(n);
  console.log(
    `${String(n).padStart(6)} addresses: checked ${JSON.stringify(figures.checkedGuessesADay)}, ` +
      `expected codes guessed a day ${figures.total}`,
  );
  return figures;
});
Date.now = realNow;

/* What one guess costs the server, through the real route actions on a real SQLite file (2,000 pupils). */
const { insertClass, insertSchool, insertTeacher } = await import("../app/models/schools.server");
const { insertStudent } = await import("../app/models/students.server");
const { newClassLoginKey, withFreshLoginCode } = await import("../app/school/login-codes.server");
const studentLogin = await import("../app/routes/school/student-login");
const cardAddress = await import("../app/routes/school/card-address");

const schoolId = insertSchool("Bench Primary");
const teacherId = withFreshLoginCode((loginCode) =>
  insertTeacher({ name: "Bench Teacher", email: null, schoolId, loginCode }),
).value;
const classKey = newClassLoginKey();
const classId = insertClass({ name: "Bench Class", schoolId, teacherId, loginKey: classKey });
for (let i = 0; i < 2_000; i++)
  withFreshLoginCode((loginCode) =>
    insertStudent({
      name: `Pupil ${i}`,
      classId,
      loginCode,
      timesTables: [],
      allowedOperations: ["addition"],
      difficulty: "easy",
    }),
  );

const GUESSES = 3_000;
async function msPerGuess(label: string, call: (i: number) => Promise<unknown>) {
  resetLimits();
  for (let i = 0; i < 200; i++) await call(i).catch(() => undefined);
  resetLimits();
  const started = performance.now();
  for (let i = 0; i < GUESSES; i++) await call(i).catch(() => undefined);
  const ms = (performance.now() - started) / GUESSES;
  console.log(`${label}: ${round(ms, 3)} ms a guess`);
  return round(ms, 3);
}
const form = (i: number) =>
  new Request("https://mathssprint.example/x", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `code=${10_000_000 + i * 17}`,
  });
// Each guess from its own address, so that only the pages' own work is measured, never a refusal.
const from = (i: number) => ({ clientAddress: `10.1.${(i >> 8) & 255}.${i & 255}` });
const cost = {
  floorCardPageGet: await msPerGuess("floor: a card page's GET", (i) =>
    cardAddress.loader({
      request: new Request("https://mathssprint.example/c/2345678"),
      params: { shortKey: "2345678" },
      context: from(i),
    } as never),
  ),
  cardPageGuess: await msPerGuess("a guess at a card's address", (i) =>
    cardAddress.action({ request: form(i), params: { shortKey: "2345678" }, context: from(i) } as never),
  ),
  classLinkGuess: await msPerGuess("a guess through a class's link", (i) =>
    studentLogin.action({ request: form(i), params: { classKey }, context: from(i) } as never),
  ),
};

writeResults("attack-logins", {
  machine: machine(),
  what:
    "A day of guessing by a pupil who holds their class's link and their own card, from 1, 100 and 10,000 " +
    "addresses, each as fast as the limits allow, at 50,000 pupils, 2,000 teachers and classes of 30; checked " +
    "guesses per page and the expected codes guessed a day (checked × the chance one opens someone). Card pages " +
    "are simulated in full for up to 100 addresses and scaled beyond (only each address's own burst counts there). " +
    "teacherLink: refused teacher codes looked up to mail a sign-in link, which opens nothing for the guesser.",
  pupils: PUPILS,
  teachers: TEACHERS,
  classSize: CLASS_SIZE,
  chanceAGuessOpens: Object.fromEntries(Object.entries(CHANCE).map(([page, p]) => [page, Number(p.toPrecision(3))])),
  scenarios,
  worstTotal: Math.max(...scenarios.map((s) => s.total)),
  goal: "at most 0.01 expected codes guessed a day at 50,000 pupils (with an insider's own credit: decision 0038)",
  msPerGuess: { ...cost, guesses: GUESSES, pupilsInDatabase: 2_000 },
});
fs.rmSync(dir, { recursive: true, force: true });
