// Boards under attack, on the real finish (docs/decisions/0075-top-places-checked-by-a-person.md): people and the
// rule-reading script of issue 43 finish runs through finishRun on a real SQLite file, an admin approves the
// people's waiting top scores and leaves the script's undecided, and the public boards are read as a page reads
// them. Shared by tests/integration/top-places.test.ts (a few runs) and bench/fair-play.bench.ts (more). Import it
// only once DATABASE_PATH names the file to use.
import { createHash } from "node:crypto";
import type { Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import {
  leaderboardGameType,
  rngFromString,
  timeLimitOf,
  type RunSpec,
  type SubmittedAnswer,
  type TimeLimit,
} from "~/game";
import { vouchedFor } from "~/models/approved-best.server";
import { PERIODS, boardOf, challengeEntryIds, topEntryIds, topPlaceTakenOnABoard } from "~/models/leaderboard.server";
import { decideHeldRun } from "~/models/review.server";
import { finishRun } from "~/runs/finish.server";
import { issueRun, type CheckedTicket } from "~/runs/tokens.server";
import { humanRun, type HumanProfile } from "./fair-play-corpus";
import { ruleReaderRun } from "./fair-play-holdout";

/** Who sends a run: its player, and the address it comes from. */
export type Sender = { player: Player; address: string };

export type Finished = { runId: string; score: number; held: boolean; reasons: string[] } | { refused: string };

let seedsDrawn = 0;
/**
 * Each run's seed from this process's own sequence instead of the server's random source (the ticket is handed to
 * finishRun as it would come back signed): a scene plays the same problems every time it runs (decision 0099).
 */
function nextSceneSeed(): string {
  return createHash("sha256").update(`fair-play scene run ${seedsDrawn++}`).digest("hex").slice(0, 32);
}

/**
 * Finishes one run on the server as it would arrive: the ticket starts a time limit (and the network's 300 ms) before
 * the server's clock, the answers come from `answer(spec, seed)` (a script reads its seed in its token).
 */
export async function finishOnServer(
  spec: RunSpec,
  sender: Sender,
  answer: (spec: RunSpec, seed: string) => readonly SubmittedAnswer[],
): Promise<Finished> {
  const { ticket } = issueRun(spec, sender.player);
  const started = {
    ...ticket,
    seed: nextSceneSeed(),
    startedAt: ticket.startedAt - timeLimitOf(spec) * 1000 - 300,
    checked: true as const,
  };
  const result = await finishRun({
    ticket: started satisfies CheckedTicket,
    answers: [...answer(started.spec, started.seed)],
    player: sender.player,
    address: sender.address,
  });
  if (!result.ok) return { refused: result.message };
  return { runId: result.runId, score: result.summary.score, held: result.held, reasons: [] };
}

export const personAnswers = (profile: HumanProfile) => (spec: RunSpec, seed: string) =>
  humanRun(profile, spec, seed).answers;
export const scriptAnswers = (spec: RunSpec, seed: string) => ruleReaderRun(spec, seed).run.answers;

/** Members exist before they play (their board rows join their profile). */
export function members(prefix: string, count: number): Player[] {
  const list = Array.from({ length: count }, (_, k): Player => ({
    kind: "member",
    userId: `${prefix}-${k}`,
    username: `${prefix} ${k}`,
  }));
  db.insert(users)
    .values(list.map((m) => ({ id: (m as { userId: string }).userId })))
    .onConflictDoNothing()
    .run();
  return list;
}

export const visitor = (id: string): Player => ({ kind: "anon", anonId: id.padEnd(20, "v").slice(0, 64) });

/** The script's senders: one cookie from one address, many cookies from one, many from many, many members. */
export function scriptSenders(tag: string, many: number): Record<string, (k: number) => Sender> {
  const crowd = members(`${tag}-member`, many);
  return {
    "one cookie, one address": () => ({ player: visitor(`${tag}-one`), address: "203.0.113.7" }),
    "many cookies, one address": (k) => ({ player: visitor(`${tag}-c${k}`), address: "203.0.113.8" }),
    "many cookies, many addresses": (k) => ({
      player: visitor(`${tag}-a${k}`),
      address: `198.51.${k >> 8}.${k & 255}`,
    }),
    "many members, many addresses": (k) => ({ player: crowd[k % many]!, address: `192.0.${k >> 8}.${k & 255}` }),
  };
}

/** Runs waiting for a person, by who sent them: the admin releases people's and leaves the script's waiting. */
export function approve(runIds: readonly string[]): number {
  return runIds.filter((id) => decideHeldRun(id, "release")).length;
}

type Shown = { runId: string | null; score: number };

const shownEntries = (entryIds: number[]): Shown[] => {
  const rows = db.$client
    .prepare(
      `SELECT id, run_id AS runId, score FROM daily_leaderboard_entries WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(entryIds)) as (Shown & { id: number })[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return entryIds.map((id) => byId.get(id)!);
};

/**
 * Every public board a spec's runs land on, as its page ranks it (the top 20, or a challenge's 10): its difficulty's
 * daily and all-time boards, "All" and its time tab, or its challenge's board.
 */
export function boardsOf(spec: RunSpec): { name: string; shown: () => Shown[] }[] {
  const gameType = leaderboardGameType(spec)!;
  const board = boardOf(gameType);
  if (!board) return [{ name: `challenge ${gameType}`, shown: () => shownEntries(challengeEntryIds(gameType)) }];
  const limit = timeLimitOf(spec) as TimeLimit;
  return PERIODS.flatMap((period) =>
    [null, limit].map((timeLimit) => ({
      name: `${period} ${board}${timeLimit ? ` ${timeLimit} s` : ""}`,
      shown: () => shownEntries(topEntryIds({ board, period, limit: 20, now: Date.now(), timeLimit })),
    })),
  );
}

/** The best place (1 is the top) a script's run holds on a board, and its score; null when none shows. */
export function bestVisible(
  shown: readonly Shown[],
  scriptRuns: ReadonlySet<string>,
): { rank: number; score: number } | null {
  const at = shown.findIndex((row) => row.runId !== null && scriptRuns.has(row.runId));
  return at < 0 ? null : { rank: at + 1, score: shown[at]!.score };
}

/** Why a run waits: its reasons as stored for its review. */
export function reasonsOf(runId: string): string[] {
  const row = db.$client.prepare(`SELECT review_info AS info FROM game_runs WHERE id = ?`).get(runId) as
    { info: string | null } | undefined;
  return row?.info ? ((JSON.parse(row.info) as { reasons: string[] }).reasons ?? []) : [];
}

/** A seeded shuffle: the same order every time. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const rng = rngFromString(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type AttackReport = {
  /** Per board: the script's best visible place and score (null: not on it), and the best person's score shown. */
  boards: Record<string, { scriptBest: { rank: number; score: number } | null; topScore: number | null }>;
  script: { runs: number; refused: number; waiting: number; onTheBoards: number };
  people: { runs: number; refused: number; heldForPace: number; sentToReview: number };
  /** The same, per profile (the fitted corpus and the hold-out one are told apart by name). */
  byProfile: Record<string, { runs: number; refused: number; heldForPace: number; sentToReview: number }>;
};

/**
 * People play `peopleRuns` runs on each spec (from their own cookies and addresses; an admin releases those that
 * wait, after each spec), then the script plays `scriptRuns` runs from each kind of sender on each spec, and every
 * board is read. `scriptFirst`: the script plays on the empty boards before the people (a new board).
 */
export async function boardsUnderAttack(opts: {
  tag: string;
  specs: readonly { name: string; spec: RunSpec }[];
  people: readonly HumanProfile[];
  peopleRuns: number;
  scriptRuns: number;
  scriptFirst?: boolean;
}): Promise<AttackReport> {
  const senders = scriptSenders(opts.tag, opts.scriptRuns);
  const scriptRuns = new Set<string>();
  const report: AttackReport = {
    boards: {},
    script: { runs: 0, refused: 0, waiting: 0, onTheBoards: 0 },
    people: { runs: 0, refused: 0, heldForPace: 0, sentToReview: 0 },
    byProfile: {},
  };
  const playScript = async () => {
    for (const { spec } of opts.specs) {
      for (const sender of Object.values(senders)) {
        for (let k = 0; k < opts.scriptRuns; k++) {
          const done = await finishOnServer(spec, sender(k), scriptAnswers);
          report.script.runs++;
          if ("refused" in done) report.script.refused++;
          else {
            scriptRuns.add(done.runId);
            if (done.held) report.script.waiting++;
            else report.script.onTheBoards++;
          }
        }
      }
    }
  };
  const playPeople = async () => {
    for (const { name, spec } of opts.specs) {
      const waiting: string[] = [];
      const order = shuffled(
        opts.people.flatMap((profile) => Array.from({ length: opts.peopleRuns }, (_, k) => ({ profile, k }))),
        `${opts.tag}:${name}`,
      );
      for (const [n, { profile, k }] of order.entries()) {
        const sender = {
          player: visitor(`${opts.tag}-p-${name}-${profile.name}-${k}`),
          address: `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`,
        };
        const done = await finishOnServer(spec, sender, personAnswers(profile));
        const tallies = [
          report.people,
          (report.byProfile[profile.name] ??= { runs: 0, refused: 0, heldForPace: 0, sentToReview: 0 }),
        ];
        for (const tally of tallies) {
          tally.runs++;
          if ("refused" in done) tally.refused++;
          else if (done.held) {
            if (reasonsOf(done.runId).includes("top-place")) tally.sentToReview++;
            else tally.heldForPace++;
          }
        }
        if (!("refused" in done) && done.held) waiting.push(done.runId);
        // The admin checks the queue every 25 runs: an approved top score raises the bar for the next.
        if (n % 25 === 24) approve(waiting.splice(0));
      }
      approve(waiting);
    }
  };
  if (opts.scriptFirst) await playScript();
  await playPeople();
  if (!opts.scriptFirst) await playScript();
  for (const { spec } of opts.specs) {
    for (const board of boardsOf(spec)) {
      const shown = board.shown();
      report.boards[board.name] = {
        scriptBest: bestVisible(shown, scriptRuns),
        topScore: shown[0]?.score ?? null,
      };
    }
  }
  return report;
}

/** A waiting run's cause, read from the rules as the finish read them (see WaitCause). */
function whyItWaits(
  spec: RunSpec,
  player: Player,
  done: { runId: string; score: number },
  approved: boolean,
  releasedBest: number,
): { cause: WaitCause; kind: Wait["kind"] } {
  if (!reasonsOf(done.runId).includes("top-place")) return { cause: "pace", kind: null };
  const gameType = leaderboardGameType(spec)!;
  const timeLimit = timeLimitOf(spec);
  const owner = { userId: null, anonId: player.kind === "anon" ? player.anonId : null };
  const row = db.$client.prepare(`SELECT accuracy FROM game_runs WHERE id = ?`).get(done.runId) as { accuracy: number };
  const kind = topPlaceTakenOnABoard({
    gameType,
    timeLimit,
    score: done.score,
    accuracy: row.accuracy,
    ...owner,
    at: Date.now(),
  });
  if (!approved) return { cause: "new-player", kind };
  if (done.score > releasedBest) return { cause: "record", kind };
  const vouched = kind === null ? null : vouchedFor(owner, { gameType, timeLimit }, kind);
  if (vouched === null) return { cause: "challenge-podium", kind };
  return { cause: vouched.approvedBest === null ? "all-time, none here" : "all-time, above own best", kind };
}

export type Tally = { runs: number; refused: number; heldForPace: number; sentToReview: number };

/**
 * Why a regular's run was sent to review (decision 0089): its player had no run a person released yet (`newPlayer`),
 * or its score was above every score a person had released on its board (`aboveEveryRelease`); `allTime`: neither,
 * so an all-time place (a challenge's too) above the player's own approved best there, or a challenge's podium
 * already holding one of theirs.
 */
export type SentFor = { newPlayer: number; aboveEveryRelease: number; allTime: number };

/**
 * Why one run waited, read from the rules themselves just after it was saved (a waiting run writes no entry, so its
 * boards are as the finish read them): `pace` (held for its answer times); `new-player` (nobody approved its player
 * yet; `alsoWaiting`: a run of theirs already waited for the admin); `challenge-podium` (an approved player's entry
 * already on that challenge's top 3); `record` (above every score a person released on its board); `all-time,
 * none here` (an approved player's all-time place on a board where no run of theirs was released);
 * `all-time, above own best` (above their released best there, not above the record).
 */
export type WaitCause =
  "pace" | "new-player" | "challenge-podium" | "record" | "all-time, none here" | "all-time, above own best";

export type Wait = {
  board: string;
  player: number;
  profile: string;
  score: number;
  cause: WaitCause;
  /** The kind of top place it would have taken (null: held for its pace alone). */
  kind: "daily" | "all-time" | null;
  /** A run of the same player was already waiting for the admin when this one finished. */
  alsoWaiting: boolean;
};

/** Player numbers of a place's successive players: place, place + this, place + 2 × this, ... */
const PLACES_A_GENERATION = 100_000;

export type RegularsReport = {
  /** Per day (1 is the first, every board empty of these players): each profile's runs and how many waited. */
  days: { byProfile: Record<string, Tally & { sentFor: SentFor }>; waits: Wait[] }[];
  /** The script, approved once by a fooled admin on each board on day 1: what it showed against that approval. */
  script: {
    runs: number;
    waiting: number;
    /** Rows shown above the score a person released of its own (decision 0089 lets it reach the board's record). */
    shownAboveApprovedBest: number;
    /** Rows shown above every score a person released on its board, its own and the people's: must be none. */
    shownAboveEveryRelease: number;
    boards: Record<string, ScriptOnBoard>;
  };
};

type ScriptOnBoard = {
  approvedBest: number | null;
  /** The best score a person released on the board, of anyone's (the script's own included). */
  releasedBest: number | null;
  bestShown: number | null;
  bestVisibleRank: number | null;
};

/**
 * Regulars (decisions 0082 and 0089): `playersPerProfile` players of each profile, each with their own cookie and
 * address on every board, play `runsPerDay` runs a day on every spec for `days` days; an admin releases every
 * waiting run of a board every 25 runs there. A day's runs on every board come in one seeded order, spread evenly
 * over its 24 hours (`at` sets the clock to a share of a day), so the daily boards roll on from one day to the next as
 * a site's do: only the first day starts with empty boards, and the figures do not depend on how fast the machine
 * runs the scene. One script plays beside them with one cookie, one run a board at each day's end after the people,
 * and on day 1 the admin releases its first waiting score on each board (a person fooled once); after that its
 * waiting runs stay waiting. Reports what waited per day, why, and what the script showed above its approval.
 */
export async function regularsOverDays(opts: {
  tag: string;
  specs: readonly { name: string; spec: RunSpec }[];
  people: readonly HumanProfile[];
  playersPerProfile: number;
  /**
   * Each day from the second, this many of each profile's players leave and as many new ones take their places (a
   * new cookie and address, never approved): a site's steady arrival of people. 0: the same players every day.
   */
  newcomersPerProfile?: number;
  runsPerDay: number;
  days: number;
  /** Sets the clock to `share` (0 to 1) of the way through day `day` (1 is the first). */
  at: (day: number, share: number) => void;
  /** An admin releases the script's first waiting run on each board on day 1; false: never any of its runs. */
  fooledOnce: boolean;
}): Promise<RegularsReport> {
  const report: RegularsReport = {
    days: [],
    script: { runs: 0, waiting: 0, shownAboveApprovedBest: 0, shownAboveEveryRelease: 0, boards: {} },
  };
  const script: Sender = { player: visitor(`${opts.tag}-script`), address: "203.0.113.77" };
  /** The script's runs that were saved, by the spec that made them (an "All" board shows every length's). */
  const scriptRuns = new Map<string, string>();
  const scriptApproved = new Map<string, number>();
  /** The regulars a person has approved (released a run of). */
  const approvedPlayers = new Set<number>();
  /** The best score released on each spec's board, of anyone's. */
  const releasedBest = new Map<string, number>();
  const released = (name: string, score: number) =>
    releasedBest.set(name, Math.max(releasedBest.get(name) ?? 0, score));
  /** Each player place's generation: a newcomer in it is a new player (bench/lib/board-sim.ts `newcomersPerProfile`). */
  const generation = Array.from({ length: opts.people.length * opts.playersPerProfile }, () => 0);
  let turnover = 0;
  for (let day = 1; day <= opts.days; day++) {
    const arriving = day > 1 ? (opts.newcomersPerProfile ?? 0) : 0;
    for (let p = 0; p < opts.people.length; p++)
      for (let i = 0; i < arriving; i++)
        generation[p * opts.playersPerProfile + ((turnover + i) % opts.playersPerProfile)]!++;
    turnover += arriving;
    const byProfile: Record<string, Tally & { sentFor: SentFor }> = {};
    const waits: Wait[] = [];
    const boards = opts.specs.map(({ name, spec }) => {
      const waiting: { runId: string; player: number; score: number }[] = [];
      const release = () => {
        for (const w of waiting.splice(0))
          if (approve([w.runId]) === 1) {
            approvedPlayers.add(w.player);
            released(name, w.score);
          }
      };
      return { name, spec, waiting, release, runs: 0 };
    });
    const order = shuffled(
      boards.flatMap((board) =>
        opts.people.flatMap((profile, p) =>
          Array.from({ length: opts.playersPerProfile * opts.runsPerDay }, (_, k) => ({
            board,
            profile,
            place: p * opts.playersPerProfile + (k % opts.playersPerProfile),
          })),
        ),
      ),
      `${opts.tag}:${day}`,
    );
    // The people's runs, then the script's one a board: the day's moments, evenly apart.
    const moments = order.length + boards.length;
    for (const [n, { board, profile, place }] of order.entries()) {
      opts.at(day, n / moments);
      const { name, spec, waiting } = board;
      const player = place + PLACES_A_GENERATION * generation[place]!;
      // One player, one cookie and one address on every board (a child plays several from one browser).
      const sender = {
        player: visitor(`${opts.tag}-r-${player}`),
        address: `10.${77 + generation[place]!}.${place >> 8}.${place & 255}`,
      };
      const done = await finishOnServer(spec, sender, personAnswers(profile));
      const tally = (byProfile[profile.name] ??= {
        runs: 0,
        refused: 0,
        heldForPace: 0,
        sentToReview: 0,
        sentFor: { newPlayer: 0, aboveEveryRelease: 0, allTime: 0 },
      });
      tally.runs++;
      if ("refused" in done) tally.refused++;
      else if (done.held) {
        waits.push({
          board: name,
          player,
          profile: profile.name,
          score: done.score,
          alsoWaiting: waiting.some((w) => w.player === player),
          ...whyItWaits(spec, sender.player, done, approvedPlayers.has(player), releasedBest.get(name) ?? 0),
        });
        if (reasonsOf(done.runId).includes("top-place")) {
          tally.sentToReview++;
          if (!approvedPlayers.has(player)) tally.sentFor.newPlayer++;
          else if (done.score > (releasedBest.get(name) ?? 0)) tally.sentFor.aboveEveryRelease++;
          else tally.sentFor.allTime++;
        } else tally.heldForPace++;
        waiting.push({ runId: done.runId, player, score: done.score });
      }
      if (board.runs++ % 25 === 24) board.release();
    }
    for (const [b, { name, spec, release }] of boards.entries()) {
      opts.at(day, (order.length + b) / moments);
      release();
      const done = await finishOnServer(spec, script, scriptAnswers);
      report.script.runs++;
      if ("refused" in done) continue;
      scriptRuns.set(done.runId, name);
      if (done.held && opts.fooledOnce && day === 1 && !scriptApproved.has(name)) {
        approve([done.runId]);
        scriptApproved.set(name, done.score);
        released(name, done.score);
      } else if (done.held) report.script.waiting++;
    }
    report.days.push({ byProfile, waits });
  }
  const onBoards: Record<string, ScriptOnBoard> = Object.fromEntries(
    opts.specs.map(({ name }) => [
      name,
      {
        approvedBest: scriptApproved.get(name) ?? null,
        releasedBest: releasedBest.get(name) ?? null,
        bestShown: null,
        bestVisibleRank: null,
      },
    ]),
  );
  for (const { spec } of opts.specs) {
    for (const board of boardsOf(spec)) {
      for (const [at, row] of board.shown().entries()) {
        const made = row.runId === null ? undefined : scriptRuns.get(row.runId);
        if (made === undefined) continue;
        const mine = onBoards[made]!;
        mine.bestShown = Math.max(mine.bestShown ?? 0, row.score);
        mine.bestVisibleRank = Math.min(mine.bestVisibleRank ?? Infinity, at + 1);
        if (mine.approvedBest === null || row.score > mine.approvedBest) report.script.shownAboveApprovedBest++;
        if (mine.releasedBest === null || row.score > mine.releasedBest) report.script.shownAboveEveryRelease++;
      }
    }
  }
  report.script.boards = onBoards;
  return report;
}
