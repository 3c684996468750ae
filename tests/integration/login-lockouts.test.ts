import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { rngFromString } from "~/game/prng";
import { testSmtpServer } from "./smtp-test-server";

/*
 * No lock-outs away from school (docs/product.md#guessing-login-codes, docs/decisions/0070-logins-that-no-guesser-can-close.md):
 * a curious pupil of a class guesses codes from 1, 100 and 10,000 addresses, through the class's link, on both
 * plain pages, and at card addresses, until every pool is spent. Then a classmate at home, on a new browser at a new
 * address, opens their own login card (the address typed, or the QR code) and types their code, and the teacher
 * types theirs on a new browser at a new address: each gets in on the first right try, the teacher through the
 * sign-in link mailed to the address they confirmed (a real SMTP server on a local port). Seeded, so a failure
 * repeats.
 */

const smtp = testSmtpServer();

let db: typeof import("~/db/client.server").db;
let limits: typeof import("~/limits/rate-limit.server");
let schools: typeof import("~/models/schools.server");
let students: typeof import("~/models/students.server");
let codes: typeof import("~/school/login-codes.server");
let shortKeys: typeof import("~/school/short-keys.server");
let cards: typeof import("~/school/login-cards.server");
let studentLogin: typeof import("~/routes/school/student-login");
let teacherLogin: typeof import("~/routes/school/teacher-login");
let cardAddress: typeof import("~/routes/school/card-address");
let linkPage: typeof import("~/routes/school/teacher-login-link");
let call: typeof import("./route-call");

beforeAll(async () => {
  process.env.SMTP_URL = await smtp.listen();
  process.env.SITE_URL = "https://mathssprint.example";
  db = (await import("~/db/client.server")).db;
  limits = await import("~/limits/rate-limit.server");
  schools = await import("~/models/schools.server");
  students = await import("~/models/students.server");
  codes = await import("~/school/login-codes.server");
  shortKeys = await import("~/school/short-keys.server");
  cards = await import("~/school/login-cards.server");
  studentLogin = await import("~/routes/school/student-login");
  teacherLogin = await import("~/routes/school/teacher-login");
  cardAddress = await import("~/routes/school/card-address");
  linkPage = await import("~/routes/school/teacher-login-link");
  call = await import("./route-call");
});

afterAll(() => smtp.close());

/** A seeded source of numbers in [0, 1): the engine's one generator (app/game/prng.ts). */
const seeded = (seed: number) => {
  const rng = rngFromString(`seeded:${seed}`);
  return () => rng.next();
};

const TEACHER_EMAIL = "ms.rahman@school.example";

function makeSchool() {
  const schoolId = schools.insertSchool("Hill Primary");
  const teacher = codes.withFreshLoginCode((loginCode) =>
    schools.insertTeacher({ name: "Ms Rahman", email: null, schoolId, loginCode }),
  );
  // The teacher confirmed an address for the weekly e-mail (docs/product.md#weekly-digest).
  db.$client
    .prepare("UPDATE teachers SET digest_email = ?, digest_confirmed_at = ? WHERE id = ?")
    .run(TEACHER_EMAIL, Date.now(), teacher.value);
  const loginKey = codes.newClassLoginKey();
  const classId = shortKeys.withFreshShortKey((shortKey) =>
    schools.insertClass({ name: "Oak", schoolId, teacherId: teacher.value, loginKey, shortKey }),
  );
  const pupils = Array.from({ length: 30 }, (_, i) =>
    codes.withFreshLoginCode((loginCode) =>
      students.insertStudent({
        name: `Pupil ${i}`,
        classId,
        loginCode,
        timesTables: [],
        allowedOperations: ["addition"],
        difficulty: "easy",
      }),
    ),
  );
  const shortKey = db.$client.prepare("SELECT short_key AS k FROM classes WHERE id = ?").get(classId) as { k: string };
  return {
    teacher: { id: teacher.value, code: teacher.code },
    klass: { id: classId, loginKey, shortKey: shortKey.k, name: "Oak", schoolName: "Hill Primary" },
    pupils: pupils.map((p, i) => ({ id: p.value, code: p.code, name: `Pupil ${i}` })),
  };
}

type School = ReturnType<typeof makeSchool>;

const path = (url: string) => new URL(url, "https://mathssprint.example").pathname;

/** Runs a route module's loader or action as Remix would, from `from`, with the browser's cookies. */
function run(
  kind: "loader" | "action",
  route: { loader?: unknown; action?: unknown },
  url: string,
  params: Record<string, string>,
  from: string,
  body?: Record<string, string>,
  cookie = "",
) {
  const request = call.formRequest(`https://mathssprint.example${url}`, { body, cookie });
  const fn = route[kind] as (args: never) => Promise<unknown>;
  return call.outcome(() => fn({ request, params, context: { clientAddress: from } } as never));
}

const randomCode = (random: () => number) => String(10_000_000 + Math.floor(random() * 90_000_000));
const randomKey = (random: () => number, length: number) =>
  Array.from({ length }, () => shortKeys.SHORT_KEY_ALPHABET[Math.floor(random() * 31)]).join("");

/** The page a card's address or QR code leads to, by path: a class's link or a card's own address. */
function routeOf(pagePath: string): {
  route: typeof studentLogin | typeof cardAddress;
  params: Record<string, string>;
} {
  const classLink = /^\/student-login\/([\w-]+)$/.exec(pagePath);
  if (classLink) return { route: studentLogin, params: { classKey: classLink[1]! } };
  const card = /^\/c\/(\w+)$/.exec(pagePath);
  if (card) return { route: cardAddress, params: { shortKey: card[1]! } };
  throw new Error(`no login page at ${pagePath}`);
}

/** Opens a card's address (following where it leads) and types the code there, as a pupil's browser would. */
async function logInWithCard(address: string, code: string, from: string) {
  let at = path(address.startsWith("http") ? address : `https://${address}`);
  for (let hops = 0; hops < 3; hops++) {
    const { route, params } = routeOf(at);
    const page = await run("loader", route, at, params, from);
    if (page.status === 302 && page.location) {
      at = path(page.location);
      continue;
    }
    expect(page.status, `the card's page ${at}`).toBe(200);
    return run("action", route, at, params, from, { code });
  }
  throw new Error("too many redirects");
}

/** The guesses of a curious pupil of the class from `addresses` addresses, until every pool is spent. */
async function attack(school: School, addresses: number, seed: number) {
  const random = seeded(seed);
  const insider = school.pupils[0]!;
  const view = await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id));
  const ownCardPath = path(`https://${view.students.find((s) => s.id === insider.id)!.address}`);
  // Enough to spend every pool (the class link's is 1,500 at 30 pupils), and one guess from each address at least.
  const scale = Math.max(1, addresses / 4_000);
  let n = 0;
  const address = () => {
    const a = n++ % addresses;
    return `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
  };
  const opened: string[] = [];
  const tried = async (o: Promise<import("./route-call").Outcome>, what: string) => {
    const result = await o;
    expect(result.status, what).toBeLessThan(500);
    if (result.status === 302) opened.push(what);
  };
  const share = (count: number) => Math.round(count * scale);
  // The teachers' page first (its pool is the smallest), then the pupils', as the attack run did.
  for (let i = 0; i < share(300); i++)
    await tried(run("action", teacherLogin, "/teacher-login", {}, address(), { code: randomCode(random) }), "teacher");
  for (let i = 0; i < share(500); i++)
    await tried(run("action", studentLogin, "/student-login", {}, address(), { code: randomCode(random) }), "student");
  const link = `/student-login/${school.klass.loginKey}`;
  for (let i = 0; i < share(2_000); i++)
    await tried(
      run("action", studentLogin, link, { classKey: school.klass.loginKey }, address(), { code: randomCode(random) }),
      "class link",
    );
  // Card addresses: keys of a class's length and of a card's, and the insider's own card with others' codes.
  for (let i = 0; i < share(500); i++) {
    const key = randomKey(random, 6);
    await tried(run("loader", cardAddress, `/c/${key}`, { shortKey: key }, address()), "class address");
  }
  for (let i = 0; i < share(500); i++) {
    const key = randomKey(random, 7);
    await tried(
      run("action", cardAddress, `/c/${key}`, { shortKey: key }, address(), { code: randomCode(random) }),
      "card address",
    );
  }
  const own = routeOf(ownCardPath);
  for (let i = 0; i < share(200); i++)
    await tried(run("action", own.route, ownCardPath, own.params, address(), { code: randomCode(random) }), "own card");
  return opened;
}

/** The sign-in link in a mail as the SMTP server took it (quoted-printable undone). */
function linkInMail(data: string): string {
  const text = data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = /https:\/\/mathssprint\.example\/teacher-login\/link\/[\w.-]+/.exec(text)?.[0];
  if (!link) throw new Error("no sign-in link in the mail");
  return path(link);
}

beforeEach(() => {
  limits.resetLimits();
  smtp.reset();
  db.$client.prepare("DELETE FROM sessions").run();
});

describe.each([1, 100, 10_000])("guessing from %i addresses", (addresses) => {
  it("opens nothing, then lets a pupil in with their card and the teacher on a new browser, first try", async () => {
    const school = makeSchool();
    const opened = await attack(school, addresses, 41 + addresses);
    expect(opened).toEqual([]);

    // The pools are spent: a stranger's guess at a new place is refused on each plain page.
    if (addresses >= 100) {
      const stranger = await run("action", teacherLogin, "/teacher-login", {}, "192.0.2.1", { code: "12345678" });
      expect(stranger.status).toBe(429);
      expect(stranger.headers?.get("Retry-After")).toMatch(/^\d+$/);
    }

    // A classmate at home, on a browser that never logged in, with the card's typed address, then its QR code.
    const view = await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id));
    for (const [i, how] of [
      [5, "address"],
      [6, "qr"],
    ] as const) {
      const pupil = school.pupils[i]!;
      const card = view.students.find((s) => s.id === pupil.id)!;
      const printed = how === "address" ? card.address : card.link;
      const home = `198.51.100.${i}`;
      const o = await logInWithCard(printed, pupil.code, home);
      expect(o.status, `pupil through the card's ${how}`).toBe(302);
      expect(o.location).toBe("/student-game");
    }

    // The teacher, on a new browser at a new address: the right code mails a sign-in link, which opens.
    const teacherHome = "198.51.100.200";
    const first = await run("action", teacherLogin, "/teacher-login", {}, teacherHome, { code: school.teacher.code });
    expect(first.status).toBe(addresses >= 100 ? 429 : 302);
    let signedIn = first;
    if (first.status === 429) {
      expect((first.data as { signInLink?: boolean }).signInLink).toBe(true);
      await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([TEACHER_EMAIL]);
      const link = linkInMail(smtp.received[0]!.data);
      const token = link.split("/").pop()!;
      const page = await run("loader", linkPage, link, { token }, teacherHome);
      expect(page.status).toBe(200);
      signedIn = await run("action", linkPage, link, { token }, teacherHome, {});
    }
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/teacher-dashboard");
  }, 120_000);
});

describe("a card's own address", () => {
  const post = (key: string, code: string, from = "198.51.100.9") =>
    run("action", cardAddress, `/c/${key}`, { shortKey: key }, from, { code });

  it("answers a wrong key with a right code exactly as a wrong code, and any 7 letters with the same page", async () => {
    const school = makeSchool();
    const pupil = school.pupils[3]!;
    const view = await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id));
    const own = view.students.find((s) => s.id === pupil.id)!.address.split("/c/")[1]!;
    expect(own).toMatch(/^[2-9a-hjkmnp-z]{7}$/);
    const otherKey = own === "2222222" ? "3333333" : "2222222";
    const wrongKey = await post(otherKey, pupil.code);
    const wrongCode = await post(own, school.pupils[4]!.code);
    expect(wrongKey.status).toBe(401);
    // The same words; only the code typed, kept in the field, differs.
    expect(call.refusal(wrongKey).errors).toEqual(call.refusal(wrongCode).errors);
    expect([...wrongKey.headers!.keys()]).toEqual([...wrongCode.headers!.keys()]);
    for (const k of [own, otherKey, own.toUpperCase()]) {
      const page = await run("loader", cardAddress, `/c/${k}`, { shortKey: k }, "198.51.100.9");
      expect(page.status).toBe(200);
      expect(page.data).toEqual({ card: true });
    }
    expect((await post(own.toUpperCase(), pupil.code)).location).toBe("/student-game");
  });

  it("changes with a new code, so an old card opens nothing", async () => {
    const school = makeSchool();
    const pupil = school.pupils[2]!;
    const before = (await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id))).students;
    const oldKey = before.find((s) => s.id === pupil.id)!.address.split("/c/")[1]!;
    const renewed = codes.withFreshLoginCode((code) => {
      db.$client.prepare("UPDATE students SET login_code = ? WHERE id = ?").run(code, pupil.id);
      return code;
    });
    expect((await post(oldKey, renewed.code)).status).toBe(401);
    const after = (await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id))).students;
    const newKey = after.find((s) => s.id === pupil.id)!.address.split("/c/")[1]!;
    expect(newKey).not.toBe(oldKey);
    expect((await post(newKey, renewed.code)).location).toBe("/student-game");
  });

  it("counts only the burst per address: one address waits, the pupil at another gets in", async () => {
    const school = makeSchool();
    const pupil = school.pupils[1]!;
    const view = await cards.loginCardsView(school.klass, students.listStudentsOfClass(school.klass.id));
    const key = view.students.find((s) => s.id === pupil.id)!.address.split("/c/")[1]!;
    const random = seeded(7);
    for (let i = 0; i < 60; i++) expect((await post(key, randomCode(random), "203.0.113.5")).status).toBe(401);
    const waiting = await post(key, pupil.code, "203.0.113.5");
    expect(waiting.status).toBe(429);
    expect(waiting.headers?.get("Retry-After")).toMatch(/^\d+$/);
    expect((await post(key, pupil.code, "198.51.100.44")).location).toBe("/student-game");
  });
});

describe("a teacher's sign-in link", () => {
  /** Spends the teachers' pool, so that every new place is refused there. */
  async function spendTeachersPool() {
    const random = seeded(9);
    for (let i = 0; i < 200; i++)
      await run("action", teacherLogin, "/teacher-login", {}, `10.9.${i >> 8}.${i & 255}`, {
        code: randomCode(random),
      });
  }
  const tryCode = (code: string, from: string) => run("action", teacherLogin, "/teacher-login", {}, from, { code });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("answers a right code and a wrong one alike, and mails only the right one's teacher", async () => {
    const school = makeSchool();
    await spendTeachersPool();
    await settle();
    smtp.reset();
    const right = await tryCode(school.teacher.code, "198.51.100.60");
    const wrong = await tryCode("12345678", "198.51.100.61");
    expect([right.status, wrong.status]).toEqual([429, 429]);
    expect(call.refusal(right).errors).toEqual(call.refusal(wrong).errors);
    expect(Object.keys(right.data as object)).toEqual(Object.keys(wrong.data as object));
    expect(right.headers?.get("Retry-After")).toBe(wrong.headers?.get("Retry-After"));
    expect(right.data).toMatchObject({ signInLink: true });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    await settle();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.data).toContain("Subject: Log in to Maths Sprint");
  });

  it("goes only to a confirmed address, 3 an hour at most; an address asks 3 times, then looks nothing up", async () => {
    const school = makeSchool();
    await spendTeachersPool();
    db.$client.prepare("UPDATE teachers SET digest_confirmed_at = NULL WHERE id = ?").run(school.teacher.id);
    await tryCode(school.teacher.code, "198.51.100.70");
    await settle();
    expect(smtp.received).toHaveLength(0);
    db.$client.prepare("UPDATE teachers SET digest_confirmed_at = 1 WHERE id = ?").run(school.teacher.id);
    for (let i = 0; i < 5; i++) await tryCode(school.teacher.code, `198.51.100.${80 + i}`);
    // Mails go after the answers: wait for the three (a busy machine takes longer than a settle), then for any more.
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await settle();
    expect(smtp.received).toHaveLength(3);
    limits.resetLimits();
    await spendTeachersPool();
    smtp.reset();
    for (let i = 0; i < 3; i++) await tryCode("12345678", "198.51.100.90");
    const fourth = await tryCode(school.teacher.code, "198.51.100.90");
    expect(fourth.status).toBe(429);
    expect(fourth.data).not.toHaveProperty("signInLink");
    await settle();
    expect(smtp.received).toHaveLength(0);
  });

  const openLink = (page: typeof linkPage, token: string, kind: "loader" | "action", from = "198.51.100.100") =>
    run(kind, page, `/teacher-login/link/${token}`, { token }, from, kind === "action" ? {} : undefined);
  const bindingOf = (teacherId: string) => students.teacherSignInOf({ id: teacherId })!;

  it("works once, for 20 minutes, and not after a new code", async () => {
    const school = makeSchool();
    const tokens = await import("~/school/teacher-sign-in-links.server");
    const open = (token: string, kind: "loader" | "action") => openLink(linkPage, token, kind);
    const once = tokens.signInToken(bindingOf(school.teacher.id), Date.now());
    const sentBefore = tokens.signInToken(bindingOf(school.teacher.id), Date.now());
    expect((await open(once, "action")).location).toBe("/teacher-dashboard");
    expect((await open(once, "action")).status).toBe(404);
    // Using one link ends the others sent before it.
    expect((await open(sentBefore, "loader")).status).toBe(404);
    const old = tokens.signInToken(bindingOf(school.teacher.id), Date.now() - 21 * 60_000);
    expect((await open(old, "loader")).status).toBe(404);
    const before = tokens.signInToken(bindingOf(school.teacher.id), Date.now());
    db.$client.prepare("UPDATE teachers SET login_code = ? WHERE id = ?").run("98765432", school.teacher.id);
    expect((await open(before, "loader")).status).toBe(404);
    expect((await open(before, "action")).status).toBe(404);
  });

  it("stays used after a restart: the mailed link, opened again by a fresh server, opens nothing", async () => {
    const school = makeSchool();
    await spendTeachersPool();
    await settle();
    smtp.reset();
    await tryCode(school.teacher.code, "198.51.100.110");
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const token = linkInMail(smtp.received[0]!.data).split("/").pop()!;
    expect((await openLink(linkPage, token, "action")).location).toBe("/teacher-dashboard");

    // A restart: every module made again, with nothing kept in memory but the same database file.
    vi.resetModules();
    const restarted = await import("~/routes/school/teacher-login-link");
    expect(restarted).not.toBe(linkPage);
    (await import("~/limits/rate-limit.server")).resetLimits();
    for (const kind of ["loader", "action"] as const) {
      const again = await openLink(restarted, token, kind, "198.51.100.111");
      expect(again.status, kind).toBe(404);
    }
    expect(db.$client.prepare("SELECT COUNT(*) AS n FROM sessions").get()).toEqual({ n: 1 });
  });
});
