import { z } from "zod";
import { MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, type MatchSettings } from "~/game";

export const MATCH_MESSAGES = {
  playerCount: `Choose from ${MIN_PLAYERS} to ${MAX_PLAYERS} players.`,
  rounds: `Choose from ${MIN_ROUNDS} to ${MAX_ROUNDS} rounds.`,
  difficulty: "Choose a difficulty: Normal, Hard or Extreme.",
  name: (n: number) => `Enter a name for player ${n}.`,
  nameTooLong: (n: number) => `Player ${n}'s name must be 20 characters or fewer.`,
} as const;

export const MAX_NAME_LENGTH = 20;

const schema = z.object({
  playerCount: z.coerce
    .number({ message: MATCH_MESSAGES.playerCount })
    .int()
    .min(MIN_PLAYERS, MATCH_MESSAGES.playerCount)
    .max(MAX_PLAYERS, MATCH_MESSAGES.playerCount),
  rounds: z.coerce
    .number({ message: MATCH_MESSAGES.rounds })
    .int()
    .min(MIN_ROUNDS, MATCH_MESSAGES.rounds)
    .max(MAX_ROUNDS, MATCH_MESSAGES.rounds),
  difficulty: z.enum(["Normal", "Hard", "Extreme"], { message: MATCH_MESSAGES.difficulty }),
});

export type MatchErrors = Partial<Record<"playerCount" | "rounds" | "difficulty", string>> & {
  names?: Record<number, string>;
};

export const DEFAULT_MATCH = { playerCount: 2, rounds: 1, difficulty: "Normal" as const };

/** The setup form, checked the same way in the browser and on the server: every player needs a name. */
export function parseMatchSettings(form: {
  get(name: string): unknown;
}): { ok: true; settings: MatchSettings } | { ok: false; errors: MatchErrors } {
  const parsed = schema.safeParse({
    playerCount: form.get("playerCount"),
    rounds: form.get("rounds"),
    difficulty: form.get("difficulty"),
  });
  const errors: MatchErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "playerCount" | "rounds" | "difficulty";
      errors[field] ??= issue.message;
    }
  }
  const count = parsed.success ? parsed.data.playerCount : 0;
  const playerNames: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = String(form.get(`name${i + 1}`) ?? "").trim();
    if (!name) (errors.names ??= {})[i + 1] = MATCH_MESSAGES.name(i + 1);
    else if (name.length > MAX_NAME_LENGTH) (errors.names ??= {})[i + 1] = MATCH_MESSAGES.nameTooLong(i + 1);
    playerNames.push(name);
  }
  if (!parsed.success || errors.names) return { ok: false, errors };
  return { ok: true, settings: { ...parsed.data, playerNames } };
}
