// The live game's state machine (app/live/game.ts, docs/decisions/0064-live-class-game.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemSequence, verifyRun, type RunSpec } from "../../../app/game";
import {
  advance,
  answer,
  createGame,
  endNow,
  joinGame,
  playAgain,
  removePlayer,
  standings,
  startGame,
  type LiveGame,
} from "../../../app/live/game";
import { newAdmission } from "../../../app/live/admission";
import { LIVE_LIMITS } from "../../../app/live/protocol";

const T0 = Date.UTC(2026, 10, 27, 10, 0, 0);
const spec: RunSpec = { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] };

function game(durationSeconds = 30): LiveGame {
  return createGame({
    code: "123456",
    hostToken: "h".repeat(32),
    host: { kind: "teacher", teacherId: "t1", classId: "c1" },
    spec,
    durationSeconds,
    seed: "seed-1",
    now: T0,
    admission: newAdmission({ classId: null, rosterSize: 0, guests: true }),
  });
}

const token = (n: number) => String(n).padStart(32, "0");
const join = (g: LiveGame, n: number, studentId: string | null = null) =>
  joinGame(g, { token: token(n), name: `P${n}`, kind: studentId ? "pupil" : "guest", studentId }, T0, {
    classId: null,
    addressGroup: `address ${n}`,
    browserId: `browser ${n}`,
  });

/** A started game, its clock at the start of play. */
function playing(players = 2, durationSeconds = 30) {
  const g = game(durationSeconds);
  for (let n = 1; n <= players; n++) join(g, n, `s${n}`);
  startGame(g, T0);
  const start = g.startsAt!;
  expect(advance(g, start)).toBe("playing");
  return { g, start };
}

const rightAnswer = (g: LiveGame, i: number) => String(problemSequence(g.spec, g.seed)(i).answer);

describe("the live game's phases", () => {
  it("goes lobby → countdown → playing → podium with the clock it is given", () => {
    const g = game();
    expect(startGame(g, T0)).toBe(false); // no one to play
    join(g, 1);
    expect(startGame(g, T0)).toBe(true);
    expect(g.phase).toBe("countdown");
    expect(g.startsAt).toBe(T0 + LIVE_LIMITS.countdownMs);
    expect(g.endsAt).toBe(g.startsAt! + 30_000);
    expect(advance(g, g.startsAt! - 1)).toBeNull();
    expect(advance(g, g.startsAt!)).toBe("playing");
    expect(advance(g, g.endsAt!)).toBeNull(); // the grace for answers on their way
    expect(advance(g, g.endsAt! + LIVE_LIMITS.endGraceMs)).toBe("podium");
  });

  it("ends early on End, back to the lobby when not begun, and plays again with the same players and a new seed", () => {
    const g = game();
    join(g, 1);
    startGame(g, T0);
    expect(endNow(g, T0 + 1)).toBe(true);
    expect(g.phase).toBe("lobby");
    startGame(g, T0);
    advance(g, g.startsAt!);
    answer(g, token(1), [{ i: 0, value: rightAnswer(g, 0), t: 1000 }], g.startsAt! + 1000);
    endNow(g, g.startsAt! + 5000);
    expect(advance(g, g.startsAt! + 5000)).toBe("podium");
    expect(g.players[0]!.place).toBe(1);
    expect(playAgain(g, "seed-2", T0)).toBe(true);
    expect(g.phase).toBe("lobby");
    expect(g.seed).toBe("seed-2");
    expect(g.players[0]).toMatchObject({ answers: [], right: 0, place: null });
  });
});

describe("joining", () => {
  it("gives a pupil their own player back, refuses a full game and a closed one", () => {
    const g = game();
    const first = join(g, 1, "s1");
    const again = join(g, 2, "s1");
    expect(again.ok && first.ok && again.player === first.player && again.rejoined).toBe(true);
    for (let n = 2; n <= LIVE_LIMITS.maxPlayers; n++) expect(join(g, 100 + n).ok).toBe(true);
    expect(join(g, 999)).toEqual({ ok: false, reason: "full" });
    g.phase = "closed";
    expect(join(g, 1000)).toEqual({ ok: false, reason: "closed" });
  });

  it("lets a late joiner play the rest of the round, timed from the same start", () => {
    const { g, start } = playing(1);
    join(g, 9);
    const late = answer(g, token(9), [{ i: 0, value: rightAnswer(g, 0), t: 10_000 }], start + 10_000);
    expect(late).toMatchObject({ ok: true, held: 1, right: 1 });
  });
});

describe("answers", () => {
  it("are checked as they come, retries skipped, and held only in order", () => {
    const { g, start } = playing();
    const a0 = { i: 0, value: rightAnswer(g, 0), t: 1500 };
    expect(answer(g, token(1), [a0], start + 1600)).toEqual({ ok: true, held: 1, right: 1 });
    // The same again (a retry) and the next: one more held.
    const a1 = { i: 1, value: "999", t: 2500 };
    expect(answer(g, token(1), [a0, a1], start + 2600)).toEqual({ ok: true, held: 2, right: 1 });
    const skipped = answer(g, token(1), [{ i: 5, value: "1", t: 3000 }], start + 3100);
    expect(skipped).toMatchObject({ ok: true, held: 2, refused: expect.stringContaining("in order") });
  });

  it("refuse answers faster than a person, before the start, after the time, and what is not a number", () => {
    const { g, start } = playing();
    const fast = answer(
      g,
      token(1),
      [
        { i: 0, value: "1", t: 1000 },
        { i: 1, value: "1", t: 1100 },
      ],
      start + 1200,
    );
    expect(fast).toMatchObject({ held: 1, refused: expect.stringContaining("faster") });
    expect(answer(g, token(2), [{ i: 0, value: "1", t: -5 }], start + 100)).toMatchObject({ held: 0 });
    expect(answer(g, token(2), [{ i: 0, value: "1", t: 9000 }], start + 1000)).toMatchObject({ held: 0 });
    expect(answer(g, token(2), [{ i: 0, value: "1e3", t: 900 }], start + 1000)).toMatchObject({ held: 0 });
    expect(answer(g, token(2), [{ i: 0, value: "", t: 900 }], start + 1000)).toMatchObject({ held: 0 });
  });

  it("are a player's own: no token, another's made-up one or a removed player's is refused", () => {
    const { g, start } = playing();
    expect(answer(g, "x".repeat(32), [{ i: 0, value: "1", t: 900 }], start + 1000)).toMatchObject({
      ok: false,
      status: 403,
    });
    removePlayer(g, g.players[1]!.id, start);
    expect(answer(g, token(2), [{ i: 0, value: "1", t: 900 }], start + 1000)).toMatchObject({ status: 403 });
    expect(g.players[0]!.answers).toHaveLength(0);
  });

  it("are refused before the start and after the end", () => {
    const g = game();
    join(g, 1);
    expect(answer(g, token(1), [{ i: 0, value: "1", t: 0 }], T0)).toMatchObject({ status: 409 });
    startGame(g, T0);
    advance(g, g.closesAt!);
    expect(g.phase).toBe("podium");
    expect(answer(g, token(1), [{ i: 0, value: "1", t: 1000 }], g.closesAt! + 1)).toMatchObject({ status: 409 });
  });

  it("held one by one always make a run the end's verification accepts (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3000 }), right: fc.boolean() }), { maxLength: 40 }),
        fc.integer({ min: -500, max: 500 }),
        (steps, skew) => {
          const { g, start } = playing(1);
          let t = 0;
          steps.forEach((step, k) => {
            t += step.gap;
            const value = step.right ? rightAnswer(g, g.players[0]!.answers.length) : "0";
            answer(g, token(1), [{ i: g.players[0]!.answers.length, value, t: t + skew }], start + t);
            void k;
          });
          const held = g.players[0]!.answers;
          if (held.length === 0) return;
          const verdict = verifyRun({
            spec: g.spec,
            seed: g.seed,
            answers: held,
            startedAt: start,
            finishedAt: g.endsAt!,
          });
          expect(verdict.ok).toBe(true);
          if (verdict.ok) expect(verdict.summary.score).toBe(g.players[0]!.right);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("standings", () => {
  it("place by right answers, then who got there first; equal ones share a place; removed players leave", () => {
    const { g, start } = playing(3);
    answer(g, token(1), [{ i: 0, value: rightAnswer(g, 0), t: 2000 }], start + 2000);
    answer(g, token(2), [{ i: 0, value: rightAnswer(g, 0), t: 1000 }], start + 2000);
    const lines = standings(g, () => true);
    expect(lines.map((line) => [line.name, line.place])).toEqual([
      ["P2", 1],
      ["P1", 2],
      ["P3", 3],
    ]);
    join(g, 4);
    expect(standings(g, () => false).map((line) => line.place)).toEqual([1, 2, 3, 3]);
    removePlayer(g, g.players[0]!.id, start);
    expect(standings(g, () => true).map((line) => line.name)).toEqual(["P2", "P3", "P4"]);
  });
});
