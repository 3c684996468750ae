import type { RunSpec } from "~/game";
import { parseSoloSettings, soloSpec, type SettingsErrors } from "~/utils/solo-settings";
import { dailySpec } from "~/runs/daily.server";

/** A new run's spec from a start form or link: `mode=daily` for today's challenge, else solo settings. */
export function specFromStartParams(
  params: URLSearchParams,
): { ok: true; spec: RunSpec } | { ok: false; errors: SettingsErrors } {
  if (params.get("mode") === "daily") return { ok: true, spec: dailySpec() };
  const parsed = parseSoloSettings(params);
  return parsed.ok ? { ok: true, spec: soloSpec(parsed.settings) } : { ok: false, errors: parsed.errors };
}
