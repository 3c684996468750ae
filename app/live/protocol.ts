// The live class game's protocol (docs/decisions/0064-live-class-game.md, docs/product.md#live-game): the
// addresses, the messages and the limits, shared by the server, the pages and the benchmarks. Pure: types and
// constants only, no clock, no I/O.

/**
 * A join code: 11 digits, the last a check digit (app/live/join-code.ts; pupils' login codes have 8, so the two are
 * never mistaken for each other).
 */
export const JOIN_CODE_PATTERN = /^\d{11}$/;

/** Every address of a live game starts here; the machine that holds the game serves all of them (decision 0088). */
export const LIVE_PREFIX = "/live";

/** The addresses of one game (the code is JOIN_CODE_PATTERN). */
export const livePaths = {
  /** GET: the join page (Remix); `?code=` fills the code in. POST: join (Remix action). */
  join: "/live",
  /** GET: the host's settings page; POST: open a game (Remix). */
  host: "/live/host",
  /** GET: the big screen (needs JavaScript); POST: start, remove a player, end, play again (Remix action). */
  screen: (code: string) => `/live/${code}/host`,
  /** GET: the teacher's report after the game (Remix). */
  report: (code: string) => `/live/${code}/report`,
  /** GET: a player's page (the island, or the page-by-page game without JavaScript); POST: an answer without JavaScript. */
  player: (code: string) => `/live/${code}`,
  /** GET: the event stream of the big screen or of one player (a lane in front of Express, server/lanes.ts). */
  events: (code: string) => `/live/${code}/events`,
  /** POST: a player's answers, JSON (a lane in front of Express). */
  answer: (code: string) => `/live/${code}/answer`,
} as const;

/** The lane's two paths: /live/48271903562/events and /live/48271903562/answer. */
export const LIVE_LANE_PATH = /^\/live\/(\d{11})\/(events|answer)$/;
/**
 * A machine's signed request to the primary (docs/decisions/0088-live-games-on-every-machine.md): in the live lane,
 * but not under /live, so that it is sent to the primary as every write is.
 */
export const LIVE_PRIMARY_PATH = "/live-primary";
/** The primary's signed request to one machine (an erased pupil leaves its games): under /live, so it stays there. */
export const LIVE_MACHINE_PATH = "/live/machine";

/**
 * The cookies that hold a browser's secret for one game, named for the game (`live_player_48271903562`), Path=/live: the
 * player's token (who answers) and the host's (who runs the big screen). 32 hex characters from crypto-random
 * bytes; a page never shows another player's token, so no one can answer for someone else. (Path=/live/<code> would
 * miss Remix's data requests, /live/<code>.data.)
 */
export const PLAYER_COOKIE = "live_player";
export const HOST_COOKIE = "live_host";
export const cookieName = (kind: typeof PLAYER_COOKIE | typeof HOST_COOKIE, code: string) => `${kind}_${code}`;
export const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** The phases of a game, in order; "podium" may go back to "lobby" (Play again, same players, new seed). */
export type LivePhase = "lobby" | "countdown" | "playing" | "podium" | "closed";

/** Limits (decision 0064). */
export const LIVE_LIMITS = {
  /** Players in one game: a class of 30 with room for a few guests. */
  maxPlayers: 40,
  /** Games open on one process at once (a game in the lobby counts). */
  maxGames: 500,
  /** Answers one request may carry (the island's unacknowledged ones). */
  maxAnswersPerRequest: 20,
  /** Bytes of one answer request's body. */
  maxAnswerBodyBytes: 4096,
  /** Event streams one player or host may hold open at once (a reload opens a new one before the old closes). */
  streamsPerToken: 3,
  /** The big screen's race is sent at most this often: a game's answers in that time make one event. */
  raceTickMs: 250,
  /** The countdown every device shows, from the server instant the host pressed Start. */
  countdownMs: 3_000,
  /** After the end, answers already sent (a slow network) are still taken this long, then results are written. */
  endGraceMs: 2_000,
  /** A game left alone this long (no join, answer or host action) is closed and forgotten. */
  idleMs: 2 * 60 * 60 * 1000,
  /** A game still in its lobby is closed sooner: 15 minutes without a join or a host action (decision 0072). */
  lobbyIdleMs: 15 * 60 * 1000,
  /** Keep-alive comment on every stream, as the leaderboard feed does (Fly closes idle connections after 60 s). */
  pingMs: 25_000,
  /** Bytes a stream may leave unread in our buffer before it is dropped (it reconnects and gets a snapshot). */
  maxBufferedBytes: 64 * 1024,
} as const;

/** Who may hold how many open games (decision 0072; app/live-hub/hosting-caps.server.ts applies them). */
export const HOSTING_LIMITS = {
  /** Open games one teacher or member holds at once (a lesson needs one; a second screen or a mistake, two more). */
  gamesPerHost: 3,
  /** Open games members hold from one address (an IPv6 /64). */
  memberGamesPerAddress: 6,
  /** Open games all members together hold on one process: the rest (LIVE_LIMITS.maxGames − this) stay for teachers. */
  memberGames: 300,
} as const;

/** Game lengths a host may choose, in seconds. */
export const LIVE_DURATIONS = [30, 60] as const;
export type LiveDuration = (typeof LIVE_DURATIONS)[number];

/** How a player's name reaches the big screen: a pupil's first name (their own teacher's screen only) or a pseudonym. */
export type LivePlayerKind = "pupil" | "guest";

/** One line of the big screen's race (and its lobby list). `id` is public (p1, p2, …), never the token. */
export type RaceLine = {
  id: string;
  name: string;
  kind: LivePlayerKind;
  /** Right answers so far. */
  right: number;
  /** Answers given so far. */
  answered: number;
  /** 1-based place: by right answers, then who reached that score first. Equal places share a number. */
  place: number;
  /** Whether a stream of this player is open now. */
  online: boolean;
  /** At the podium: answered faster than people answer (app/game/pace.ts), so not placed; absent otherwise. */
  checking?: true;
};

/** The game's door as the host sees it (app/live/admission.ts). */
export type DoorState = { locked: boolean; guests: boolean; classGame: boolean; turnedAway: number };

/**
 * Server-sent events. Each `data:` is one JSON object and carries `now`, the server's clock (epoch ms) when it was
 * written: a device's offset is `now - Date.now()` at receipt, the smallest of the ones seen (the one least delayed
 * by the network), and every instant below is in server time.
 *
 * The big screen's stream (the host's token):
 * - `event: race`: the whole game: phase, instants, every line. Sent on connect, on a phase change, and while
 *   anything changed at most once per LIVE_LIMITS.raceTickMs (one shared buffer per game per tick, not per answer).
 *
 * A player's stream (their token): only what is theirs, so no player ever sees another's name.
 * - `event: state`: on connect and on every phase change: `PlayerState`.
 * - `event: removed`: the teacher removed this player; the stream ends.
 * - `event: closed`: the game is over for good (closed by the host, left idle, or the server is restarting:
 *   `reason`); the stream ends and the page says so.
 * Both streams: a `: ping` comment every LIVE_LIMITS.pingMs.
 */
export type RaceEvent = {
  now: number;
  code: string;
  phase: LivePhase;
  /** Server instant the playing starts (the countdown ends), once started. */
  startsAt: number | null;
  /** Server instant the playing ends. */
  endsAt: number | null;
  durationSeconds: number;
  lines: RaceLine[];
  door: DoorState;
};

export type PlayerState = {
  now: number;
  phase: LivePhase;
  name: string;
  startsAt: number | null;
  endsAt: number | null;
  /** The game's run: problem i of the game is problemSequence(spec, seed)(i); the seed only once started. */
  spec: unknown;
  seed: string | null;
  /** How many of this player's answers the server holds: the island resends from here after a reload. */
  answered: number;
  right: number;
  /** At the podium: this player's place and how many played. */
  place: number | null;
  of: number;
  /** At the podium: this player's answers came faster than people answer, so they have no place. */
  checking: boolean;
};

export type ClosedReason = "ended" | "idle" | "restart";
export type ClosedEvent = { now: number; reason: ClosedReason };

/**
 * `POST /live/<code>/answer` with the player's cookie, body `{"answers":[{"i":0,"value":"12","t":2300}, …]}`: the
 * answers not yet acknowledged, in order; `t` is ms since the game's `startsAt` as the device measured it (with its
 * offset). Answers the server holds already are skipped (retries are safe); each new one must be the next in order.
 * 200 `AnswerReply`; 400 a malformed body; 403 no or a wrong token (no one answers for another) or a removed
 * player; 409 the game is not playing (before the start, after the end: `phase`); 429 too many requests.
 * Refused answers (too fast for a person, after the time) stop the batch: `held` stays where it was.
 */
export type AnswerBody = { answers: { i: number; value: string; t: number }[] };
export type AnswerReply = { now: number; held: number; right: number; refused?: string };
