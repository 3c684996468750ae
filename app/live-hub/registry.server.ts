import { randomBytes, randomInt } from "node:crypto";
import type { RunSpec } from "~/game/run-spec";
import { randomSeedFromBytes } from "~/game/seed";
import { isShuttingDown, onShutdown } from "~/lifecycle.server";
import { newAdmission, setDoor, type Admission, type Knock } from "~/live/admission";
import { forgetPupilIn } from "~/live/forget";
import {
  advance,
  answer,
  closeGame,
  createGame,
  endNow,
  joinGame,
  playAgain,
  playerByToken,
  removePlayer,
  standings,
  startGame,
  type AnswerOutcome,
  type JoinResult,
  type LiveGame,
  type LiveHost,
  type LivePlayer,
} from "~/live/game";
import { JOIN_CODE_RANDOM_DIGITS, joinCodeFrom } from "~/live/join-code";
import {
  HOST_COOKIE,
  LIVE_LIMITS,
  PLAYER_COOKIE,
  type ClosedReason,
  type PlayerState,
  type RaceEvent,
} from "~/live/protocol";
import { newLiveToken } from "~/live/tokens.server";
import { config } from "~/config.server";
import { now } from "~/utils/clock.server";
import { writeResults } from "./results.server";

/*
 * The live games of this process, the registry (docs/decisions/0064-live-class-game.md): each game's state in
 * memory, its event streams, and one process-wide timer that moves phases on and writes each changed game's race at
 * most once a tick. An answer costs a few counters and a dirty flag; a stream costs a set entry and its response,
 * nothing more. The HTTP lane is ./lane.server.ts; the results at the podium, ./results.server.ts.
 */

/** Where a stream's events go: an HTTP response (tests may pass any stream with these members). */
export interface LiveSink {
  write(chunk: Buffer): boolean;
  end(): void;
  destroy(): void;
  readonly writableLength: number;
}

type Entry = {
  game: LiveGame;
  hosts: Set<LiveSink>;
  /** Open streams by player token. */
  players: Map<string, Set<LiveSink>>;
  /** Something the big screen shows changed since the last tick. */
  dirty: boolean;
};

const games = new Map<string, Entry>();
/** The answer for a game that is over or never was (the lane's too). */
export const ENDED = "This game has ended.";
let tickTimer: ReturnType<typeof setInterval> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
const PING = Buffer.from(": ping\n\n");

const newSeed = () => randomSeedFromBytes(randomBytes(16));

// ---------------------------------------------------------------------------------------------------------------
// Games

export type OpenResult = { ok: true; code: string; hostToken: string } | { ok: false; message: string };

/** Opens a game (the host's form); refused when the process holds as many as it may. */
export function openLiveGame(input: {
  host: LiveHost;
  spec: RunSpec;
  durationSeconds: number;
  /** Who may join (app/live/admission.ts); open to anyone when not given. */
  admission?: Admission;
}): OpenResult {
  if (isShuttingDown()) return { ok: false, message: "The server is restarting. Try again in a minute." };
  if (games.size >= config.liveGame.maxGames) {
    return { ok: false, message: "Too many live games are being played right now. Try again in a few minutes." };
  }
  let code: string;
  do code = joinCodeFrom(String(randomInt(0, 10 ** JOIN_CODE_RANDOM_DIGITS)).padStart(JOIN_CODE_RANDOM_DIGITS, "0"));
  while (games.has(code));
  const hostToken = newLiveToken(HOST_COOKIE, code);
  const admission = input.admission ?? newAdmission({ classId: null, rosterSize: 0, guests: true });
  const game = createGame({ ...input, admission, code, hostToken, seed: newSeed(), now: now() });
  games.set(code, { game, hosts: new Set(), players: new Map(), dirty: true });
  if (games.size === 1) startTimers();
  for (const listener of openedListeners) listener(code);
  return { ok: true, code, hostToken };
}

const openedListeners: ((code: string) => void)[] = [];

/** Called with each game's code as it opens (./machines.server.ts tells the primary where it lives). */
export function onLiveGameOpened(listener: (code: string) => void): void {
  openedListeners.push(listener);
}

const closedListeners: ((code: string) => void)[] = [];

/** Called with each game's code as it closes, but in a shutdown (./machines.server.ts tells the primary). */
export function onLiveGameClosed(listener: (code: string) => void): void {
  closedListeners.push(listener);
}

/** The codes of the games this process holds. */
export function liveCodes(): string[] {
  return [...games.keys()];
}

export function findLiveGame(code: string): LiveGame | undefined {
  return games.get(code)?.game;
}

/**
 * The open game a teacher hosts for this class (the newest, when there are several), for the pupils' dashboard's
 * one-tap Join (docs/product.md#live-game); null when there is none.
 */
export function openGameOfClass(classId: string): string | null {
  let found: LiveGame | null = null;
  for (const { game } of games.values()) {
    if (game.phase === "closed" || game.host.kind !== "teacher" || game.host.classId !== classId) continue;
    if (!found || game.lastActive > found.lastActive) found = game;
  }
  return found?.code ?? null;
}

export function playerByTokenOf(game: LiveGame, token: string): LivePlayer | undefined {
  const player = playerByToken(game, token);
  return player && !player.removed ? player : undefined;
}

export function isLiveHost(game: LiveGame, token: string | null): boolean {
  return token !== null && token === game.hostToken;
}

/** A player joins (or gets their own player back); the caller sets the cookie to `player.token`. */
export function joinLiveGame(
  code: string,
  who: { name: string; kind: LivePlayer["kind"]; studentId: string | null },
  from?: Omit<Knock, "kind" | "studentId">,
): JoinResult | { ok: false; reason: "no-game" } {
  const entry = games.get(code);
  if (!entry) return { ok: false, reason: "no-game" };
  const joined = joinGame(entry.game, { ...who, token: newLiveToken(PLAYER_COOKIE, code) }, now(), from);
  // A refusal changes the host's count of joins turned away.
  entry.dirty = true;
  return joined;
}

/** The host's actions; each returns whether it did anything. */
export function hostAction(
  code: string,
  action:
    | { kind: "start" }
    | { kind: "end" }
    | { kind: "again" }
    | { kind: "close" }
    | { kind: "remove"; id: string }
    | { kind: "door"; locked?: boolean; guests?: boolean },
): boolean {
  const entry = games.get(code);
  if (!entry) return false;
  const { game } = entry;
  const at = now();
  switch (action.kind) {
    case "start":
      if (!startGame(game, at)) return false;
      break;
    case "end":
      if (!endNow(game, at)) return false;
      // The podium at once, not at the next tick.
      step(entry, at);
      break;
    case "again":
      if (!playAgain(game, newSeed(), at)) return false;
      break;
    case "door":
      if (!setDoor(game.admission, action)) return false;
      break;
    case "close":
      closeEntry(entry, "ended");
      return true;
    case "remove": {
      const player = removePlayer(game, action.id, at);
      if (!player) return false;
      const sinks = entry.players.get(player.token);
      entry.players.delete(player.token);
      for (const sink of sinks ?? []) endSink(sink, event("removed", { now: at }));
      entry.dirty = true;
      return true;
    }
  }
  entry.dirty = true;
  tellPlayers(entry, at);
  writeRace(entry, at);
  return true;
}

/** A player's answers (the lane's JSON, or the page-by-page game's form with the server's own time). */
export function answerLive(code: string, token: string, answers: readonly unknown[]): AnswerOutcome {
  const entry = games.get(code);
  if (!entry) return { ok: false, status: 409, message: ENDED };
  const at = now();
  // A round past its end is moved on first, so an answer after the end finds the podium.
  step(entry, at);
  const outcome = answer(entry.game, token, answers, at);
  if (outcome.ok) entry.dirty = true;
  return outcome;
}

export function playerState(game: LiveGame, player: LivePlayer, at: number = now()): PlayerState {
  const started = game.phase !== "lobby" && game.phase !== "closed";
  return {
    now: at,
    phase: game.phase,
    name: player.name,
    startsAt: game.startsAt,
    endsAt: game.endsAt,
    spec: game.spec,
    seed: started ? game.seed : null,
    answered: player.answers.length,
    right: player.right,
    place: game.phase === "podium" ? player.place : null,
    of: game.players.filter((each) => !each.removed).length,
    checking: player.checking,
  };
}

export function raceOf(game: LiveGame, at: number = now()): RaceEvent {
  const entry = games.get(game.code);
  return {
    now: at,
    code: game.code,
    phase: game.phase,
    startsAt: game.startsAt,
    endsAt: game.endsAt,
    durationSeconds: game.durationSeconds,
    lines: standings(game, (player) => (entry?.players.get(player.token)?.size ?? 0) > 0),
    door: {
      locked: game.admission.locked,
      guests: game.admission.guests,
      classGame: game.admission.classId !== null,
      turnedAway: game.admission.turnedAway,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The clock: one timer for every game

function startTimers() {
  tickTimer = setInterval(tick, LIVE_LIMITS.raceTickMs);
  pingTimer = setInterval(ping, LIVE_LIMITS.pingMs);
  tickTimer.unref?.();
  pingTimer.unref?.();
}

function stopTimers() {
  clearInterval(tickTimer);
  clearInterval(pingTimer);
  tickTimer = pingTimer = undefined;
}

/** One tick: each game's phase moved on with the clock, and each changed game's race written once. */
export function tick(at: number = now()): void {
  for (const entry of [...games.values()]) {
    const idleMs = entry.game.phase === "lobby" ? LIVE_LIMITS.lobbyIdleMs : LIVE_LIMITS.idleMs;
    if (at - entry.game.lastActive > idleMs) {
      closeEntry(entry, "idle");
      continue;
    }
    step(entry, at);
    if (entry.dirty) writeRace(entry, at);
  }
}

function step(entry: Entry, at: number) {
  const changed = advance(entry.game, at);
  if (!changed) return;
  if (changed === "podium") writeResults(entry.game, at);
  entry.dirty = true;
  tellPlayers(entry, at);
  writeRace(entry, at);
}

function ping() {
  for (const entry of games.values()) {
    for (const sink of entry.hosts) send(entry, sink, PING, null);
    for (const [token, sinks] of entry.players) for (const sink of sinks) send(entry, sink, PING, token);
  }
}

/** One server-sent event (the lane writes the one for no game itself). */
export function event(name: string, data: unknown): Buffer {
  return Buffer.from(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

function writeRace(entry: Entry, at: number) {
  entry.dirty = false;
  if (entry.hosts.size === 0) return;
  const chunk = event("race", raceOf(entry.game, at));
  for (const sink of [...entry.hosts]) send(entry, sink, chunk, null);
}

/** Each player's own state, to their own streams only. */
function tellPlayers(entry: Entry, at: number) {
  for (const [token, sinks] of entry.players) {
    const player = playerByToken(entry.game, token);
    if (!player) continue;
    const chunk = event("state", playerState(entry.game, player, at));
    for (const sink of [...sinks]) send(entry, sink, chunk, token);
  }
}

/** A write; a stream that leaves too much unread is dropped (it reconnects and gets a snapshot). */
function send(entry: Entry, sink: LiveSink, chunk: Buffer, token: string | null) {
  sink.write(chunk);
  if (sink.writableLength > LIVE_LIMITS.maxBufferedBytes) {
    dropSink(entry, sink, token);
    sink.destroy();
  }
}

function dropSink(entry: Entry, sink: LiveSink, token: string | null) {
  if (token === null) {
    entry.hosts.delete(sink);
    return;
  }
  const sinks = entry.players.get(token);
  if (!sinks?.delete(sink)) return;
  if (sinks.size === 0) entry.players.delete(token);
  entry.dirty = true;
}

function endSink(sink: LiveSink, chunk: Buffer) {
  sink.write(chunk);
  sink.end();
}

/** Ends a game: every stream told why and ended, the game forgotten. Returns how many streams were open. */
function closeEntry(entry: Entry, reason: ClosedReason): number {
  closeGame(entry.game);
  games.delete(entry.game.code);
  if (games.size === 0) stopTimers();
  if (!isShuttingDown()) for (const listener of closedListeners) listener(entry.game.code);
  const chunk = event("closed", { now: now(), reason });
  let count = 0;
  for (const sink of entry.hosts) {
    endSink(sink, chunk);
    count += 1;
  }
  for (const sinks of entry.players.values()) {
    for (const sink of sinks) {
      endSink(sink, chunk);
      count += 1;
    }
  }
  entry.hosts.clear();
  entry.players.clear();
  return count;
}

/** Ends every game (a shutdown): returns how many streams were open. */
export function closeAllLiveGames(reason: ClosedReason): number {
  let count = 0;
  for (const entry of [...games.values()]) count += closeEntry(entry, reason);
  return count;
}

// A machine going away ends its games and tells every device (docs/decisions/0064-live-class-game.md): a game still
// being played writes nothing; one at its podium has written its results already.
onShutdown("streams", () => closeAllLiveGames("restart"));

/**
 * An erased pupil (docs/product.md#data-rights) is forgotten by every live game at once: their seat, name, answers
 * and report lines; their streams are told they were removed and end. Returns how many seats went.
 */
export function forgetPupilInLiveGames(studentId: string): number {
  for (const listener of forgottenListeners) listener(studentId);
  return forgetPupilHere(studentId);
}

const forgottenListeners: ((studentId: string) => void)[] = [];

/** Called with each erased pupil's id (./machines.server.ts tells the other machines' games). */
export function onPupilForgotten(listener: (studentId: string) => void): void {
  forgottenListeners.push(listener);
}

/** The erased pupil forgotten by this process's games only (another machine asked): how many seats went. */
export function forgetPupilHere(studentId: string): number {
  let count = 0;
  for (const entry of games.values()) {
    const tokens = forgetPupilIn(entry.game, studentId);
    for (const token of tokens) {
      for (const sink of entry.players.get(token) ?? []) endSink(sink, event("removed", { now: now() }));
      entry.players.delete(token);
    }
    if (tokens.length > 0) writeRace(entry, now());
    count += tokens.length;
  }
  return count;
}

export function liveStats(): { games: number; streams: number } {
  let streams = 0;
  for (const entry of games.values()) {
    streams += entry.hosts.size;
    for (const sinks of entry.players.values()) streams += sinks.size;
  }
  return { games: games.size, streams };
}

// ---------------------------------------------------------------------------------------------------------------
// Streams, for the lane (./lane.server.ts)

/** How many streams are open on the game for this browser: the host's screen (token null) or a player's token. */
export function openStreamsOf(code: string, token: string | null): number {
  const entry = games.get(code);
  if (!entry) return 0;
  return token === null ? entry.hosts.size : (entry.players.get(token)?.size ?? 0);
}

/**
 * Follows the game on this stream: the game is moved on with the clock, the stream gets its snapshot (the race for
 * the host's screen, token null; a player's own state) and then every event. Returns the function that stops it.
 */
export function followLiveGame(code: string, sink: LiveSink, token: string | null, at: number): () => void {
  const entry = games.get(code);
  if (!entry) return () => {};
  step(entry, at);
  if (token === null) {
    sink.write(event("race", raceOf(entry.game, at)));
    entry.hosts.add(sink);
  } else {
    sink.write(event("state", playerState(entry.game, playerByToken(entry.game, token)!, at)));
    const sinks = entry.players.get(token) ?? new Set<LiveSink>();
    sinks.add(sink);
    entry.players.set(token, sinks);
    entry.dirty = true;
  }
  return () => dropSink(entry, sink, token);
}

// ---------------------------------------------------------------------------------------------------------------
// Tests

/** The end-to-end suite's test route: ends a game's round now (docs/decisions/0044-e2e-waits-for-states.md). */
export function endLiveRoundNow(code: string): boolean {
  return hostAction(code, { kind: "end" });
}
