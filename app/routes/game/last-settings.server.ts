import { createCookie } from "@remix-run/node";
import type { Player } from "~/auth/player.server";
import { config } from "~/config.server";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import { getMemberProfile } from "~/models/users.server";
import { START_DIALOG_DIFFICULTIES, isTimeLimit, type Operation, type RunSpec, type SoloDifficulty } from "~/game";
import { settingsToParams, soloSettingsFrom, type SoloSettings } from "~/utils/solo-settings";
import { tablesSettingsToParams, type TablesSettings } from "~/utils/tables-settings";

/*
 * A visitor's last solo settings (docs/product.md#solo-settings), so the start dialog shows them on the next visit,
 * with or without JavaScript: set when a solo game starts (/game/start and /game/play), read by /game. It holds the
 * settings as a start link's query string (`difficulty=hard&timeLimit=30&operations=add`), and is read through the
 * same checks as a link. Members keep their saved settings instead.
 *
 * Beside them, the last times-tables game's settings (docs/product.md#times-tables-game), of members and visitors
 * alike (a member's saved settings hold no tables, and nothing is written when a game starts), prefixed `t_` so they
 * never mix with the solo ones: `t_tables=7&t_tables=8&t_operations=multiply&t_timeLimit=60`.
 *
 * And the calm game's (docs/product.md#calm-play), prefixed `c_`: its difficulty and operations, and for a visitor
 * who ticked `Always play calmly on this browser`, `c_always=1`, which sends /game on to /game/calm.
 */
const lastSettingsCookie = createCookie("__solo", {
  httpOnly: true,
  sameSite: "lax",
  path: "/game",
  secure: config.secureCookies,
  maxAge: 60 * 60 * 24 * 400,
});

/** The longest value read: the solo and the times-tables settings need far less. */
const MAX_LENGTH = 500;
const TABLES_PREFIX = "t_";
const TABLES_FIELDS = ["tables", "operations", "timeLimit"] as const;
const CALM_PREFIX = "c_";
const CALM_FIELDS = ["difficulty", "operations"] as const;
const PREFIXES = [TABLES_PREFIX, CALM_PREFIX] as const;

async function readCookie(request: Request): Promise<URLSearchParams | null> {
  const value: unknown = await lastSettingsCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  return new URLSearchParams(value);
}

/** The solo part of the cookie: its fields without a prefix. */
function soloPart(params: URLSearchParams | null): URLSearchParams {
  const solo = new URLSearchParams();
  for (const [name, value] of params ?? []) {
    if (!PREFIXES.some((prefix) => name.startsWith(prefix))) solo.append(name, value);
  }
  return solo;
}

/** The part of the cookie with this prefix, prefixed. */
function partOf(params: URLSearchParams | null, prefix: string): URLSearchParams {
  const part = new URLSearchParams();
  for (const [name, value] of params ?? []) if (name.startsWith(prefix)) part.append(name, value);
  return part;
}

/** The cookie's value from its three parts. */
function cookieValue(solo: URLSearchParams, tables: URLSearchParams, calm: URLSearchParams): string {
  return [solo.toString(), tables.toString(), calm.toString()].filter(Boolean).join("&");
}

/** The visitor's last settings, if the cookie holds valid ones. */
export async function lastSoloSettings(request: Request): Promise<SoloSettings | null> {
  const params = await readCookie(request);
  if (!params) return null;
  const parsed = parseSoloSettings(soloPart(params));
  return parsed.ok ? parsed.value : null;
}

/** The player's last times-tables settings, if the cookie holds valid ones. */
export async function lastTablesSettings(request: Request): Promise<TablesSettings | null> {
  const params = await readCookie(request);
  if (!params) return null;
  const unprefixed = new URLSearchParams();
  for (const name of TABLES_FIELDS) {
    for (const value of params.getAll(TABLES_PREFIX + name)) unprefixed.append(name, value);
  }
  const parsed = parseTablesSettings(unprefixed);
  return parsed.ok ? parsed.value : null;
}

/**
 * Remembers a game's settings on the response (`headers`): a visitor's solo game's, and a member's or visitor's
 * times-tables game's, each keeping the other's part of the cookie (`request`'s); a member's solo game's or a daily
 * run's, never.
 */
export async function rememberSoloSettings(
  request: Request,
  headers: Headers,
  player: Player,
  spec: RunSpec,
): Promise<void> {
  let solo: URLSearchParams;
  let tables: URLSearchParams;
  if (spec.mode === "solo") {
    const { difficulty, timeLimit, operations } = spec;
    if (player.kind !== "anon" || !isTimeLimit(timeLimit) || !START_DIALOG_DIFFICULTIES.includes(difficulty)) return;
    solo = settingsToParams({ difficulty, timeLimit, operations });
    tables = partOf(await readCookie(request), TABLES_PREFIX);
  } else if (spec.mode === "tables") {
    if (!isTimeLimit(spec.timeLimit)) return;
    const settings = { tables: spec.tables, operations: spec.operations, timeLimit: spec.timeLimit };
    tables = new URLSearchParams();
    for (const [name, value] of tablesSettingsToParams(settings)) {
      if (name !== "mode") tables.append(TABLES_PREFIX + name, value);
    }
    solo = soloPart(await readCookie(request));
  } else {
    return;
  }
  const calm = partOf(await readCookie(request), CALM_PREFIX);
  headers.append("Set-Cookie", await lastSettingsCookie.serialize(cookieValue(solo, tables, calm)));
}

export type CalmSettings = { difficulty: SoloDifficulty; operations: Operation[] };

/** The player's last calm game's difficulty and operations, if the cookie holds valid ones. */
export async function lastCalmSettings(request: Request): Promise<CalmSettings | null> {
  const params = await readCookie(request);
  if (!params || !params.has(CALM_PREFIX + "difficulty")) return null;
  const unprefixed = new URLSearchParams();
  for (const name of CALM_FIELDS) {
    for (const value of params.getAll(CALM_PREFIX + name)) unprefixed.append(name, value);
  }
  const parsed = parseSoloSettings(unprefixed);
  return parsed.ok ? { difficulty: parsed.value.difficulty, operations: parsed.value.operations } : null;
}

/**
 * Remembers a calm game's settings on the response, keeping the cookie's other parts; `always` (a visitor's
 * `Always play calmly on this browser`) is kept, or taken away when not ticked.
 */
export async function rememberCalmSettings(
  request: Request,
  headers: Headers,
  settings: CalmSettings,
  always: boolean,
): Promise<void> {
  const params = await readCookie(request);
  const calm = new URLSearchParams({ [CALM_PREFIX + "difficulty"]: settings.difficulty });
  for (const [name, value] of settingsToParams({ operations: settings.operations }))
    calm.append(CALM_PREFIX + name, value);
  if (always) calm.set(CALM_PREFIX + "always", "1");
  const value = cookieValue(soloPart(params), partOf(params, TABLES_PREFIX), calm);
  headers.append("Set-Cookie", await lastSettingsCookie.serialize(value));
}

/**
 * What /game starts from, read once (the member's profile or the visitor's cookie): their saved solo settings, and
 * whether they play calmly (docs/product.md#calm-play).
 */
export async function savedSoloChoices(
  request: Request,
  player: Player | null,
): Promise<{ settings: SoloSettings | null; calm: boolean }> {
  if (player?.kind === "member") {
    const saved = getMemberProfile(player.userId)?.soloSettings;
    return { settings: soloSettingsFrom(saved), calm: saved?.calm === true };
  }
  const params = await readCookie(request);
  const parsed = params ? parseSoloSettings(soloPart(params)) : null;
  return {
    settings: parsed?.ok ? parsed.value : null,
    calm: player?.kind !== "student" && params?.get(CALM_PREFIX + "always") === "1",
  };
}

/**
 * Whether /game sends this player on to the calm game (docs/product.md#calm-play): a member's `Play calmly` setting,
 * or a visitor's `Always play calmly on this browser`.
 */
export async function playsCalmly(request: Request, player: Player | null): Promise<boolean> {
  if (player?.kind === "member") return getMemberProfile(player.userId)?.soloSettings?.calm === true;
  if (player && player.kind !== "anon") return false;
  const params = await readCookie(request);
  return params?.get(CALM_PREFIX + "always") === "1";
}
