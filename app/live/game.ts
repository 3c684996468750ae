// The live game's state machine (docs/product.md#live-game, docs/decisions/0064-live-class-game.md): lobby →
// countdown → playing → podium (→ lobby again: Play again), and closed. Pure: no clock (every function is given
// `now`, server epoch ms), no randomness (codes, tokens and seeds come in), no I/O. The hub
// (app/live-hub/registry.server.ts) keeps the games and their streams.
import { ANSWER_CLOCK_SLACK_MS, MIN_MS_PER_ANSWER, checkAnswer, sanitizeAnswer } from "~/game";
import type { ProblemSequence } from "~/game/play";
import { problemSequence } from "~/game/problems";
import type { RunSpec } from "~/game/run-spec";
import type { SubmittedAnswer } from "~/game/verify";
import { bar, isBarred, mayJoin, seated, type Admission, type Door, type Knock, type TurnedAway } from "./admission";
import { judgeLivePace } from "./pace-check";
import { LIVE_LIMITS, type LivePhase, type LivePlayerKind, type RaceLine } from "./protocol";

/** Who opened the game: a teacher for one of their classes, or a signed-in member. */
export type LiveHost = { kind: "teacher"; teacherId: string; classId: string } | { kind: "member"; userId: string };

export type LivePlayer = {
  /** Public: p1, p2, … in joining order. */
  id: string;
  /** Secret: the browser's cookie. */
  token: string;
  /** What the big screen shows (a pupil's first name on their own teacher's screen, else a pseudonym). */
  name: string;
  kind: LivePlayerKind;
  /** A pupil's id: their run is written at the end. Null for a guest. */
  studentId: string | null;
  /** This round's answers, in order, as taken. */
  answers: SubmittedAnswer[];
  /** Whether each answer was right. */
  marks: boolean[];
  right: number;
  /** ms after the start at which the player reached their score (for equal scores: first there, first placed). */
  reachedAt: number;
  removed: boolean;
  /** Where they came in from (app/live/admission.ts): a removal bars the same browser. */
  door: Door;
  /** At the podium: their answers came faster than people answer (app/game/pace.ts), so they are not placed. */
  checking: boolean;
  /** At the podium: the place and the saved run's id (a pupil's), or why it was not saved. */
  place: number | null;
  runId: string | null;
};

export type LiveGame = {
  code: string;
  hostToken: string;
  host: LiveHost;
  spec: RunSpec;
  durationSeconds: number;
  seed: string;
  phase: LivePhase;
  startsAt: number | null;
  endsAt: number | null;
  /** After this instant, no answer is taken and the results are written. */
  closesAt: number | null;
  players: LivePlayer[];
  nextPlayer: number;
  /** The last join, answer or host action: a game idle for LIVE_LIMITS.idleMs is closed. */
  lastActive: number;
  /** 1 for the first game, +1 for each Play again. */
  round: number;
  /** The round's problems, made once (the student mode's are made in order and remembered). */
  problems: ProblemSequence;
  /** Who may join (app/live/admission.ts). */
  admission: Admission;
};

export function createGame(input: {
  code: string;
  hostToken: string;
  host: LiveHost;
  spec: RunSpec;
  durationSeconds: number;
  seed: string;
  now: number;
  admission: Admission;
}): LiveGame {
  return {
    code: input.code,
    hostToken: input.hostToken,
    host: input.host,
    spec: input.spec,
    durationSeconds: input.durationSeconds,
    seed: input.seed,
    phase: "lobby",
    startsAt: null,
    endsAt: null,
    closesAt: null,
    players: [],
    nextPlayer: 1,
    lastActive: input.now,
    round: 1,
    problems: problemSequence(input.spec, input.seed),
    admission: input.admission,
  };
}

export type JoinResult = { ok: true; player: LivePlayer; rejoined: boolean } | { ok: false; reason: TurnedAway };

/**
 * A player joins, in any phase but closed: a late joiner plays the rest of the round (their answers timed from the
 * same start). A pupil already in the game gets their own player back (a second device, a lost cookie). A removed
 * player does not come back, nor does their browser; the door's other rules are app/live/admission.ts.
 */
export function joinGame(
  game: LiveGame,
  who: { token: string; name: string; kind: LivePlayerKind; studentId: string | null },
  now: number,
  from: Omit<Knock, "kind" | "studentId"> = { classId: null, addressGroup: null, browserId: null },
): JoinResult {
  if (game.phase === "closed") return { ok: false, reason: "closed" };
  const knock: Knock = { ...from, kind: who.kind, studentId: who.studentId };
  if (isBarred(game.admission, knock)) return turnAway(game, "removed");
  if (who.studentId !== null) {
    const same = game.players.find((player) => player.studentId === who.studentId);
    if (same && !same.removed) {
      game.lastActive = now;
      return { ok: true, player: same, rejoined: true };
    }
  }
  const refused = mayJoin(
    game.admission,
    knock,
    game.players.map((player) => ({ own: player.door.own, removed: player.removed })),
  );
  if (refused) return turnAway(game, refused);
  const door = seated(game.admission, knock);
  const player: LivePlayer = {
    id: `p${game.nextPlayer++}`,
    token: who.token,
    name: who.name,
    kind: who.kind,
    studentId: who.studentId,
    answers: [],
    marks: [],
    right: 0,
    reachedAt: Infinity,
    removed: false,
    door,
    checking: false,
    place: null,
    runId: null,
  };
  game.players.push(player);
  game.lastActive = now;
  return { ok: true, player, rejoined: false };
}

function turnAway(game: LiveGame, reason: TurnedAway): JoinResult {
  game.admission.turnedAway += 1;
  return { ok: false, reason };
}

export function activePlayers(game: LiveGame): LivePlayer[] {
  return game.players.filter((player) => !player.removed);
}

export function playerByToken(game: LiveGame, token: string): LivePlayer | undefined {
  return game.players.find((player) => player.token === token);
}

/** The teacher removes a player: off the screen, no more answers, no result written; they do not come back. */
export function removePlayer(game: LiveGame, id: string, now: number): LivePlayer | null {
  const player = game.players.find((each) => each.id === id && !each.removed);
  if (!player) return null;
  player.removed = true;
  bar(game.admission, player);
  game.lastActive = now;
  return player;
}

/** Start pressed: every device counts down to `startsAt`. Only from the lobby, with someone to play. */
export function startGame(game: LiveGame, now: number): boolean {
  if (game.phase !== "lobby" || activePlayers(game).length === 0) return false;
  game.phase = "countdown";
  game.startsAt = now + LIVE_LIMITS.countdownMs;
  game.endsAt = game.startsAt + game.durationSeconds * 1000;
  game.closesAt = game.endsAt + LIVE_LIMITS.endGraceMs;
  game.lastActive = now;
  return true;
}

/** Ends the round now (the host's End button; the end-to-end suite's test route): answers stop, the podium follows. */
export function endNow(game: LiveGame, now: number): boolean {
  if (game.phase !== "countdown" && game.phase !== "playing") return false;
  if (game.startsAt === null || now < game.startsAt) {
    // Not begun: back to the lobby, nothing to score.
    game.phase = "lobby";
    game.startsAt = game.endsAt = game.closesAt = null;
    return true;
  }
  game.endsAt = Math.min(game.endsAt ?? now, now);
  game.closesAt = now;
  game.lastActive = now;
  return true;
}

/** Moves the phase on with the clock; returns the new phase when it changed (podium: write the results). */
export function advance(game: LiveGame, now: number): LivePhase | null {
  if (game.phase === "countdown" && game.startsAt !== null && now >= game.startsAt) {
    game.phase = "playing";
    // The same tick may already be past the end (a very short round, a slow tick): fall through.
    if (game.closesAt === null || now < game.closesAt) return "playing";
  }
  if (game.phase === "playing" && game.closesAt !== null && now >= game.closesAt) {
    game.phase = "podium";
    // The one judge of pace (app/game/pace.ts): a run faster than people answer is not placed.
    for (const player of activePlayers(game)) player.checking = judgeLivePace(game, player, now);
    for (const line of standings(game, () => false)) {
      const player = game.players.find((each) => each.id === line.id);
      if (player) player.place = line.checking ? null : line.place;
    }
    return "podium";
  }
  return null;
}

/** Play again: the same players, a new seed, back to the lobby. */
export function playAgain(game: LiveGame, seed: string, now: number): boolean {
  if (game.phase !== "podium") return false;
  game.seed = seed;
  game.problems = problemSequence(game.spec, seed);
  game.phase = "lobby";
  game.startsAt = game.endsAt = game.closesAt = null;
  game.round += 1;
  game.lastActive = now;
  for (const player of game.players) {
    player.answers = [];
    player.marks = [];
    player.right = 0;
    player.reachedAt = Infinity;
    player.checking = false;
    player.place = null;
    player.runId = null;
  }
  return true;
}

export function closeGame(game: LiveGame): void {
  game.phase = "closed";
}

export type AnswerOutcome =
  { ok: true; held: number; right: number; refused?: string } | { ok: false; status: 403 | 409; message: string };

const MAX_VALUE_LENGTH = 32;

/**
 * A player's answers, as sent (retries included): those already held are skipped, each new one must be the next in
 * order, and is held only under the rules the run is verified by at the end (app/game/verify.ts), applied as it
 * comes: a value the answer field can build, a time from the start, not before the previous answer, not after the
 * end nor after the server's own clock (+1 s of drift), and no faster than 400 ms an answer on average. The first
 * answer that breaks a rule stops the batch (`refused`); what was held before it stays.
 */
export function answer(game: LiveGame, token: string, sent: readonly unknown[], now: number): AnswerOutcome {
  const player = playerByToken(game, token);
  if (!player || player.removed) return { ok: false, status: 403, message: "You are not a player in this game." };
  if (game.phase !== "playing" || game.startsAt === null || game.closesAt === null || now >= game.closesAt) {
    return { ok: false, status: 409, message: "This game is not being played now." };
  }
  game.lastActive = now;
  const elapsed = Math.min(now - game.startsAt, game.durationSeconds * 1000);
  const latest = elapsed + ANSWER_CLOCK_SLACK_MS;
  let refused: string | undefined;
  for (const raw of sent) {
    const item = raw as Partial<SubmittedAnswer> | null;
    if (typeof item !== "object" || item === null) {
      refused = "An answer was not in the expected form.";
      break;
    }
    const { i, value, t } = item;
    if (!Number.isInteger(i) || typeof value !== "string" || typeof t !== "number" || !Number.isFinite(t)) {
      refused = "An answer was not in the expected form.";
      break;
    }
    const k = player.answers.length;
    if ((i as number) < k) continue;
    if (i !== k) {
      refused = `Answers must come in order; question ${k + 1} is next.`;
      break;
    }
    if (value.trim() === "" || value.length > MAX_VALUE_LENGTH || sanitizeAnswer(value) !== value) {
      refused = `Answer ${k + 1} is not a number.`;
      break;
    }
    const previous = player.answers[k - 1];
    const first = player.answers[0];
    if (t < 0 || (previous && t < previous.t) || t > latest) {
      refused = `Answer ${k + 1} has a time outside the game.`;
      break;
    }
    if (k + 1 > Math.floor(elapsed / MIN_MS_PER_ANSWER) + 1 || (first && t - first.t < k * MIN_MS_PER_ANSWER)) {
      refused = "These answers came faster than anyone could give them.";
      break;
    }
    const correct = checkAnswer(game.spec.mode, game.problems(k), value) === true;
    player.answers.push({ i: k, value, t });
    player.marks.push(correct);
    if (correct) {
      player.right += 1;
      player.reachedAt = t;
    }
  }
  return { ok: true, held: player.answers.length, right: player.right, ...(refused ? { refused } : {}) };
}

/**
 * The race: active players by right answers, then who reached that score first, then joining order. Equal right
 * answers reached at the same moment (no right answer yet, say) share a place. At the podium a run being checked
 * for its pace comes after every other (its place is not shown: docs/product.md#live-game).
 */
export function standings(game: LiveGame, online: (player: LivePlayer) => boolean): RaceLine[] {
  const order = activePlayers(game)
    .map((player, joined) => ({ player, joined }))
    .sort(
      (a, b) =>
        Number(a.player.checking) - Number(b.player.checking) ||
        b.player.right - a.player.right ||
        a.player.reachedAt - b.player.reachedAt ||
        a.joined - b.joined,
    );
  const lines: RaceLine[] = [];
  order.forEach(({ player }, index) => {
    const before = order[index - 1]?.player;
    const shared =
      before &&
      before.checking === player.checking &&
      before.right === player.right &&
      before.reachedAt === player.reachedAt;
    lines.push({
      id: player.id,
      name: player.name,
      kind: player.kind,
      right: player.right,
      answered: player.answers.length,
      place: shared ? lines[index - 1]!.place : index + 1,
      online: online(player),
      ...(player.checking ? { checking: true } : {}),
    });
  });
  return lines;
}
