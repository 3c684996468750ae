import { createCookie } from "@remix-run/node";
import type { Player } from "~/auth/player.server";
import { config } from "~/config.server";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import { START_DIALOG_DIFFICULTIES, isTimeLimit, type RunSpec } from "~/game";
import { settingsToParams, type SoloSettings } from "~/utils/solo-settings";
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

async function readCookie(request: Request): Promise<URLSearchParams | null> {
  const value: unknown = await lastSettingsCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  return new URLSearchParams(value);
}

/** The solo part of the cookie: its fields without the times-tables prefix. */
function soloPart(params: URLSearchParams | null): URLSearchParams {
  const solo = new URLSearchParams();
  for (const [name, value] of params ?? []) if (!name.startsWith(TABLES_PREFIX)) solo.append(name, value);
  return solo;
}

/** The times-tables part of the cookie, prefixed. */
function tablesPart(params: URLSearchParams | null): URLSearchParams {
  const tables = new URLSearchParams();
  for (const [name, value] of params ?? []) if (name.startsWith(TABLES_PREFIX)) tables.append(name, value);
  return tables;
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
    tables = tablesPart(await readCookie(request));
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
  const value = [solo.toString(), tables.toString()].filter(Boolean).join("&");
  headers.append("Set-Cookie", await lastSettingsCookie.serialize(value));
}
