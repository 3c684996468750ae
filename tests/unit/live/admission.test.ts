// Who gets a seat in a live game (app/live/admission.ts, docs/decisions/0071-live-seats-for-the-class.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GUESTS_PER_ADDRESS,
  bar,
  mayJoin,
  newAdmission,
  seated,
  setDoor,
  type Knock,
} from "../../../app/live/admission";
import { LIVE_LIMITS } from "../../../app/live/protocol";

const knock = (over: Partial<Knock>): Knock => ({
  kind: "guest",
  studentId: null,
  classId: null,
  addressGroup: "a",
  browserId: null,
  ...over,
});

describe("the door", () => {
  it("a class's game: pupils of the class only, until the host lets guests in; a member's game: anyone", () => {
    const door = newAdmission({ classId: "c1", rosterSize: 5, guests: false });
    expect(mayJoin(door, knock({}), [])).toBe("class-only");
    expect(mayJoin(door, knock({ kind: "pupil", studentId: "s9", classId: "c2" }), [])).toBe("class-only");
    expect(mayJoin(door, knock({ kind: "pupil", studentId: "s1", classId: "c1" }), [])).toBeNull();
    expect(setDoor(door, { guests: true })).toBe(true);
    expect(mayJoin(door, knock({}), [])).toBeNull();
    const open = newAdmission({ classId: null, rosterSize: 30, guests: false });
    expect(open).toMatchObject({ guests: true, reserved: 0 });
    expect(setDoor(open, { guests: false })).toBe(false);
  });

  it("locked: no one new", () => {
    const door = newAdmission({ classId: "c1", rosterSize: 5, guests: true });
    setDoor(door, { locked: true });
    expect(mayJoin(door, knock({ kind: "pupil", studentId: "s1", classId: "c1" }), [])).toBe("locked");
    expect(mayJoin(door, knock({}), [])).toBe("locked");
  });

  it("bars a removed pupil by id and a removed browser by its id", () => {
    const door = newAdmission({ classId: null, rosterSize: 0, guests: true });
    bar(door, { studentId: "s1", door: { browserId: "b1", addressGroup: "a", own: false } });
    expect(mayJoin(door, knock({ kind: "pupil", studentId: "s1", browserId: "b2" }), [])).toBe("removed");
    expect(mayJoin(door, knock({ browserId: "b1", addressGroup: "z" }), [])).toBe("removed");
    expect(mayJoin(door, knock({ browserId: "b3" }), [])).toBeNull();
  });

  it("whatever the order of strangers and pupils, every pupil of the class finds a seat and no address seats more than its share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 45 }),
        fc.array(fc.oneof(fc.constant("pupil"), fc.integer({ min: 0, max: 12 })), { maxLength: 150 }),
        (roster, order) => {
          const door = newAdmission({ classId: "c1", rosterSize: roster, guests: true });
          const players: { own: boolean; removed: boolean }[] = [];
          let next = 0;
          const refusedPupils: number[] = [];
          // Every pupil of the roster knocks once, in the order given (the rest at the end).
          const knocks = [...order, ...Array<"pupil">(roster).fill("pupil")];
          for (const each of knocks) {
            if (each === "pupil" && next >= roster) continue;
            const who =
              each === "pupil"
                ? knock({ kind: "pupil", studentId: `s${next++}`, classId: "c1" })
                : knock({ addressGroup: `a${each}` });
            if (mayJoin(door, who, players) === null) players.push({ own: seated(door, who).own, removed: false });
            else if (each === "pupil") refusedPupils.push(next - 1);
          }
          const pupils = players.filter((player) => player.own).length;
          expect(refusedPupils.length).toBe(Math.max(0, roster - LIVE_LIMITS.maxPlayers));
          expect(pupils).toBe(Math.min(roster, LIVE_LIMITS.maxPlayers));
          expect(players.length).toBeLessThanOrEqual(LIVE_LIMITS.maxPlayers);
          for (const count of door.guestsByAddress.values()) expect(count).toBeLessThanOrEqual(GUESTS_PER_ADDRESS);
        },
      ),
      { seed: 41, numRuns: 300 },
    );
  });
});
