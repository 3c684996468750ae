import {
  leaderboardGameType,
  timeLimitOf,
  verifyRun,
  type AnswerRecord,
  type ScoreSummary,
  type SubmittedAnswer,
} from "~/game";
import type { Player } from "~/auth/player.server";
import { getRunResult, isRunRecorded, saveFinishedRunInSharedCommit } from "~/models/runs.server";
import { newMemberAddressKey } from "~/models/users.server";
import { now } from "~/utils/clock.server";
import { addressKeyOf } from "~/utils/signing.server";
import { withPlayerHistory } from "./player-history.server";
import { runDeadline, type CheckedTicket } from "./tokens.server";

export type FinishResult =
  /**
   * `entryId`: the run's leaderboard entry; null for a student run, saved as the pupil's performance, and for a
   * held one. `held`: saved, but kept off the boards until an admin looks at it (docs/decisions/0024-human-pace.md).
   */
  | {
      ok: true;
      runId: string;
      summary: ScoreSummary;
      records: AnswerRecord[];
      entryId: number | null;
      held: boolean;
    }
  | { ok: false; status: 400 | 503; message: string }
  /** A replay: refused, but its own player learns the result that was saved (a lost response, a double click). */
  | { ok: false; status: 409; message: string; saved: { runId: string; summary: ScoreSummary } | null };

export const FINISH_MESSAGES = {
  alreadyFinished: "This game has already been finished.",
  saveFailed: "Failed to save score",
} as const;

function alreadyFinished(runId: string, player: Player): FinishResult {
  const saved = getRunResult(runId, player);
  return {
    ok: false,
    status: 409,
    message: FINISH_MESSAGES.alreadyFinished,
    saved: saved ? { runId: saved.runId, summary: saved.summary } : null,
  };
}

/**
 * Verifies a finished run with the engine and, when it holds, stores it with its leaderboard entry (a student
 * run with the pupil's performance instead: docs/product.md#student-game). The
 * score is always the server's own recomputation; a run finishes once. The ticket was checked already
 * (checkRunTicket: genuine, a finishable mode, this player's).
 *
 * `serverTimed`: the server-driven game stamped every answer with its own clock and sealed it, and took
 * none after the deadline, so its finish may come any time later (a child slow to press "See My Results").
 */
export async function finishRun(input: {
  ticket: CheckedTicket;
  answers: unknown;
  player: Player;
  /** The client's address: a visitor's board entries count under its keyed hash (addressKeyOf). */
  address?: string | null;
  serverTimed?: boolean;
  /**
   * An MTC rehearsal: when the server stamped its check's start (in the page; app/runs/mtc-check-start.server.ts) and
   * the seed of its check's questions (both ways).
   */
  check?: { at?: number; seed: string } | null;
}): Promise<FinishResult> {
  const { ticket, player } = input;
  // A run already in the ledger is answered with its saved result, before any check that time could fail
  // (a retry after a lost response may come late); the primary key still settles two finishes racing.
  if (isRunRecorded(ticket.id)) return alreadyFinished(ticket.id, player);
  const finishedAt = input.serverTimed ? Math.min(now(), runDeadline(ticket)) : now();
  const verdict = verifyRun({
    spec: ticket.spec,
    seed: ticket.seed,
    answers: input.answers as SubmittedAnswer[],
    startedAt: ticket.startedAt,
    finishedAt,
    serverTimed: input.serverTimed === true,
    checkStartedAt: input.check?.at ?? null,
    checkSeed: input.check?.seed ?? null,
  });
  if (!verdict.ok) return { ok: false, status: 400, message: verdict.message };
  try {
    const pace = withPlayerHistory(verdict.pace, player, finishedAt);
    const stored = await saveFinishedRunInSharedCommit({
      id: ticket.id,
      mode: ticket.spec.mode,
      gameType: leaderboardGameType(ticket.spec) ?? ticket.spec.mode,
      player,
      addressKey: boardAddressKeyOf(player, input.address, finishedAt),
      summary: verdict.summary,
      records: verdict.records,
      startedAt: ticket.startedAt,
      finishedAt,
      timeTaken: Math.round(Math.min(finishedAt - ticket.startedAt, timeLimitOf(ticket.spec) * 1000) / 1000),
      timeLimit: timeLimitOf(ticket.spec),
      held: pace.plausible ? undefined : pace,
      pace,
    });
    if (!stored.saved) return alreadyFinished(ticket.id, player);
    if (stored.held) console.warn(`run ${ticket.id} held for review: ${pace.reasons.join(", ") || "top-place"}`);
    return {
      ok: true,
      runId: ticket.id,
      summary: verdict.summary,
      records: verdict.records,
      entryId: stored.entryId,
      held: stored.held,
    };
  } catch (error) {
    console.error("saving a finished run failed", error);
    return { ok: false, status: 503, message: FINISH_MESSAGES.saveFailed };
  }
}

/**
 * The address key a run's board rows count under (docs/product.md#one-address-five-places): a visitor's address's; a
 * member's signup address's in their first days (NEW_MEMBER_ADDRESS_DAYS), then none; a pupil's none.
 */
function boardAddressKeyOf(player: Player, address: string | null | undefined, at: number): number | null {
  if (player.kind === "anon") return addressKeyOf(address);
  if (player.kind === "member") return newMemberAddressKey(player.userId, at);
  return null;
}
