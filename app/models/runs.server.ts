import { eq } from "drizzle-orm";
import {
  deadlineOf,
  leaderboardGameType,
  parseRunSpec,
  randomSeedFromBytes,
  verifyRun,
  type AnswerRecord,
  type RunSpec,
  type ScoreSummary,
  type SubmittedAnswer,
} from "~/game";
import crypto from "node:crypto";
import { ownerOf, type Player } from "~/auth/player.server";
import { db } from "~/db/client.server";
import { gameRuns } from "~/db/schema";
import { now } from "~/utils/clock.server";
import { randomId, sign, verifySignature } from "~/utils/signing.server";
import { recordEntry } from "./leaderboard.server";

/**
 * A run in flight lives only in its signed token (DESIGN.md, "The game"): issuing one writes nothing, so
 * any replica can start a game, and the finish is checked against what the server itself signed.
 */
export type RunTicket = { id: string; spec: RunSpec; seed: string; startedAt: number; owner: string };

export function issueRun(spec: RunSpec, player: Player): { token: string; ticket: RunTicket } {
  // Only a spec the engine accepts is ever signed, so a finish never meets one it cannot replay.
  const valid = parseRunSpec(spec);
  if (!valid) throw new Error(`refusing to sign an invalid run spec: ${JSON.stringify(spec)}`);
  const ticket: RunTicket = {
    id: randomId(),
    spec: valid,
    seed: randomSeedFromBytes(crypto.randomBytes(16)),
    startedAt: now(),
    owner: ownerOf(player),
  };
  const payload = Buffer.from(JSON.stringify(ticket)).toString("base64url");
  return { token: `${payload}.${sign(`run:${payload}`)}`, ticket };
}

/** The ticket a token carries, or null when it is malformed or was not signed by this server. */
export function readRunToken(token: unknown): RunTicket | null {
  if (typeof token !== "string" || token.length > 4096) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0 || !verifySignature(`run:${payload}`, signature)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<RunTicket>;
    const spec = parseRunSpec(value.spec);
    if (!spec || typeof value.id !== "string" || typeof value.seed !== "string") return null;
    if (typeof value.startedAt !== "number" || typeof value.owner !== "string") return null;
    return { id: value.id, spec, seed: value.seed, startedAt: value.startedAt, owner: value.owner };
  } catch {
    return null;
  }
}

export function runDeadline(ticket: RunTicket): number {
  return deadlineOf(ticket.spec, ticket.startedAt);
}

/* The server-driven (no JavaScript) game carries its answers so far in the form, sealed to its token. */

export function sealAnswers(token: string, answers: readonly SubmittedAnswer[]): string {
  const body = Buffer.from(JSON.stringify(answers.map((a) => [a.value, a.t]))).toString("base64url");
  return `${body}.${sign(`answers:${token}:${body}`)}`;
}

export function openAnswers(token: string, sealed: unknown): SubmittedAnswer[] | null {
  if (sealed === "" || sealed === undefined || sealed === null) return [];
  if (typeof sealed !== "string" || sealed.length > 20_000) return null;
  const [body, signature] = sealed.split(".");
  if (!body || !signature || !verifySignature(`answers:${token}:${body}`, signature)) return null;
  try {
    const pairs = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(pairs)) return null;
    return pairs.map((pair, i) => {
      const [value, t] = pair as [string, number];
      return { i, value: String(value), t: Number(t) };
    });
  } catch {
    return null;
  }
}

export type FinishResult =
  | { ok: true; runId: string; summary: ScoreSummary; records: AnswerRecord[]; entryId: number | null }
  | { ok: false; status: 400 | 403 | 503; message: string }
  /** A replay: refused, but its own player learns the result that was saved (a lost response, a double click). */
  | { ok: false; status: 409; message: string; saved: { runId: string; summary: ScoreSummary } | null };

export const FINISH_MESSAGES = {
  badToken: "This game could not be recognised. Please start a new game.",
  notYours: "This game was started by another player, so it cannot be finished here.",
  alreadyFinished: "This game has already been finished.",
  saveFailed: "Failed to save score",
} as const;

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");
}

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
 * Verifies a finished run with the engine and, when it holds, writes the run and its leaderboard entry
 * in one transaction. The score is always the server's own recomputation; a run finishes once.
 *
 * `serverTimed`: the server-driven game stamped every answer with its own clock and sealed it, and took
 * none after the deadline, so its finish may come any time later (a child slow to press "See My Results").
 */
export function finishRun(input: {
  token: unknown;
  answers: unknown;
  player: Player | null;
  serverTimed?: boolean;
}): FinishResult {
  const ticket = readRunToken(input.token);
  if (!ticket || ticket.spec.mode === "multiplayer" || ticket.spec.mode === "student") {
    return { ok: false, status: 400, message: FINISH_MESSAGES.badToken };
  }
  if (!input.player || ticket.owner !== ownerOf(input.player)) {
    return { ok: false, status: 403, message: FINISH_MESSAGES.notYours };
  }
  // A run already in the ledger is answered with its saved result, before any check that time could fail
  // (a retry after a lost response may come late); the primary key still settles two finishes racing.
  if (db.select({ id: gameRuns.id }).from(gameRuns).where(eq(gameRuns.id, ticket.id)).get()) {
    return alreadyFinished(ticket.id, input.player);
  }
  const finishedAt = input.serverTimed ? Math.min(now(), runDeadline(ticket)) : now();
  const verdict = verifyRun({
    spec: ticket.spec,
    seed: ticket.seed,
    answers: input.answers as SubmittedAnswer[],
    startedAt: ticket.startedAt,
    finishedAt,
  });
  if (!verdict.ok) return { ok: false, status: 400, message: verdict.message };
  const player = input.player;

  const gameType = leaderboardGameType(ticket.spec) ?? ticket.spec.mode;
  const { score, totalQuestions, accuracy } = verdict.summary;
  try {
    const entryId = db.transaction(() => {
      db.insert(gameRuns)
        .values({
          id: ticket.id,
          mode: ticket.spec.mode,
          gameType,
          userId: player.kind === "member" ? player.userId : null,
          anonId: player.kind === "anon" ? player.anonId : null,
          score,
          totalQuestions,
          accuracy,
          startedAt: ticket.startedAt,
          finishedAt,
          answers: verdict.records,
        })
        .run();
      return recordEntry({
        score,
        totalQuestions,
        accuracy,
        gameType,
        username: player.kind === "member" ? player.username : null,
        userId: player.kind === "member" ? player.userId : null,
        anonId: player.kind === "anon" ? player.anonId : null,
        runId: ticket.id,
        createdAt: finishedAt,
      });
    });
    return { ok: true, runId: ticket.id, summary: verdict.summary, records: verdict.records, entryId };
  } catch (error) {
    if (isUniqueViolation(error)) return alreadyFinished(ticket.id, player);
    console.error("saving a finished run failed", error);
    return { ok: false, status: 503, message: FINISH_MESSAGES.saveFailed };
  }
}

export type RunResult = {
  runId: string;
  mode: string;
  gameType: string;
  summary: ScoreSummary;
  records: AnswerRecord[];
  finishedAt: number;
};

/** A finished run's results, for its own player only. */
export function getRunResult(runId: string, player: Player | null): RunResult | null {
  if (!player || runId.length > 64) return null;
  const row = db.select().from(gameRuns).where(eq(gameRuns.id, runId)).get();
  if (!row) return null;
  const owned = player.kind === "member" ? row.userId === player.userId : row.anonId === player.anonId;
  if (!owned) return null;
  return {
    runId: row.id,
    mode: row.mode,
    gameType: row.gameType,
    summary: { score: row.score, totalQuestions: row.totalQuestions, accuracy: row.accuracy },
    records: row.answers as AnswerRecord[],
    finishedAt: row.finishedAt,
  };
}
