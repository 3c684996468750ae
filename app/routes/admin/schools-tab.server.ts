import {
  findSchool,
  findTeacher,
  insertClass,
  insertSchool,
  listSchoolsWithClasses,
  schoolExists,
} from "~/models/schools.server";
import { ImageNotStored, withStoredImage, type NewImage } from "~/models/images.server";
import { isRowId, parseCreateClass, parseCreateSchool } from "~/forms/admin.server";
import type { AuditActor } from "~/models/audit.server";
import { withAudit } from "~/school/audit.server";
import { newClassLoginKey } from "~/school/login-codes.server";
import { withFreshShortKey } from "~/school/short-keys.server";
import type { SchoolView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { classPageOf, REMOVE_LOGO_STEP } from "~/utils/school-pages";
import { httpError, tryRead } from "~/utils/http.server";
import type { UploadedFile } from "~/utils/multipart-form.server";
import { checkedLogo } from "./logos.server";
import { back, backTo, failed, refused } from "./panel.server";

/* The Schools & Classes tab of /admin (docs/product.md#admin): the schools with their classes, a new school, a new class. */

/**
 * The tab, or (`&remove-logo={school}`) the confirmation step of removing a school's logo
 * (docs/product.md#confirmation-steps): a school without one, or none, is a 404.
 */
export function schoolsTabData(url: URL) {
  const removeLogo = url.searchParams.get(REMOVE_LOGO_STEP);
  if (removeLogo !== null) {
    if (!isRowId(removeLogo)) throw httpError(400, M.badRequest);
    const school = findSchool(removeLogo);
    if (!school) throw httpError(404, M.schoolNotFound);
    if (!school.logoUrl) throw httpError(404, M.noLogo);
    return { confirming: { id: school.id, name: school.name }, schools: null };
  }
  return {
    confirming: null,
    schools: tryRead("admin schools", (): SchoolView[] =>
      listSchoolsWithClasses().map((school) => ({
        id: school.id,
        name: school.name,
        logoUrl: school.logoUrl,
        classes: school.classes.map(({ id, name, teacherName, logoUrl }) => ({ id, name, teacherName, logoUrl })),
        teachers: school.teachers,
      })),
    ),
  };
}

export async function createSchool(request: Request, form: URLSearchParams, actor: AuditActor) {
  const parsed = parseCreateSchool(form);
  if (!parsed.ok) return refused("create-school", parsed.result);
  const { name } = parsed.value;
  try {
    withAudit(
      () => insertSchool(name),
      (id) => ({ actor, action: "school.created", schoolId: id, subject: { kind: "school", id, name } }),
    );
  } catch (error) {
    failed("creating a school", error);
    return refused("create-school", parsed.refuse({ form: M.schoolFailed }), 500);
  }
  return back(request, "schools", { kind: "success", title: M.schoolCreated });
}

/**
 * A new class, with its logo when one was chosen (the form is multipart then: `logo` is the file). A refused logo
 * refuses the class, so nothing is half made.
 */
export async function createClass(
  request: Request,
  form: URLSearchParams | FormData,
  actor: AuditActor,
  logoFile?: UploadedFile,
) {
  // The school is the form's own (a hidden field): one that does not exist is no input to correct.
  const schoolId = form.get("schoolId");
  if (!isRowId(schoolId) || !schoolExists(schoolId))
    return back(request, "schools", { kind: "error", title: M.classFailed });
  const parsed = parseCreateClass(form);
  if (!parsed.ok) return refused("create-class", parsed.result, 400, schoolId);
  const { name, teacherId } = parsed.value;
  if (findTeacher(teacherId)?.schoolId !== schoolId)
    return refused("create-class", parsed.refuse({ fields: { teacherId: M.classTeacherElsewhere } }), 400, schoolId);
  let image: NewImage | null = null;
  if (logoFile && logoFile.kind !== "none") {
    const logo = await checkedLogo(logoFile);
    if (!logo.ok)
      return refused("create-class", parsed.refuse({ fields: { logo: logo.message } }), logo.status, schoolId);
    image = logo.image;
  }
  let classId: string;
  try {
    classId = withAudit(
      () =>
        withStoredImage(image, (logoUrl) =>
          withFreshShortKey((shortKey) =>
            insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey(), shortKey, logoUrl }),
          ),
        ),
      (id) => ({ actor, action: "class.created", schoolId, subject: { kind: "class", id, name } }),
    );
  } catch (error) {
    failed("creating a class", error);
    const message = error instanceof ImageNotStored ? M.logoUploadFailed() : M.classFailed;
    return refused("create-class", parsed.refuse({ form: message }), 500, schoolId);
  }
  // On to the new class's page, where its pupils are added next.
  return backTo(request, classPageOf("admin", classId), { kind: "success", title: M.classCreated });
}
