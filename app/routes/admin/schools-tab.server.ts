import { insertClass, insertSchool, findTeacher, listSchoolsWithClasses, schoolExists } from "~/models/schools.server";
import { ImageNotStored, withStoredImage, type NewImage } from "~/models/images.server";
import { isRowId, parseCreateClass, parseCreateSchool } from "~/forms/admin.server";
import { newClassLoginKey } from "~/school/login-codes.server";
import type { SchoolView } from "~/types/admin";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { tryRead } from "~/utils/http.server";
import type { UploadedFile } from "~/utils/multipart-form.server";
import { checkedLogo } from "./logos.server";
import { back, failed, refused } from "./panel.server";

/* The Schools & Classes tab of /admin (docs/product.md#admin): the schools with their classes, a new school, a new class. */

export function schoolsTabData() {
  return {
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

export async function createSchool(request: Request, form: URLSearchParams) {
  const parsed = parseCreateSchool(form);
  if (!parsed.ok) return refused("create-school", parsed.result);
  try {
    insertSchool(parsed.value.name);
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
export async function createClass(request: Request, form: URLSearchParams | FormData, logoFile?: UploadedFile) {
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
  try {
    withStoredImage(image, (logoUrl) =>
      insertClass({ name, schoolId, teacherId, loginKey: newClassLoginKey(), logoUrl }),
    );
  } catch (error) {
    failed("creating a class", error);
    const message = error instanceof ImageNotStored ? M.logoUploadFailed() : M.classFailed;
    return refused("create-class", parsed.refuse({ form: message }), 500, schoolId);
  }
  return back(request, "schools", { kind: "success", title: M.classCreated });
}
