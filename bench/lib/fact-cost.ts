// What keeping fact records adds to a finish (docs/product.md#fact-records; the goal: at most 10 % of a finish's
// CPU). In one process, on a throwaway database: recordRunFacts alone for typical runs (a normal solo game, 20
// answers, all four operations), and the finish after the request is read (finishRun: the engine's replay, the pace
// check, the write with its leaderboard entry and the fact records, the commit) for the same kind of runs, the two
// taking turns round by round. Two kinds of player: a new visitor (empty records, as the stack bench's finishes are)
// and a practised one whose records already hold every fact their games ask (the largest rows a finish reads and
// writes), and the stickers of the facts those records make secure.
// The goal is measured against a finish as the server pays for it, a request to /game/finish (its CPU measured by
// the caller: bench/lib/finish-request-cpu.ts, or the stack bench's own finishes), which is a new visitor's: for a
// practised player it is that request with their records' cost in place of a new visitor's. The share of finishRun
// alone (no HTTP, no session, no token) is kept beside it, the stricter figure.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseRunSpec, type RunSpec } from "../../app/game";
import { honestAnswers } from "./honest-answers";

export const FACT_COST_GOAL = 0.1;
const ANSWERS = 20;
const ANSWER_SPREAD_MS = 40_000;
const RUNS_PER_SLICE = 200;
const PRACTICE_RUNS = 40;

export type FactCost = {
  kind: "new visitor" | "practised player";
  /** A finish request's server CPU for this kind of player (the goal's denominator). */
  requestCpuMs: number;
  factsCpuMs: number;
  /** factsCpuMs ÷ requestCpuMs: the goal's figure. */
  share: number;
  goal: number;
  goalMet: boolean;
  /** finishRun alone, for the same kind of player, and the records' share of it with its spread over the rounds. */
  finishRunCpuMs: number;
  shareOfFinishRun: number;
  shareOfFinishRunSpread: [number, number];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const r3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * `requestCpuMs`: the server CPU of a new visitor's finish request, measured by the caller. */
export async function measureFactCost(
  rounds: number,
  requestCpuMs: number,
  log: (line: string) => void,
): Promise<FactCost[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fact-cost-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  process.env.SESSION_SECRET ??= "fact-cost-bench-secret-fact-cost-bench-secret";
  try {
    const { finishRun } = await import("../../app/runs/finish.server");
    const { recordRunFacts } = await import("../../app/models/fact-records.server");
    const { db } = await import("../../app/db/client.server");
    const { verifyRun } = await import("../../app/game");
    const spec = parseRunSpec({
      mode: "solo",
      difficulty: "normal",
      operations: ["+", "-", "*", "/"],
      timeLimit: 60,
    }) as RunSpec;
    if (!spec) throw new Error("no normal solo spec");

    let serial = 0;
    const ticketFor = (owner: string, startedAt: number) => {
      serial += 1;
      const seed = `fact-cost-${serial}`;
      return {
        ticket: { id: `fc-${serial}`, spec, seed, startedAt, owner, checked: true as const },
        answers: honestAnswers(spec, seed, ANSWERS, ANSWER_SPREAD_MS),
      };
    };
    type Player = { kind: "anon"; anonId: string };
    const finishOne = async (player: Player, startedAt: number) => {
      const { ticket, answers } = ticketFor(`a:${player.anonId}`, startedAt);
      const result = await finishRun({ ticket, answers, player, address: "10.0.0.1" });
      if (!result.ok) throw new Error(`a finish failed: ${result.message}`);
    };
    const factsOne = (player: Player, startedAt: number) => {
      const { ticket, answers } = ticketFor(`a:${player.anonId}`, startedAt);
      const verdict = verifyRun({ spec, seed: ticket.seed, answers, startedAt, finishedAt: startedAt + 60_000 });
      if (!verdict.ok) throw new Error(verdict.message);
      return { startedAt, finishedAt: startedAt + 60_000, answers: verdict.records };
    };

    const results: FactCost[] = [];
    for (const kind of ["new visitor", "practised player"] as const) {
      const shares: number[] = [];
      const finishes: number[] = [];
      const facts: number[] = [];
      let players = 0;
      const playersFor = (count: number): Player[] =>
        Array.from({ length: count }, () => ({ kind: "anon", anonId: `fc-${kind[0]}-${(players += 1)}` }));
      // A practised player's records already hold what their games ask: PRACTICE_RUNS daily games, played once
      // by a first player and copied to each.
      const practised: Player = { kind: "anon", anonId: `fc-template-${kind[0]}` };
      if (kind === "practised player")
        for (let i = 0; i < PRACTICE_RUNS; i += 1) {
          const run = factsOne(practised, Date.now() - (PRACTICE_RUNS - i) * 86_400_000);
          db.$client.transaction(() => recordRunFacts(practised, run))();
        }
      const copy = db.$client.prepare(
        `INSERT INTO fact_records (anon_id, op, data, updated_at)
         SELECT ?, op, data, updated_at FROM fact_records WHERE anon_id = ?`,
      );
      // With the stickers its secure facts earned (a copy without them would earn them all again on every finish).
      const copyStickers = db.$client.prepare(
        `INSERT INTO fact_stickers (anon_id, fact, run_id, earned_at)
         SELECT ?, fact, run_id, earned_at FROM fact_stickers WHERE anon_id = ?`,
      );
      const ready = async (list: Player[]) => {
        if (kind === "new visitor") return;
        db.$client.transaction(() => {
          for (const player of list) {
            copy.run(player.anonId, practised.anonId);
            copyStickers.run(player.anonId, practised.anonId);
          }
        })();
      };
      for (let round = 0; round < rounds + 1; round += 1) {
        const finishPlayers = playersFor(RUNS_PER_SLICE);
        const factPlayers = playersFor(RUNS_PER_SLICE);
        await ready(finishPlayers);
        await ready(factPlayers);
        // The runs were started a minute ago and finish now.
        const startedAt = Date.now() - 61_000;
        const factRuns = factPlayers.map((player) => ({ player, run: factsOne(player, startedAt) }));
        const timeFinishes = async () => {
          const from = process.cpuUsage();
          for (const player of finishPlayers) await finishOne(player, startedAt);
          return cpuMs(from) / RUNS_PER_SLICE;
        };
        const timeFacts = () => {
          const from = process.cpuUsage();
          // Inside a transaction, as in the finish, whose commit is counted with the finish's (one for the slice).
          db.$client.transaction(() => {
            for (const { player, run } of factRuns) recordRunFacts(player, run);
          })();
          return cpuMs(from) / RUNS_PER_SLICE;
        };
        // Taking turns: which goes first alternates by round.
        let finish: number;
        let fact: number;
        if (round % 2 === 0) {
          finish = await timeFinishes();
          fact = timeFacts();
        } else {
          fact = timeFacts();
          finish = await timeFinishes();
        }
        if (round === 0) continue; // the warm-up
        finishes.push(finish);
        facts.push(fact);
        shares.push(fact / finish);
      }
      const factsCpuMs = median(facts);
      const newVisitorFacts = results[0]?.factsCpuMs ?? factsCpuMs;
      const request = requestCpuMs - newVisitorFacts + factsCpuMs;
      const share = factsCpuMs / request;
      const result: FactCost = {
        kind,
        requestCpuMs: r3(request),
        factsCpuMs: r3(factsCpuMs),
        share: r3(share),
        goal: FACT_COST_GOAL,
        goalMet: share <= FACT_COST_GOAL,
        finishRunCpuMs: r3(median(finishes)),
        shareOfFinishRun: r3(median(shares)),
        shareOfFinishRunSpread: [r3(Math.min(...shares)), r3(Math.max(...shares))],
      };
      log(
        `  fact records, ${kind}: ${result.factsCpuMs} ms of a ${result.requestCpuMs} ms finish request, ` +
          `${(share * 100).toFixed(1)} % (goal ≤ ${FACT_COST_GOAL * 100} %); of finishRun alone ` +
          `(${result.finishRunCpuMs} ms) ${(result.shareOfFinishRun * 100).toFixed(1)} % (rounds ` +
          `${(result.shareOfFinishRunSpread[0] * 100).toFixed(1)} to ${(result.shareOfFinishRunSpread[1] * 100).toFixed(1)} %)`,
      );
      results.push(result);
    }
    db.$client.close();
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
