// Hot-seat multiplayer (docs/product.md#two-player): the whole match as a pure reducer, so every turn and
// round transition is testable and the state can be saved to and restored from session storage.
import { accuracy } from "./score";
import { MULTIPLAYER_DIFFICULTIES, MULTIPLAYER_TURN_SECONDS, type MultiplayerDifficulty } from "./types";

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
export const MIN_ROUNDS = 1;
export const MAX_ROUNDS = 3;
export const TURN_MS = MULTIPLAYER_TURN_SECONDS * 1000;

export interface MatchSettings {
  playerCount: number;
  difficulty: MultiplayerDifficulty;
  rounds: number;
  playerNames: string[];
}

export interface MatchPlayer {
  name: string;
  totalScore: number;
  currentRoundScore: number;
  totalQuestions: number;
}

export type TurnPhase = "waiting" | "playing" | "round-end";

export type MatchState =
  | { phase: "setup" }
  | {
      phase: "playing";
      settings: MatchSettings;
      players: MatchPlayer[];
      /** 1-based. */
      round: number;
      /** Index of the player whose turn it is. */
      current: number;
      turn: TurnPhase;
      /** Epoch ms when the running turn ends, and the answers given in it and how many were right (so a reload can resume it). */
      turnEndsAt: number | null;
      turnAnswers: number;
      turnRight: number;
      seed: string;
    }
  | { phase: "results"; settings: MatchSettings; players: MatchPlayer[]; seed: string };

export type MatchAction =
  | { type: "start"; settings: MatchSettings; seed: string }
  | { type: "startTurn"; now: number }
  | { type: "answer"; correct: boolean }
  | { type: "endTurn" }
  | { type: "startNextRound" }
  | { type: "playAgain"; seed: string }
  | { type: "newSetup" }
  | { type: "backToSetup" };

/** An empty name falls back to 'Player N'. */
export function playerName(names: readonly string[], index: number): string {
  return names[index]?.trim() || `Player ${index + 1}`;
}

function freshPlayers(settings: MatchSettings): MatchPlayer[] {
  return Array.from({ length: settings.playerCount }, (_, i) => ({
    name: playerName(settings.playerNames, i),
    totalScore: 0,
    currentRoundScore: 0,
    totalQuestions: 0,
  }));
}

function begin(settings: MatchSettings, seed: string): MatchState {
  return {
    phase: "playing",
    settings,
    players: freshPlayers(settings),
    round: 1,
    current: 0,
    turn: "waiting",
    turnEndsAt: null,
    turnAnswers: 0,
    turnRight: 0,
    seed,
  };
}

export const initialMatch: MatchState = { phase: "setup" };

export function matchReducer(state: MatchState, action: MatchAction): MatchState {
  switch (action.type) {
    case "start":
      return begin(action.settings, action.seed);
    case "newSetup":
    case "backToSetup":
      // Both clear the settings and any results (docs/product.md#final-screen).
      return initialMatch;
    case "playAgain":
      return state.phase === "results" ? begin(state.settings, action.seed) : state;
  }
  if (state.phase !== "playing") return state;
  switch (action.type) {
    case "startTurn":
      return state.turn === "waiting"
        ? { ...state, turn: "playing", turnEndsAt: action.now + TURN_MS, turnAnswers: 0, turnRight: 0 }
        : state;
    case "answer": {
      if (state.turn !== "playing") return state;
      const gain = action.correct ? 1 : 0;
      const players = state.players.map((p, i) =>
        i === state.current
          ? {
              ...p,
              currentRoundScore: p.currentRoundScore + gain,
              totalScore: p.totalScore + gain,
              totalQuestions: p.totalQuestions + 1,
            }
          : p,
      );
      return { ...state, players, turnAnswers: state.turnAnswers + 1, turnRight: state.turnRight + gain };
    }
    case "endTurn": {
      if (state.turn !== "playing") return state;
      if (state.current < state.players.length - 1) {
        return { ...state, current: state.current + 1, turn: "waiting", turnEndsAt: null };
      }
      if (state.round < state.settings.rounds) return { ...state, turn: "round-end", turnEndsAt: null };
      return { phase: "results", settings: state.settings, players: state.players, seed: state.seed };
    }
    case "startNextRound":
      if (state.turn !== "round-end") return state;
      return {
        ...state,
        round: state.round + 1,
        current: 0,
        turn: "waiting",
        players: state.players.map((p) => ({ ...p, currentRoundScore: 0 })),
      };
  }
}

export interface RankedPlayer extends MatchPlayer {
  /** The player's seat (order of play), which tells two players of the same name apart. */
  seat: number;
  /** Standard competition ranking: equal totals share a rank (1, 1, 3). */
  rank: number;
  accuracy: number;
}

export function rankPlayers(players: readonly MatchPlayer[]): RankedPlayer[] {
  const sorted = players
    .map((p, seat) => ({ ...p, seat }))
    .sort((a, b) => b.totalScore - a.totalScore || a.seat - b.seat);
  return sorted.map((p) => ({
    ...p,
    rank: sorted.findIndex((q) => q.totalScore === p.totalScore) + 1,
    accuracy: accuracy(p.totalScore, p.totalQuestions),
  }));
}

/** The match's outcome: a single winner, or a tie between everyone on the top score. */
export function matchOutcome(
  players: readonly MatchPlayer[],
): { kind: "win"; winner: RankedPlayer } | { kind: "tie"; tied: RankedPlayer[] } {
  const ranked = rankPlayers(players);
  const top = ranked.filter((p) => p.rank === 1);
  return top.length === 1 ? { kind: "win", winner: top[0]! } : { kind: "tie", tied: top };
}

/** The seed of one player's turn in one round: each turn gets its own problems. */
export function turnSeed(matchSeed: string, round: number, player: number): string {
  return `${matchSeed}:r${round}:p${player}`;
}

function isPlayer(value: unknown): value is MatchPlayer {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return typeof p.name === "string" && count(p.totalScore) && count(p.currentRoundScore) && count(p.totalQuestions);
}

const count = (n: unknown) => (Number.isInteger(n) && Number(n) >= 0 ? Number(n) : 0);

/** Checks a state read back from storage; anything unexpected starts over at setup. */
export function restoreMatch(value: unknown): MatchState {
  if (typeof value !== "object" || value === null) return initialMatch;
  const s = value as Partial<Omit<Extract<MatchState, { phase: "playing" }>, "phase">> & { phase?: unknown };
  const settings = s.settings;
  const validSettings =
    !!settings &&
    Number.isInteger(settings.playerCount) &&
    settings.playerCount >= MIN_PLAYERS &&
    settings.playerCount <= MAX_PLAYERS &&
    Number.isInteger(settings.rounds) &&
    settings.rounds >= MIN_ROUNDS &&
    settings.rounds <= MAX_ROUNDS &&
    MULTIPLAYER_DIFFICULTIES.includes(settings.difficulty) &&
    Array.isArray(settings.playerNames);
  if (
    !validSettings ||
    typeof s.seed !== "string" ||
    !Array.isArray(s.players) ||
    s.players.length !== settings.playerCount
  ) {
    return initialMatch;
  }
  if (!s.players.every(isPlayer)) return initialMatch;
  if (s.phase === "results") return { phase: "results", settings, players: s.players, seed: s.seed };
  if (s.phase !== "playing") return initialMatch;
  const round = Number(s.round);
  const current = Number(s.current);
  if (!(round >= 1 && round <= settings.rounds && current >= 0 && current < settings.playerCount)) return initialMatch;
  const turn = s.turn === "playing" || s.turn === "round-end" ? s.turn : "waiting";
  return {
    phase: "playing",
    settings,
    players: s.players,
    seed: s.seed,
    round,
    current,
    turn,
    turnEndsAt: typeof s.turnEndsAt === "number" ? s.turnEndsAt : null,
    turnAnswers: count(s.turnAnswers),
    turnRight: Math.min(count(s.turnRight), count(s.turnAnswers)),
  };
}
