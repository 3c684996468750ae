import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, hashQueueState, verifyPassword } from "~/accounts/password.server";
import { TOKEN_LIFETIME_MS, issueToken, peekToken, redeemToken } from "~/auth/tokens.server";
import type { Player } from "~/auth/player.server";
import { claimAnonymousScores, recordEntry, topPlayers, type NewEntry } from "~/models/leaderboard.server";
import {
  deleteMemberSessions,
  insertMemberSession,
  listMemberSessions,
  memberOfSession,
} from "~/models/sessions.server";
import {
  createMember,
  deleteMember,
  findMemberByEmail,
  getMemberProfile,
  publicNameTaken,
  setPublicName,
} from "~/models/users.server";
import { db } from "~/db/client.server";
import { gameRuns, leaderboardBests, leaderboardEntries } from "~/db/schema";
import { eq } from "drizzle-orm";

let n = 0;
function member(overrides: Partial<Parameters<typeof createMember>[0]> = {}) {
  n += 1;
  const created = createMember({
    email: `kid${n}@example.org`,
    phone: null,
    passwordHash: null,
    username: `Swift Otter ${n}`,
    emailVerified: true,
    ...overrides,
  });
  if (!created.ok) throw new Error(`could not create member: ${created.taken}`);
  return created.id;
}

const NOW = Date.now();
function entry(overrides: Partial<NewEntry>): NewEntry {
  return {
    score: 10,
    totalQuestions: 10,
    accuracy: 100,
    gameType: "normal",
    username: null,
    userId: null,
    anonId: null,
    runId: null,
    createdAt: NOW - 60_000,
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("passwords", () => {
  it("are hashed with argon2id at m=19456 KiB, t=2, p=1 and verified", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse")).toBe(true);
    expect(await verifyPassword(stored, "wrong horse")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });

  it("never run more than a few hashes at once, however many are asked for", async () => {
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashQueueState().running)), 1);
    await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`password ${i}`)));
    clearInterval(watch);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(hashQueueState().maxRunning);
    expect(hashQueueState()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe("e-mailed tokens", () => {
  it("work once, and only while fresh", () => {
    const id = member();
    const token = issueToken("password_reset", id);
    expect(peekToken("password_reset", token)).toBe(id);
    expect(peekToken("email_verification", token)).toBeUndefined();
    expect(redeemToken("password_reset", token)).toBe(id);
    expect(redeemToken("password_reset", token)).toBeUndefined();
    expect(peekToken("password_reset", token)).toBeUndefined();

    vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
    const late = issueToken("password_reset", id);
    vi.setSystemTime(Date.now() + TOKEN_LIFETIME_MS.password_reset + 1);
    expect(redeemToken("password_reset", late)).toBeUndefined();
  });

  it("replace the member's earlier unused token, and refuse malformed ones without a query", () => {
    const id = member();
    const first = issueToken("email_verification", id);
    const second = issueToken("email_verification", id);
    expect(peekToken("email_verification", first)).toBeUndefined();
    expect(peekToken("email_verification", second)).toBe(id);
    for (const bad of [null, "", "short", "x".repeat(500), 42, "../../etc/passwd".padEnd(43, "a")]) {
      expect(redeemToken("email_verification", bad)).toBeUndefined();
    }
  });
});

describe("members", () => {
  it("report a taken e-mail, phone or public name (whatever its case) instead of throwing", () => {
    member({ email: "taken@example.org", phone: "+447700900123", username: "Brave Panda" });
    const again = (o: Partial<Parameters<typeof createMember>[0]>) =>
      createMember({
        email: null,
        phone: null,
        passwordHash: null,
        username: "Unique One",
        emailVerified: false,
        ...o,
      });
    expect(again({ email: "taken@example.org" })).toEqual({ ok: false, taken: "email" });
    expect(again({ phone: "+447700900123", username: "Unique Two" })).toEqual({ ok: false, taken: "phone" });
    expect(again({ username: "brave PANDA" })).toEqual({ ok: false, taken: "username" });
    expect(publicNameTaken("BRAVE panda")).toBe(true);
    expect(findMemberByEmail("taken@example.org")?.phone).toBe("+447700900123");
  });

  it("rename only to a free name", () => {
    const a = member({ username: "Calm Koala" });
    member({ username: "Happy Hippo" });
    expect(setPublicName(a, "happy hippo")).toBe(false);
    expect(setPublicName(a, "Jolly Lemur")).toBe(true);
    expect(getMemberProfile(a)?.username).toBe("Jolly Lemur");
    expect(publicNameTaken("Jolly Lemur", a)).toBe(false);
  });

  it("find a name taken when it looks like another member's: look-alike letters, other scripts, rn for m", () => {
    const tom = member({ username: "Tom Smith" });
    // Cyrillic capitals, a zero for the O, "rn" for the m, and a joiner that shows nothing.
    for (const lookAlike of ["ТОМ ЅМІТН", "T0m Smith", "Torn Smith", "Tom Smi\u034Fth", "TOM SMITH"]) {
      expect(publicNameTaken(lookAlike), lookAlike).toBe(true);
      expect(publicNameTaken(lookAlike, tom), lookAlike).toBe(false);
    }
    expect(publicNameTaken("Tim Smith")).toBe(false);
    // The database refuses a look-alike even when the check before it was skipped (two requests at once).
    expect(
      createMember({ email: null, phone: null, passwordHash: null, username: "Torn Smith", emailVerified: false }),
    ).toEqual({ ok: false, taken: "username" });
    const other = member({ username: "Calm Otter" });
    expect(setPublicName(other, "ТОМ ЅМІТН")).toBe(false);
    expect(getMemberProfile(other)?.username).toBe("Calm Otter");
    // A member may rename to a look-alike of their own name.
    expect(setPublicName(tom, "Torn Smith")).toBe(true);
    expect(setPublicName(other, "Tom Smith")).toBe(false);
  });
});

describe("sessions", () => {
  it("name a member while live; ending others keeps the current one", () => {
    const id = member();
    const at = Date.now();
    insertMemberSession({ id: "s-phone", userId: id, userAgent: "phone", expiresAt: at + 60_000 });
    insertMemberSession({ id: "s-pc", userId: id, userAgent: "pc", expiresAt: at + 60_000 });
    insertMemberSession({ id: "s-old", userId: id, userAgent: "old", expiresAt: at - 1 });
    expect(memberOfSession("s-phone", at)?.userId).toBe(id);
    expect(memberOfSession("s-old", at)).toBeUndefined();
    expect(
      listMemberSessions(id, at)
        .map((s) => s.id)
        .sort(),
    ).toEqual(["s-pc", "s-phone"]);
    deleteMemberSessions(id, "s-pc");
    expect(listMemberSessions(id, at).map((s) => s.id)).toEqual(["s-pc"]);
  });
});

describe("a visitor's scores", () => {
  it("move to the member who signs up or in from that browser: one player on the boards, best score kept", () => {
    const id = member({ username: "Quick Fox" });
    const viewer: Player = { kind: "member", userId: id, username: "Quick Fox" };
    recordEntry(entry({ userId: id, username: "Quick Fox", score: 12, totalQuestions: 12 }));
    recordEntry(entry({ anonId: "anon-quick", score: 15, totalQuestions: 15, timeLimit: 60 }));
    recordEntry(entry({ anonId: "anon-quick", score: 9, totalQuestions: 9, timeLimit: 30 }));
    recordEntry(entry({ anonId: "someone-else", score: 1, totalQuestions: 1 }));
    const visitor: Player = { kind: "anon", anonId: "anon-quick" };
    const before = topPlayers({ board: "normal", period: "all-time", limit: 20, now: NOW, player: visitor });
    expect(before.filter((r) => r.mine).map((r) => r.score)).toEqual([15]);

    expect(claimAnonymousScores("anon-quick", { userId: id, username: "Quick Fox" })).toBe(2);
    for (const period of ["all-time", "daily"] as const) {
      const rows = topPlayers({ board: "normal", period, limit: 20, now: NOW, player: viewer });
      const mine = rows.filter((r) => r.mine);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ name: "Quick Fox", score: 15 });
      // The time tabs move with them (docs/decisions/0025-board-time-tabs.md).
      for (const [timeLimit, score] of [
        [60, 15],
        [30, 9],
      ] as const) {
        const tab = topPlayers({ board: "normal", period, limit: 20, now: NOW, player: viewer, timeLimit });
        expect(tab.filter((r) => r.mine).map((r) => [r.name, r.score])).toEqual([["Quick Fox", score]]);
        expect(tab.some((r) => r.name === "Anonymous Player" && r.score === score)).toBe(false);
      }
    }
    expect(claimAnonymousScores("anon-quick", { userId: id, username: "Quick Fox" })).toBe(0);
  });

  it("and everything a member played goes when the account is deleted", () => {
    const id = member({ username: "Gone Gecko" });
    const entryId = recordEntry(entry({ userId: id, username: "Gone Gecko", score: 30, totalQuestions: 30 }));
    db.insert(gameRuns)
      .values({
        id: `run-${id}`,
        mode: "solo",
        gameType: "normal",
        userId: id,
        score: 30,
        totalQuestions: 30,
        accuracy: 100,
        startedAt: NOW,
        finishedAt: NOW,
        answers: [],
      })
      .run();
    deleteMember(id);
    expect(db.select().from(leaderboardEntries).where(eq(leaderboardEntries.id, entryId)).all()).toEqual([]);
    expect(db.select().from(leaderboardBests).where(eq(leaderboardBests.entryId, entryId)).all()).toEqual([]);
    expect(db.select().from(gameRuns).where(eq(gameRuns.userId, id)).all()).toEqual([]);
    expect(getMemberProfile(id)).toBeUndefined();
  });
});
