import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/auth/roles.server";
import { isRowId } from "~/forms/admin.server";
import { actorOfAdmin } from "~/school/audit.server";
import { recordExport } from "~/school/data-rights.server";
import { schoolExport, type ExportFormat } from "~/school/school-export.server";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { now } from "~/utils/clock.server";
import { readForm } from "~/utils/request.server";

const NO_STORE = { "Cache-Control": "no-store" } as const;
const FORMATS: readonly ExportFormat[] = ["zip", "json"];

const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });

/** The export's page is /admin/export: a GET here leads there. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin?tab=schools", { headers: NO_STORE });
}

/**
 * A school's export as a download (docs/product.md#data-rights): `school` and `format` (`zip` or `json`) from the
 * export page's form, admins only, recorded in the audit log; the file is made as it is sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const schoolId = form.get("school");
  const format = form.get("format");
  if (!isRowId(schoolId) || !FORMATS.includes(format as ExportFormat)) return plain(400, M.badRequest);
  const at = now();
  const file = schoolExport(schoolId, format as ExportFormat, at);
  if (!file) return plain(404, M.schoolNotFound);
  recordExport(actorOfAdmin(admin), file.school, format as ExportFormat);
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      ...NO_STORE,
    },
  });
}
