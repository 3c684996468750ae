import type { SubmissionResult } from "@conform-to/react";
import { START_DIALOG_DIFFICULTIES, type Operation, type SoloDifficulty } from "~/game";
import { CALM_PLAY_TEXTS } from "~/utils/calm-play";
import { SETTINGS_MESSAGES } from "~/utils/solo-settings";
import { plainFields, type FormParse } from "./form-parse";
import { parseSoloSettings } from "./solo-settings.server";

export type CalmStart = { difficulty: SoloDifficulty; operations: Operation[]; always: boolean };

/**
 * The calm game's start form (docs/product.md#calm-play): the difficulty and operations as the solo start dialog
 * checks them (none ticked is refused: the form always sends the ones ticked), no time limit, and `always` (the
 * visitor's `Always play calmly on this browser`), a checkbox: "on" or not sent.
 */
export function parseCalmStart(payload: URLSearchParams): FormParse<CalmStart> {
  const fields = plainFields(payload) as URLSearchParams;
  // A time limit is no calm game's: not read, whatever it says.
  const settings = new URLSearchParams();
  for (const name of ["difficulty", "operations"])
    for (const value of fields.getAll(name)) settings.append(name, value);
  const parsed = parseSoloSettings(settings);
  const error: Record<string, string[]> = parsed.ok
    ? {}
    : ({ ...(parsed.result.error ?? {}) } as Record<string, string[]>);
  if (!fields.has("operations")) error.operations = [SETTINGS_MESSAGES.operations];
  const always = fields.getAll("always");
  if (always.length > 1 || (always.length === 1 && always[0] !== "on")) error.always = [CALM_PLAY_TEXTS.alwaysInvalid];
  if (!parsed.ok || Object.keys(error).length > 0) {
    const initialValue: Record<string, string | string[]> = {};
    for (const name of new Set(fields.keys())) {
      const values = fields.getAll(name);
      initialValue[name] = values.length === 1 ? values[0]! : values;
    }
    const result: SubmissionResult<string[]> = { status: "error", initialValue, error };
    return { ok: false, result };
  }
  const { difficulty, operations } = parsed.value;
  // The start dialog's difficulties only (Easy is the pupils').
  if (!START_DIALOG_DIFFICULTIES.includes(difficulty)) {
    return { ok: false, result: { status: "error", error: { difficulty: [SETTINGS_MESSAGES.difficulty] } } };
  }
  return { ok: true, value: { difficulty, operations, always: always.length === 1 } };
}
