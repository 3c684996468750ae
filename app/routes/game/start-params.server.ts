import type { RunSpec } from "~/game";
import type { FormParse } from "~/forms/form-parse";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { dailySpec } from "~/runs/daily.server";
import { soloSpec } from "~/utils/solo-settings";

/** A new run's spec from a start form or link: `mode=daily` for today's challenge, else solo settings. */
export function specFromStartParams(params: URLSearchParams): FormParse<RunSpec> {
  if (params.get("mode") === "daily") return { ok: true, value: dailySpec() };
  const parsed = parseSoloSettings(params);
  return parsed.ok ? { ok: true, value: soloSpec(parsed.value) } : parsed;
}
