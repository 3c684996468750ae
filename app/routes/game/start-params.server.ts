import type { RunSpec } from "~/game";
import type { FormParse } from "~/forms/form-parse";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import { dailySpec } from "~/runs/daily.server";
import { SETTINGS_MESSAGES, soloSpec } from "~/utils/solo-settings";
import { START_FORM_MARK } from "~/utils/start-form-mark";
import { tablesSpec } from "~/utils/tables-settings";

/**
 * A new run's spec from a start form or link: `mode=daily` for today's challenge, `mode=tables` for a times-tables
 * game, else solo settings. The start
 * dialog marks itself (`from=start`): it always sends its ticked operations, so none ticked is refused next to the
 * boxes, while a link without operations means all four.
 */
export function specFromStartParams(params: URLSearchParams): FormParse<RunSpec> {
  if (params.get("mode") === "daily") return { ok: true, value: dailySpec() };
  if (params.get("mode") === "tables") {
    // A times-tables game (docs/product.md#times-tables-game): its own form marks itself as the start dialog does.
    const marked = params.get(START_FORM_MARK.name) === START_FORM_MARK.value;
    const parsed = parseTablesSettings(params, { noOperationsMeansNone: marked });
    return parsed.ok ? { ok: true, value: tablesSpec(parsed.value) } : parsed;
  }
  const parsed = parseSoloSettings(params);
  const noOperations = params.get(START_FORM_MARK.name) === START_FORM_MARK.value && !params.has("operations");
  if (noOperations) {
    const result = parsed.ok
      ? { status: "error" as const, initialValue: initialValueOf(params), error: {} }
      : parsed.result;
    return { ok: false, result: { ...result, error: { ...result.error, operations: [SETTINGS_MESSAGES.operations] } } };
  }
  return parsed.ok ? { ok: true, value: soloSpec(parsed.value) } : parsed;
}

/**
 * What was sent of the dialog's own fields, as conform's reply keeps it, so the dialog shows the other choices as they
 * were (any other field is not sent back).
 */
function initialValueOf(params: URLSearchParams): Record<string, string> {
  const value: Record<string, string> = {};
  for (const name of [START_FORM_MARK.name, "difficulty", "timeLimit"]) {
    const sent = params.get(name);
    if (sent !== null) value[name] = sent;
  }
  return value;
}
