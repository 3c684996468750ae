// The regulars' scene of bench/fair-play.bench.ts (docs/decisions/0082-a-player-a-person-approved.md), on its own
// SQLite file so the other scenes' approved scores leave its boards empty: people who come back day after day, and
// a script approved once beside them. Run by the bench in a child process: npx tsx bench/lib/fair-play-regulars.ts
// <out.json>; it writes its report there.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BOARD_SPECS, HUMAN_PROFILES } from "./fair-play-corpus";
import { HOLDOUT_PROFILES } from "./fair-play-holdout";

/**
 * Each profile's players on each board, their runs a day there, and the days played. `small`: decision 0082's scene
 * (26 players, 78 runs a board a day). `busy` (decision 0089): 260 players, 520 runs a board a day for 8 days, about
 * 1/100 of the boards' design day (decision 0003: a million entries in the last day, over 12 time tabs of 3
 * difficulties and 8 challenges: some 50,000 a board), so its top places are a larger share of its runs than on a
 * real busy board, not a smaller one.
 */
export const SCENES = {
  small: { playersPerProfile: 2, runsPerDay: 3, days: 4, fooledOnce: true },
  busy: { playersPerProfile: 20, runsPerDay: 2, days: 30, fooledOnce: false },
  /** The busy scene with 1 of each profile's 20 players replaced by a new one every day (13 a day, 5 %). */
  arriving: { playersPerProfile: 20, runsPerDay: 2, days: 14, fooledOnce: false, newcomersPerProfile: 1 },
  /**
   * The busy scene ten times over (decision 0099): 2,600 players, 5,200 runs a board a day, about 1/10 of the design
   * day, for 30 days, 10 of each profile's 200 players new every day from day 2 (the arriving scene's 5 %).
   */
  tenfold: { playersPerProfile: 200, runsPerDay: 2, days: 30, fooledOnce: false, newcomersPerProfile: 10 },
} as const;

/** FAIR_PLAY_DAYS: a shorter or longer horizon for a run by hand (the bench's figures are of the days above). */
const days = Number(process.env.FAIR_PLAY_DAYS) || undefined;

const out = process.argv[2];
const scene = process.argv[3] as keyof typeof SCENES | undefined;
if (!out || !scene || !(scene in SCENES))
  throw new Error("usage: fair-play-regulars.ts <out.json> small|busy|arriving|tenfold");
const workDir = path.join(
  path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  ".data",
  `fair-play-regulars-${scene}`,
);
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
process.env.DATABASE_PATH = path.join(workDir, "app.db");
delete process.env.LITEFS_DIR;
/**
 * The scene's own clock, from a fixed Monday midnight (UTC, which is also the UK's in January), moved only by the
 * scene: the same figures on any machine at any speed (bench/lib/board-sim.ts `regularsOverDays`).
 */
const FIRST_DAY = Date.UTC(2026, 0, 5);
const DAY_MS = 24 * 60 * 60 * 1000;
let clock = FIRST_DAY;
Date.now = () => clock;
const { regularsOverDays } = await import("./board-sim");
console.warn = () => {}; // each held run is logged by the finish
const report = await regularsOverDays({
  tag: `regulars-${scene}`,
  specs: BOARD_SPECS,
  people: [...HUMAN_PROFILES, ...HOLDOUT_PROFILES],
  ...SCENES[scene],
  ...(days ? { days } : {}),
  at: (day, share) => {
    clock = FIRST_DAY + (day - 1) * DAY_MS + Math.floor(share * DAY_MS);
  },
});
writeFileSync(out, JSON.stringify(report));
// The scene's file goes with it: the tenfold scene's is some 14 GB after its 30 days.
rmSync(workDir, { recursive: true, force: true });
