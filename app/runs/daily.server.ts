import { challengeForUtcTime, getChallenge, type DailyChallenge, type RunSpec } from "~/game";
import { now } from "~/utils/clock.server";
import type { ChallengeInfo } from "~/types/runs";

/**
 * Today's challenge is picked from the server's UTC date, so every player meets the same one at once;
 * the browser's countdown runs to the player's own midnight (docs/product.md#rotation-and-countdown).
 */
export function todaysChallenge(at = now()): DailyChallenge {
  return challengeForUtcTime(at);
}

export function dailySpec(at = now()): RunSpec {
  return { mode: "daily", challengeId: todaysChallenge(at).id };
}

export function challengeInfo(challenge: DailyChallenge): ChallengeInfo {
  return {
    id: challenge.id,
    title: challenge.title,
    description: challenge.description,
    timeLimit: challenge.timeLimit,
  };
}

export function challengeInfoById(id: string): ChallengeInfo | null {
  const challenge = getChallenge(id);
  return challenge ? challengeInfo(challenge) : null;
}

/** Until the server's next challenge: what a page without JavaScript can show for the countdown. */
export function msToNextUtcMidnight(at = now()): number {
  const day = 24 * 60 * 60 * 1000;
  return day - (at % day);
}
