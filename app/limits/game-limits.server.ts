import { hit, type LimitRule } from "./rate-limit.server";

/*
 * Limits on games (docs/decisions/0013-one-rate-limiter.md). A game lasts 30 seconds at least, so one player
 * starts or finishes a few a minute; a school's whole class shares one address. The per-address ceilings
 * leave room for several classes at once; the per-player ones stop a loop within a minute.
 */
const MINUTE = 60_000;
const SLOW_DOWN = "You have started a lot of games in a short time. Please wait a minute, then play again.";

const RULES = {
  startsPerPlayer: { name: "game-starts-player", max: 20, windowMs: MINUTE, message: SLOW_DOWN },
  startsPerAddress: { name: "game-starts-address", max: 600, windowMs: MINUTE, message: SLOW_DOWN },
  finishesPerPlayer: { name: "game-finishes-player", max: 12, windowMs: MINUTE, message: SLOW_DOWN },
  finishesPerAddress: { name: "game-finishes-address", max: 300, windowMs: MINUTE, message: SLOW_DOWN },
} satisfies Record<string, LimitRule>;

type Who = { address: string | null; player: string | null };

export const GAME_LIMITS = {
  start: ({ address, player }: Who) =>
    hit([
      { rule: RULES.startsPerPlayer, key: player },
      { rule: RULES.startsPerAddress, key: address },
    ]),
  finish: ({ address, player }: Who) =>
    hit([
      { rule: RULES.finishesPerPlayer, key: player },
      { rule: RULES.finishesPerAddress, key: address },
    ]),
};
