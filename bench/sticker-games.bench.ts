// How many games a simulated child needs for their first sticker and for a whole table (docs/product.md#sticker-book,
// docs/decisions/0091-stickers-follow-secure-facts.md): a figure for teachers. Every kind of child of the fluency
// bench's panel (bench/lib/learner-panel.ts, decision 0073), a minute's game once or twice a day, with Practise my
// facts (the site's planner) and, beside it as the floor, the random solo game; stickers awarded as the finish awards
// them. Deterministic: the same figures every run. These are simulated children, whose memory and answer times are
// our assumptions, not a classroom's.
// Run: npm run bench -- sticker-games            (prints the table, writes nothing)
//      npm run bench -- sticker-games --write    (also writes bench/results/sticker-games.json)
import { machine, percentile, round, writeResults } from "./lib/report";
import { GAMES_CAP, simulateStickers, type StickerOutcome } from "./lib/sticker-sim";
import { PANEL } from "./lib/learner-panel";
import type { Policy } from "./lib/fluency-sim";

const LEARNERS = Number(process.env.STICKER_LEARNERS ?? 100);
const WRITE = process.env.BENCH_WRITE === "1" || process.argv.includes("--write");
const started = Date.now();

function figures(outcomes: readonly StickerOutcome[]) {
  const of = (pick: (o: StickerOutcome) => number) => {
    const sorted = outcomes.map(pick).sort((x, y) => x - y);
    return { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
  };
  return {
    firstStickerGames: of((o) => o.firstSticker.games),
    firstStickerDays: of((o) => o.firstSticker.days),
    firstTableGames: of((o) => o.firstTable.games),
    firstTableDays: of((o) => o.firstTable.days),
    tableWithinCap: round(outcomes.filter((o) => o.table).length / outcomes.length, 2),
  };
}

const POLICIES: readonly Policy[] = ["adaptive", "random"];
const rows = PANEL.map((member) => {
  const byPolicy = Object.fromEntries(
    POLICIES.map((policy) => [
      policy,
      figures(Array.from({ length: LEARNERS }, (_, i) => simulateStickers(member, policy, `holdout-${i}`))),
    ]),
  ) as Record<Policy, ReturnType<typeof figures>>;
  console.log(`${member.id} (${round((Date.now() - started) / 1000, 0)} s)`);
  return { learner: member.id, label: member.label, practise: byPolicy.adaptive, random: byPolicy.random };
});

const cell = (f: { median: number; p90: number }) => `${f.median} (${f.p90})`;
console.log(
  `\nGames (median, slowest tenth in brackets) for the first sticker and a whole table; ${LEARNERS} learners`,
);
console.table(
  rows.map((row) => ({
    learner: row.learner,
    "practise: 1st sticker": cell(row.practise.firstStickerGames),
    "practise: table": cell(row.practise.firstTableGames),
    "practise: table days": cell(row.practise.firstTableDays),
    "random: 1st sticker": cell(row.random.firstStickerGames),
    "random: table": cell(row.random.firstTableGames),
  })),
);

const report = {
  benchmark: "sticker-games",
  machine: machine(),
  what: "Games (a minute's game, 20 answers) a simulated child plays before their first sticker (a fact secure for the first time) and before their first whole-table badge (all 12 facts of a row of the × grid), once or twice a day; median and the slowest tenth (p90). The random solo game is the floor: what a child gets with no planning.",
  learnersPerMember: LEARNERS,
  gamesCap: GAMES_CAP,
  caveat:
    "Simulated children (decision 0073's panel): their memory and answer times are our assumptions, not a classroom's.",
  members: rows,
  seconds: round((Date.now() - started) / 1000, 0),
};
if (WRITE) writeResults("sticker-games", report);
else console.log("Not written (--write or BENCH_WRITE=1 writes bench/results/sticker-games.json).");
