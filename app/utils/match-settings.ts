import { MAX_PLAYERS, MIN_PLAYERS, MAX_ROUNDS, MIN_ROUNDS } from "~/game";

/*
 * The two-player setup as the page knows it. No zod here: this module reaches the browser. The form schema
 * that checks a submitted setup is app/forms/match-setup.server.ts.
 */

export const MATCH_MESSAGES = {
  playerCount: `Choose from ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`,
  rounds: `Choose from ${MIN_ROUNDS} to ${MAX_ROUNDS} rounds.`,
  difficulty: "Choose a difficulty: Normal, Hard or Extreme.",
  nameTooLong: (n: number) => `Player ${n}'s name must be 20 characters or fewer.`,
} as const;

export const MAX_NAME_LENGTH = 20;

export const MATCH_DIFFICULTIES = ["Normal", "Hard", "Extreme"] as const;

export const DEFAULT_MATCH = { playerCount: 2, rounds: 1, difficulty: "Normal" as const };

/** The form field of player n's name (1-based). */
export const nameField = (n: number) => `name${n}`;
