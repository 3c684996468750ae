import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import type { AdminIntent, AdminReply } from "~/components/admin/admin-reply";
import { isRowId } from "~/forms/admin.server";
import { ADMIN_MESSAGES as M, type AdminTab } from "~/utils/admin-messages";
import { flashHeaders, type Flash } from "~/utils/flash.server";
import { httpError } from "~/utils/http.server";

/*
 * What every tab's forms of /admin answer with (docs/product.md#admin). Route-private. A refused form comes back
 * with its messages and the input kept; a done one leads back to its page with the message; a write that fails
 * says so and writes nothing.
 */

export type { AdminReply };

/** What a form of the panel answers: a redirect with its message, or the refused form's reply. */
export type PanelAnswer = Response | ReturnType<typeof data<AdminReply>>;

export const refused = (intent: AdminIntent, result: SubmissionResult<string[]>, status = 400, target?: string) =>
  data<AdminReply>(target ? { intent, result, target } : { intent, result }, { status });

/** Back to a tab with the message (a redirect, so a reload never posts twice). */
export async function back(request: Request, tab: AdminTab, flash: Flash) {
  return backTo(request, `/admin?tab=${tab}`, flash);
}

/** Back to a page of the panel (a path made here, never one sent by the browser) with the message. */
export async function backTo(request: Request, path: string, flash: Flash) {
  return redirect(path, { headers: await flashHeaders(request, flash) });
}

/** A form field naming a row: not one at all is a request no page of ours sent (400, nothing written). */
export function rowIdIn(form: URLSearchParams | FormData, name: string): string {
  const value = form.get(name);
  if (!isRowId(value)) throw httpError(400, M.badRequest);
  return value;
}

/** A write that failed for a reason of the server's (logged once), not the form's. */
export function failed(what: string, error: unknown) {
  console.error(`admin: ${what} failed`, error);
}
