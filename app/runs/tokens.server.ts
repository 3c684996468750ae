import crypto from "node:crypto";
import {
  deadlineOf,
  isServerFinished,
  parseRunSpec,
  randomSeedFromBytes,
  type RunSpec,
  type SubmittedAnswer,
} from "~/game";
import { MODE_POLICY } from "~/game/modes/policy";
import { isStudentOwner, ownerOf, type Player } from "~/auth/player.server";
import { now } from "~/utils/clock.server";
import { sign, timeOrderedId, verifySignature } from "~/utils/signing.server";

/**
 * A run in flight lives only in its signed token: issuing one writes nothing, so any replica can start a
 * game, and a finish is checked against what this server itself signed (docs/decisions/0001-signed-run-tokens.md).
 */
export type RunTicket = { id: string; spec: RunSpec; seed: string; startedAt: number; owner: string };

/** A ticket that was read from a genuine token, is of a mode the server finishes, and is this player's. */
export type CheckedTicket = RunTicket & { readonly checked: true };

export const TICKET_MESSAGES = {
  badToken: "This game could not be recognised. Please start a new game.",
  notYours: "This game was started by another player, so it cannot be finished here.",
} as const;

export function issueRun(spec: RunSpec, player: Player): { token: string; ticket: RunTicket } {
  // Only a spec the engine accepts is ever signed, so a finish never meets one it cannot replay.
  const valid = parseRunSpec(spec);
  if (!valid) throw new Error(`refusing to sign an invalid run spec: ${JSON.stringify(spec)}`);
  const ticket: RunTicket = {
    id: timeOrderedId(),
    spec: valid,
    seed: randomSeedFromBytes(crypto.randomBytes(16)),
    startedAt: now(),
    owner: ownerOf(player),
  };
  return { token: signRunTicket(ticket), ticket };
}

/** The token for a ticket: issueRun's, and the end-to-end suite's clock for one run (app/routes/_test/run-clock.ts). */
export function signRunTicket(ticket: RunTicket): string {
  const payload = Buffer.from(JSON.stringify(ticket)).toString("base64url");
  return `${payload}.${sign(`run:${payload}`)}`;
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

/**
 * Student runs belong to pupils, and pupils own no other kind but the modes anyone plays (practice, MTC rehearsals,
 * number bonds, doubles and halves: app/game/modes/policy.ts): a token pairing them otherwise is no game of ours.
 */
function ownerFitsMode(ticket: RunTicket): boolean {
  const { players } = MODE_POLICY[ticket.spec.mode];
  return players === "anyone" || (players === "pupils") === isStudentOwner(ticket.owner);
}

/**
 * The one gate in front of every finish and every server-driven page: a genuine token, of a mode the
 * server finishes (the engine's allow-list), with an owner of the kind that mode has (a pupil for a student
 * run, anyone for practice, a member or visitor otherwise), owned by the player making the request.
 */
export function checkRunTicket(
  token: unknown,
  player: Player | null,
): { ok: true; ticket: CheckedTicket; player: Player } | { ok: false; status: 400 | 403; message: string } {
  const ticket = readRunToken(token);
  if (!ticket || !isServerFinished(ticket.spec) || !ownerFitsMode(ticket)) {
    return { ok: false, status: 400, message: TICKET_MESSAGES.badToken };
  }
  if (!player || ownerOf(player) !== ticket.owner) return { ok: false, status: 403, message: TICKET_MESSAGES.notYours };
  return { ok: true, ticket: { ...ticket, checked: true }, player };
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
