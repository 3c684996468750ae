/**
 * A read a page can live without (a leaderboard beside a game): the page still renders, and shows
 * <ReadFailed> where the data would be. Made on the server by tryRead (utils/http.server.ts).
 */
export type Read<T> = { ok: true; value: T } | { ok: false };
