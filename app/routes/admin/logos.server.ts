import { data } from "@remix-run/node";
import type { AuditActor, AuditEntry } from "~/models/audit.server";
import { logoOf, replaceLogo, ImageNotStored, type LogoOwner, type NewImage } from "~/models/images.server";
import { findClassDetail, schoolNameOf } from "~/models/schools.server";
import { withAudit } from "~/school/audit.server";
import { LOGO_MAX_BYTES, processLogo } from "~/school/logo-image.server";
import { ADMIN_MESSAGES as M, oneLine } from "~/utils/admin-messages";
import { httpError } from "~/utils/http.server";
import { readMultipartForm, type UploadedFile } from "~/utils/multipart-form.server";
import { classPageOf } from "~/utils/school-pages";
import { backTo, failed, rowIdIn, type AdminReply } from "./panel.server";

/* Schools' and classes' logos on /admin (docs/product.md#logos): the multipart forms, a logo's checks, upload, removal. */

/** The largest multipart body read to its end (a too-large file still gets its message beside the form). */
export const MAX_UPLOAD_BODY_BYTES = 25 * 1024 * 1024;

/** Reads a multipart form of the panel (a logo upload, or a new class with its logo), after requireAdmin. */
export async function readLogoForm(request: Request) {
  const read = await readMultipartForm(request, {
    fileField: "logo",
    maxFileBytes: LOGO_MAX_BYTES,
    maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
  });
  if (!read.ok) throw httpError(read.status, read.status === 413 ? oneLine(M.fileTooLarge) : read.message);
  return { fields: read.fields, file: read.file };
}

type CheckedLogo = { ok: true; image: NewImage } | { ok: false; status: number; message: string };

/** An uploaded file checked and re-encoded, or the message for the form and the status to answer with. */
export async function checkedLogo(file: UploadedFile): Promise<CheckedLogo> {
  if (file.kind === "none") return { ok: false, status: 400, message: M.noFile };
  if (file.kind === "too-large") return { ok: false, status: 413, message: oneLine(M.fileTooLarge) };
  const result = await processLogo(file.bytes);
  if (result.ok) return result;
  switch (result.reason) {
    case "empty":
      return { ok: false, status: 400, message: M.noFile };
    case "too-large":
      return { ok: false, status: 413, message: oneLine(M.fileTooLarge) };
    case "not-an-image":
      return { ok: false, status: 415, message: oneLine(M.invalidFileType) };
    case "unreadable":
      return { ok: false, status: 422, message: M.logoUploadFailed(M.imageUnreadable) };
  }
}

/** The school or class a logo form names (hidden fields `owner` and `ownerId`); none is a 400, an unknown one a 404. */
function logoOwnerIn(form: URLSearchParams | FormData): LogoOwner {
  const kind = form.get("owner");
  if (kind !== "school" && kind !== "class") throw httpError(400, M.badRequest);
  const owner: LogoOwner = { kind, id: rowIdIn(form, "ownerId") };
  if (logoOf(owner) === undefined) throw httpError(404, kind === "school" ? M.schoolNotFound : M.classNotFound);
  return owner;
}

const logoPagePath = (owner: LogoOwner) =>
  owner.kind === "school" ? "/admin?tab=schools" : classPageOf("admin", owner.id);

/** Which logo form of the page a reply is for. */
export const logoTarget = (owner: LogoOwner) => `${owner.kind}-${owner.id}`;

/** The change log's entry for a school's or class's logo. */
function logoEntry(actor: AuditActor, action: "logo.uploaded" | "logo.removed", owner: LogoOwner): AuditEntry {
  const klass = owner.kind === "class" ? findClassDetail(owner.id) : undefined;
  const schoolId = klass ? klass.schoolId : owner.id;
  const name = (klass ? klass.name : schoolNameOf(owner.id)) ?? "";
  return { actor, action, schoolId, subject: { kind: owner.kind, id: owner.id, name } };
}

export async function uploadLogo(request: Request, form: FormData, actor: AuditActor, file: UploadedFile) {
  const owner = logoOwnerIn(form);
  const reply = (message: string, status: number) =>
    data<AdminReply>(
      { intent: "upload-logo", target: logoTarget(owner), result: { status: "error", error: { logo: [message] } } },
      { status },
    );
  const logo = await checkedLogo(file);
  if (!logo.ok) return reply(logo.message, logo.status);
  try {
    withAudit(
      () => {
        if (!replaceLogo(owner, logo.image)) throw new Error("the school or class is gone");
      },
      () => logoEntry(actor, "logo.uploaded", owner),
    );
  } catch (error) {
    failed("storing a logo", error);
    if (error instanceof ImageNotStored) return reply(M.logoUploadFailed(), 500);
    return reply(owner.kind === "school" ? M.schoolLogoFailed : M.classLogoFailed, 500);
  }
  return backTo(request, logoPagePath(owner), { kind: "success", title: M.logoUploaded });
}

export async function removeLogo(request: Request, form: URLSearchParams, actor: AuditActor) {
  const owner = logoOwnerIn(form);
  const fail = () => backTo(request, logoPagePath(owner), { kind: "error", title: M.logoRemoveFailed });
  if (!logoOf(owner)) return fail();
  try {
    withAudit(
      () => {
        if (!replaceLogo(owner, null)) throw new Error("the school or class is gone");
      },
      () => logoEntry(actor, "logo.removed", owner),
    );
  } catch (error) {
    failed("removing a logo", error);
    return fail();
  }
  return backTo(request, logoPagePath(owner), { kind: "success", title: M.logoRemoved });
}
