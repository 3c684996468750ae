// Attacks on a live game's seats (docs/product.md#under-attack, docs/decisions/0071-live-seats-for-the-class.md):
// strangers flooding a class's game from 1 to 10,000 addresses, a removed player coming back, and scripts racing the
// class, against the game's own rules (app/live/game.ts, app/live/admission.ts, the one pace judge app/game/pace.ts).
// Seeded: the same outcomes every run; the cost of a join turned away is timed next to an admitted join (the floor)
// in the same run. A few seconds. Run: npm run bench -- attack-seats
import { performance } from "node:perf_hooks";
import { rngFromString } from "~/game/prng";
import { timeLimitOf, type RunSpec } from "../app/game";
import { GUESTS_PER_ADDRESS, newAdmission, setDoor, type Admission } from "../app/live/admission";
import { advance, answer, createGame, joinGame, removePlayer, startGame, type LiveGame } from "../app/live/game";
import { LIVE_LIMITS } from "../app/live/protocol";
import { BOT_STRATEGIES, HUMAN_PROFILES, humanRun } from "./lib/fair-play-corpus";
import { machine, round, writeResults } from "./lib/report";

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const CLASS = 30;
const SEEDS = 20;
const spec: RunSpec = { mode: "student", difficulty: "easy", operations: ["addition"], timesTables: [] };

/** A seeded source of numbers in [0, 1): the engine's one generator (app/game/prng.ts). */
const prng = (seed: number) => {
  const rng = rngFromString(`prng:${seed}`);
  return () => rng.next();
};

let tokens = 0;
const token = () => String(++tokens).padStart(32, "0");

function classGame(admission: Admission, seed = "seed"): LiveGame {
  return createGame({
    code: "123456",
    hostToken: "h".repeat(32),
    host: { kind: "teacher", teacherId: "t1", classId: "c1" },
    spec,
    durationSeconds: timeLimitOf(spec),
    seed,
    now: T0,
    admission,
  });
}

const guestKnock = (address: string, browser: string | null = null) => ({
  classId: null,
  addressGroup: address,
  browserId: browser,
});
const joinGuest = (game: LiveGame, address: string, browser: string | null = null) =>
  joinGame(
    game,
    { token: token(), name: "Brave Otter", kind: "guest", studentId: null },
    T0,
    guestKnock(address, browser),
  );
const joinPupil = (game: LiveGame, k: number) =>
  joinGame(game, { token: token(), name: `Pupil ${k}`, kind: "pupil", studentId: `s${k}` }, T0, {
    classId: "c1",
    addressGroup: "school",
    browserId: `pupil-browser-${k}`,
  });

/** Strangers knock `joins` times from `addresses` addresses while the class's 30 pupils join, shuffled together. */
function flood(addresses: number, joins: number, guests: boolean) {
  const outcome = {
    guestsSeatedMax: 0,
    pupilsSeatedMin: CLASS,
    pupilsRefused: 0,
    joinsTurnedAway: 0,
    perAddressMax: 0,
  };
  for (let seed = 1; seed <= SEEDS; seed++) {
    const random = prng(seed * 7919 + addresses);
    const game = classGame(newAdmission({ classId: "c1", rosterSize: CLASS, guests }));
    const order: number[] = [...Array.from({ length: joins }, (_, k) => k % addresses), ...Array(CLASS).fill(-1)];
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    let pupil = 0;
    for (const who of order) {
      if (who === -1) {
        if (!joinPupil(game, pupil++).ok) outcome.pupilsRefused += 1;
      } else if (!joinGuest(game, `address ${who}`).ok) outcome.joinsTurnedAway += 1;
    }
    const active = game.players.filter((player) => !player.removed);
    outcome.guestsSeatedMax = Math.max(outcome.guestsSeatedMax, active.filter((p) => p.studentId === null).length);
    outcome.pupilsSeatedMin = Math.min(outcome.pupilsSeatedMin, active.filter((p) => p.studentId !== null).length);
    outcome.perAddressMax = Math.max(outcome.perAddressMax, ...game.admission.guestsByAddress.values(), 0);
  }
  return { addresses, joins, guestsLetIn: guests, seeds: SEEDS, ...outcome };
}

/** A removed player coming back: the same browser with a new player cookie, a new address, a fresh browser. */
function comeBack() {
  const tries = 100;
  const game = classGame(newAdmission({ classId: "c1", rosterSize: CLASS, guests: true }));
  const first = joinGuest(game, "home", "browser-1");
  if (!first.ok) throw new Error("the first guest was refused");
  removePlayer(game, first.player.id, T0);
  const count = (join: (k: number) => boolean) =>
    Array.from({ length: tries }, (_, k) => join(k)).filter(Boolean).length;
  const sameBrowserNewAddress = count((k) => joinGuest(game, `elsewhere ${k}`, "browser-1").ok);
  const freshBrowserSameAddress = count((k) => joinGuest(game, "home", `fresh ${k}`).ok);
  const freshBrowserNewAddress = count((k) => joinGuest(game, `new ${k}`, `new browser ${k}`).ok);
  setDoor(game.admission, { locked: true });
  const freshBrowserNewAddressLocked = count((k) => joinGuest(game, `locked ${k}`, `locked browser ${k}`).ok);
  return {
    tries,
    seated: { sameBrowserNewAddress, freshBrowserSameAddress, freshBrowserNewAddress, freshBrowserNewAddressLocked },
    note: `a fresh browser from a new address is a new guest (up to the seats left); the removed guest's address seats ${GUESTS_PER_ADDRESS - 1} more at most; lock lets no one new in`,
  };
}

/** One live race: a pupil's run as sent to the game; whether the podium leaves it off (held for its pace). */
function raced(submission: { seed: string; answers: readonly { i: number; value: string; t: number }[] }): {
  offPodium: boolean;
  refused: boolean;
  right: number;
} {
  const game = classGame(newAdmission({ classId: "c1", rosterSize: CLASS, guests: false }), submission.seed);
  const joined = joinPupil(game, 0);
  if (!joined.ok) throw new Error("the pupil was refused");
  startGame(game, T0);
  advance(game, game.startsAt!);
  const end = game.endsAt! - 1;
  let refused = false;
  for (let k = 0; k < submission.answers.length; k += LIVE_LIMITS.maxAnswersPerRequest) {
    const outcome = answer(
      game,
      joined.player.token,
      submission.answers.slice(k, k + LIVE_LIMITS.maxAnswersPerRequest),
      end,
    );
    if (!outcome.ok || outcome.refused) {
      refused = true;
      break;
    }
  }
  advance(game, game.closesAt!);
  return { offPodium: joined.player.checking, refused, right: joined.player.right };
}

function races() {
  const bots = BOT_STRATEGIES.map((strategy) => {
    let runs = 0;
    let offPodium = 0;
    let refused = 0;
    let cutOrOff = 0;
    const placedRight: number[] = [];
    for (let k = 0; k < SEEDS; k++) {
      for (const run of strategy.runs(spec, `attack-seats:${strategy.name}:${k}`)) {
        const verdict = raced(run);
        runs += 1;
        if (verdict.offPodium) offPodium += 1;
        if (verdict.refused) refused += 1;
        if (verdict.refused || verdict.offPodium) cutOrOff += 1;
        if (!verdict.offPodium) placedRight.push(verdict.right);
      }
    }
    return {
      name: strategy.name,
      runs,
      offPodium,
      refusedAnAnswer: refused,
      offPodiumRate: round(offPodium / runs, 4),
      // A run cut short (the game refused an answer faster than the time it had run allows) keeps what it held,
      // judged on that at the podium.
      offPodiumOrCutShortRate: round(cutOrOff / runs, 4),
      /** The right answers of the runs that were placed (what they raced the class with), most first. */
      placedRightMax: placedRight.length ? Math.max(...placedRight) : null,
      placedRightMean: placedRight.length
        ? round(placedRight.reduce((a, b) => a + b, 0) / placedRight.length, 1)
        : null,
    };
  });
  const people = HUMAN_PROFILES.map((profile) => {
    const runs = 200;
    let offPodium = 0;
    const rights: number[] = [];
    for (let k = 0; k < runs; k++) {
      const verdict = raced(humanRun(profile, spec, `attack-seats:${profile.name}:${k}`));
      rights.push(verdict.right);
      if (verdict.offPodium) offPodium += 1;
    }
    return {
      name: profile.name,
      runs,
      offPodium,
      offPodiumRate: round(offPodium / runs, 4),
      rightMax: Math.max(...rights),
      rightMean: round(rights.reduce((a, b) => a + b, 0) / rights.length, 1),
    };
  });
  return { spec, bots, people };
}

/** µs a join: an admitted guest (the floor), a guest turned away at a class's game, at a full address, at a lock. */
function joinCost() {
  const n = 20_000;
  const time = (make: () => LiveGame, knock: (game: LiveGame, k: number) => unknown) => {
    const game = make();
    const started = performance.now();
    for (let k = 0; k < n; k++) knock(game, k);
    return round(((performance.now() - started) * 1000) / n, 3);
  };
  const open = () => classGame(newAdmission({ classId: null, rosterSize: 0, guests: true }));
  const admittedFloor = time(open, (game, k) => {
    joinGuest(game, `a${k}`);
    // Keep the game under its seats, so every join is admitted.
    if (game.players.length >= LIVE_LIMITS.maxPlayers) game.players.length = 0;
  });
  const classOnly = time(
    () => classGame(newAdmission({ classId: "c1", rosterSize: CLASS, guests: false })),
    (game) => joinGuest(game, "x"),
  );
  const addressFull = time(open, (game) => joinGuest(game, "x"));
  const locked = time(
    () => {
      const game = open();
      setDoor(game.admission, { locked: true });
      return game;
    },
    (game, k) => joinGuest(game, `a${k}`),
  );
  return {
    joins: n,
    admittedFloorUs: admittedFloor,
    classOnlyUs: classOnly,
    addressFullUs: addressFull,
    lockedUs: locked,
  };
}

const report = {
  machine: machine(),
  rules: { seats: LIVE_LIMITS.maxPlayers, classSize: CLASS, guestsPerAddress: GUESTS_PER_ADDRESS },
  flood: [
    flood(1, 40, false),
    flood(1, 40, true),
    flood(10, 400, true),
    flood(100, 4_000, true),
    flood(10_000, 10_000, true),
  ],
  comeBack: comeBack(),
  races: races(),
  joinCost: joinCost(),
};
for (const row of report.flood) {
  if (row.pupilsSeatedMin !== CLASS || row.pupilsRefused > 0)
    throw new Error(`a pupil lost their seat: ${JSON.stringify(row)}`);
  if (row.perAddressMax > GUESTS_PER_ADDRESS) throw new Error(`an address seated too many: ${JSON.stringify(row)}`);
}
console.log(JSON.stringify(report.flood, null, 1));
console.log(JSON.stringify(report.comeBack));
console.log(
  JSON.stringify(report.races.bots.map((b) => [b.name, b.offPodiumRate, b.offPodiumOrCutShortRate, b.placedRightMax])),
);
console.log(JSON.stringify(report.races.people.map((p) => [p.name, p.offPodiumRate, p.rightMax, p.rightMean])));
console.log(JSON.stringify(report.joinCost));
writeResults("attack-seats", report);
