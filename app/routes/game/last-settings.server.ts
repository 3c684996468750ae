import { createCookie } from "@remix-run/node";
import type { Player } from "~/auth/player.server";
import { config } from "~/config.server";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { START_DIALOG_DIFFICULTIES, isTimeLimit, type RunSpec } from "~/game";
import { settingsToParams, type SoloSettings } from "~/utils/solo-settings";

/*
 * A visitor's last solo settings (docs/product.md#solo-settings), so the start dialog shows them on the next visit,
 * with or without JavaScript: set when a solo game starts (/game/start and /game/play), read by /game. It holds the
 * settings as a start link's query string (`difficulty=hard&timeLimit=30&operations=add`), nothing else, and is read
 * through the same checks as a link. Members keep their saved settings instead.
 */
const lastSettingsCookie = createCookie("__solo", {
  httpOnly: true,
  sameSite: "lax",
  path: "/game",
  secure: config.secureCookies,
  maxAge: 60 * 60 * 24 * 400,
});

/** The longest value read: four settings need far less. */
const MAX_LENGTH = 200;

/** The visitor's last settings, if the cookie holds valid ones. */
export async function lastSoloSettings(request: Request): Promise<SoloSettings | null> {
  const value: unknown = await lastSettingsCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  const parsed = parseSoloSettings(new URLSearchParams(value));
  return parsed.ok ? parsed.value : null;
}

/** Remembers a visitor's solo game's settings on the response (`headers`); a member's or a daily run's, never. */
export async function rememberSoloSettings(headers: Headers, player: Player, spec: RunSpec): Promise<void> {
  if (spec.mode !== "solo" || player.kind !== "anon") return;
  const { difficulty, timeLimit, operations } = spec;
  if (!isTimeLimit(timeLimit) || !START_DIALOG_DIFFICULTIES.includes(difficulty)) return;
  headers.append(
    "Set-Cookie",
    await lastSettingsCookie.serialize(settingsToParams({ difficulty, timeLimit, operations }).toString()),
  );
}
