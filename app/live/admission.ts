// Who may take a seat in a live game (docs/product.md#live-game, docs/decisions/0071-live-seats-for-the-class.md):
// a class's game is its pupils' unless the host lets guests in; the host may lock the door; every pupil of the class
// has a seat kept for them; guests are counted per address; whoever the host removed stays out. Pure: the hub gives
// it the game, who knocks and from where (an address group's key and the browser's id, both opaque strings).
import { LIVE_LIMITS, type LivePlayerKind } from "./protocol";

/** Guests one address (an IPv4 address, or an IPv6 /64) may seat in one game, the removed ones included. */
export const GUESTS_PER_ADDRESS = 3;

/** Why a join was turned away; "removed": the host took this pupil or browser out of the game before. */
export type TurnedAway = "full" | "closed" | "locked" | "class-only" | "address-full" | "removed";

/** A game's door: set when the game opens, changed by the host. */
export type Admission = {
  /** The class whose pupils the game is for (a teacher's game), or null (a member's game: anyone). */
  classId: string | null;
  /** Seats kept for the class's pupils: its roster when the game opened (at most the game's seats). */
  reserved: number;
  /** Whether anyone but the class's pupils may join (always, for a member's game). */
  guests: boolean;
  /** Locked: no one new joins (a player already in keeps their seat and may come back to it). */
  locked: boolean;
  /** Pupils (`pupil:<id>`) and browsers (`browser:<id>`) the host removed. */
  barred: Set<string>;
  /** Guests seated per address group, the removed ones included. */
  guestsByAddress: Map<string, number>;
  /** Joins turned away so far, for the host's screen. */
  turnedAway: number;
};

export function newAdmission(input: { classId: string | null; rosterSize: number; guests: boolean }): Admission {
  return {
    classId: input.classId,
    reserved: input.classId === null ? 0 : Math.min(input.rosterSize, LIVE_LIMITS.maxPlayers),
    guests: input.classId === null ? true : input.guests,
    locked: false,
    barred: new Set(),
    guestsByAddress: new Map(),
    turnedAway: 0,
  };
}

/** Who knocks: a pupil (their id and class) or a guest, from an address group, in a browser (ids may be unknown). */
export type Knock = {
  kind: LivePlayerKind;
  studentId: string | null;
  classId: string | null;
  addressGroup: string | null;
  browserId: string | null;
};

/** Where a player came in from: kept with the player so a removal bars the same browser. */
export type Door = { browserId: string | null; addressGroup: string | null; own: boolean };

/** A seated player's part in the count: a pupil of the game's class, or anyone else. */
type Seated = { own: boolean; removed: boolean };

export const isOwnPupil = (admission: Admission, knock: Pick<Knock, "studentId" | "classId">) =>
  admission.classId !== null && knock.studentId !== null && knock.classId === admission.classId;

const NO_ADDRESS = "-";

/** Whether the knock was barred by an earlier removal (checked before a pupil gets their own seat back). */
export function isBarred(admission: Admission, knock: Pick<Knock, "studentId" | "browserId">): boolean {
  return (
    (knock.studentId !== null && admission.barred.has(`pupil:${knock.studentId}`)) ||
    (knock.browserId !== null && admission.barred.has(`browser:${knock.browserId}`))
  );
}

/**
 * Whether a new player may sit down: not locked, a guest only where guests are let in and their address has not
 * seated its share, and a seat free for them: the class's pupils have one each kept (up to the game's seats), the
 * others share what is left. So a class's pupil always finds a seat, however many strangers came first.
 */
export function mayJoin(admission: Admission, knock: Knock, seated: readonly Seated[]): TurnedAway | null {
  if (isBarred(admission, knock)) return "removed";
  if (admission.locked) return "locked";
  const own = isOwnPupil(admission, knock);
  if (!own && !admission.guests) return "class-only";
  if (!own && knock.studentId === null) {
    const seen = admission.guestsByAddress.get(knock.addressGroup ?? NO_ADDRESS) ?? 0;
    if (seen >= GUESTS_PER_ADDRESS) return "address-full";
  }
  const active = seated.filter((player) => !player.removed);
  if (active.length >= LIVE_LIMITS.maxPlayers) return "full";
  if (!own && active.filter((player) => !player.own).length >= LIVE_LIMITS.maxPlayers - admission.reserved) {
    return "full";
  }
  return null;
}

/** A player sat down: a guest counts against their address for the rest of the game. */
export function seated(admission: Admission, knock: Knock): Door {
  const own = isOwnPupil(admission, knock);
  if (!own && knock.studentId === null) {
    const key = knock.addressGroup ?? NO_ADDRESS;
    admission.guestsByAddress.set(key, (admission.guestsByAddress.get(key) ?? 0) + 1);
  }
  return { browserId: knock.browserId, addressGroup: knock.addressGroup, own };
}

/** The host removed a player: their pupil id and their browser stay out of this game. */
export function bar(admission: Admission, player: { studentId: string | null; door: Door }): void {
  if (player.studentId !== null) admission.barred.add(`pupil:${player.studentId}`);
  if (player.door.browserId !== null) admission.barred.add(`browser:${player.door.browserId}`);
}

/** An erased pupil (docs/product.md#data-rights): their id is forgotten here too. */
export function forgetPupil(admission: Admission, studentId: string): void {
  admission.barred.delete(`pupil:${studentId}`);
}

/** The host's switches: the door locked or not, guests let in or not (a member's game always lets them in). */
export function setDoor(admission: Admission, change: { locked?: boolean; guests?: boolean }): boolean {
  let changed = false;
  if (change.locked !== undefined && change.locked !== admission.locked) {
    admission.locked = change.locked;
    changed = true;
  }
  if (change.guests !== undefined && admission.classId !== null && change.guests !== admission.guests) {
    admission.guests = change.guests;
    changed = true;
  }
  return changed;
}
