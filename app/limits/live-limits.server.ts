import { isIPv6 } from "node:net";
import { config } from "~/config.server";
import { hit, peek, type LimitRefusal, type LimitRule, type LimitVerdict } from "./rate-limit.server";

/*
 * The live game's limits (docs/product.md#live-game, docs/decisions/0072-live-games-closed-to-strangers.md), through
 * the one limiter. An address is counted whole for IPv4 and by its /64 for IPv6 (one household or school gets a
 * /64, and a scanner with one gets 2^64 addresses).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIVE_LIMIT_MESSAGES = {
  joinCodes:
    "Too many join codes that open no game have been tried from here. Check the code on the big screen, and try again later.",
  answers: "Too many answers at once. Wait a moment.",
  streams: "This live game is open on too many devices from your network. Close a few, then reload.",
  tabs: "This game is open in too many tabs. Close one, then reload.",
  opens: "You have opened a lot of live games in a short time. Please wait, then try again.",
} as const;

export const LIVE_LIMIT_RULES = {
  /**
   * Join codes that opened no game for this browser (a code with a right check digit: a slip is caught before): 5,
   * then one after waits of 1 hour, 6 hours and a day; forgotten after a day without one. At most 8 in a day.
   */
  joinCodes: {
    name: "live-join-codes",
    free: 5,
    waitsMs: [HOUR, 6 * HOUR, DAY],
    forgetMs: DAY,
    message: LIVE_LIMIT_MESSAGES.joinCodes,
  },
  /** Answer requests one player may send in a second (each may carry several answers: retries). */
  answers: { name: "live-answers", max: 5, windowMs: 1000, message: LIVE_LIMIT_MESSAGES.answers },
  /** Games one address (a member's) may open in an hour. */
  opens: { name: "live-opens", max: 20, windowMs: HOUR, message: LIVE_LIMIT_MESSAGES.opens },
} satisfies Record<string, LimitRule>;

/** The key an address is counted under: an IPv4 address as it is, an IPv6 one by its first 64 bits. */
export function addressBlockOf(address: string | null): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

const joinCheck = (address: string | null) => [{ rule: LIVE_LIMIT_RULES.joinCodes, key: addressBlockOf(address) }];

/** Before a join code is looked up: refused while the address waits (the refusal looks nothing up). */
export const mayTryJoinCode = (address: string | null): LimitVerdict => peek(joinCheck(address));

/** A join code that opened no game (no game, a full one, one that would not seat this player: all the same). */
export const countFailedJoinCode = (address: string | null): void => void hit(joinCheck(address));

/** One answer request of a player (by their token, whether or not it is a player's: the answer is the same). */
export const countAnswerRequest = (token: string): LimitVerdict =>
  hit([{ rule: LIVE_LIMIT_RULES.answers, key: token }]);

/** One game opened by a member from this address. */
export const countGameOpened = (address: string | null): LimitVerdict =>
  hit([{ rule: LIVE_LIMIT_RULES.opens, key: addressBlockOf(address) }]);

// ---------------------------------------------------------------------------------------------------------------
// Open event streams per address, as the leaderboard feed counts them (app/realtime/live-feed.server.ts)

const streamsPerAddress = new Map<string, number>();

/** Takes one stream for this address, or refuses; the returned function gives it back (safe to call twice). */
export function takeLiveStream(address: string | null): (() => void) | null {
  const key = addressBlockOf(address) ?? "unknown";
  const held = streamsPerAddress.get(key) ?? 0;
  if (held >= config.liveGame.maxStreamsPerAddress) return null;
  streamsPerAddress.set(key, held + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (streamsPerAddress.get(key) ?? 1) - 1;
    if (left > 0) streamsPerAddress.set(key, left);
    else streamsPerAddress.delete(key);
  };
}

/** The refusal when the address holds as many streams as it may: come back in a minute. */
export const LIVE_STREAMS_REFUSAL: LimitRefusal = {
  ok: false,
  message: LIVE_LIMIT_MESSAGES.streams,
  retryAfterSeconds: 60,
};

/**
 * One browser's streams on one game (its tabs: a player's token, or the host's screen), counted by the registry's
 * open streams: refused, come back in 5 seconds, when it already holds `max`; undefined while it may open another.
 */
export function tabsRefusal(open: number, max: number): LimitRefusal | undefined {
  return open >= max ? { ok: false, message: LIVE_LIMIT_MESSAGES.tabs, retryAfterSeconds: 5 } : undefined;
}
