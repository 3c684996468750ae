import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testSmtpServer } from "./smtp-test-server";

/*
 * No lock-outs away from school (docs/product.md#guessing-login-codes, docs/decisions/0069-logins-that-no-guesser-can-close.md):
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

/** mulberry32: the same guesses on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
