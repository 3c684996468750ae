import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { ADMIN_MESSAGES as M } from "~/utils/admin-messages";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { WEB_ADDRESS_IN_NAME_MESSAGE, hasWebAddress } from "~/accounts/web-addresses.server";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The admin panel's forms (docs/product.md#admin). The login's password is never sent back to the page. */

type Payload = URLSearchParams | FormData;

const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a value sent for a row's id could be one (what randomId makes); anything else names no row. */
export const isRowId = (value: unknown): value is string => typeof value === "string" && ROW_ID.test(value);

/** A row chosen in a select or named by a hidden field; missing or malformed gives `message`. */
const rowId = (message: string) => z.string({ message }).regex(ROW_ID, message);

/**
 * A name other people see (a school's, a class's, a teacher's): never blank, never holding invisible characters or a
 * web address (pupils read them: docs/product.md#public-names).
 */
const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, tooLong)
    .refine((name) => !hasInvisibleCharacters(name), INVISIBLE_CHARACTERS_MESSAGE)
    .refine((name) => !hasWebAddress(name), WEB_ADDRESS_IN_NAME_MESSAGE);

/** Optional: empty (or only spaces) is none; anything else must look like an e-mail address. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, M.teacherEmailInvalid)
  .refine((value) => value === "" || z.string().email().safeParse(value).success, M.teacherEmailInvalid)
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null));

/* Login: the admin's e-mail address as the username, and the password; the action checks them. */

const login = z.object({
  username: z
    .string({ message: M.usernameRequired })
    .trim()
    .min(1, M.usernameRequired)
    .transform((value) => value.toLowerCase()),
  password: z.string({ message: M.passwordRequired }).min(1, M.passwordRequired),
});

export function parseAdminLogin(payload: Payload): RefusableParse<{ username: string; password: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: login, disableAutoCoercion: true }), ["password"]);
}

/* Schools and classes */

const school = z.object({ name: required(M.schoolNameRequired, 100, M.schoolNameLong) });

export function parseCreateSchool(payload: Payload): RefusableParse<{ name: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: school, disableAutoCoercion: true }));
}

/** A class's name, as a new class and a new school year check it. */
export const className = () => required(M.classNameRequired, 60, M.classNameLong);

export type NewClass = { schoolId: string; name: string; teacherId: string };

const newClass = z.object({
  schoolId: rowId(M.classFailed),
  name: className(),
  teacherId: rowId(M.classTeacherRequired),
});

export function parseCreateClass(payload: Payload): RefusableParse<NewClass> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: newClass, disableAutoCoercion: true }));
}

/* Teachers */

const teacherName = required(M.teacherNameRequired, 100, M.teacherNameLong);

export type NewTeacher = { name: string; email: string | null; schoolId: string };

const newTeacher = z.object({
  name: teacherName,
  email: optionalEmail,
  schoolId: rowId(M.teacherSchoolRequired),
});

export function parseCreateTeacher(payload: Payload): RefusableParse<NewTeacher> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: newTeacher, disableAutoCoercion: true }));
}

export type TeacherEdit = { teacherId: string; name: string; email: string | null };

const teacherEdit = z.object({
  teacherId: rowId(M.teacherUpdateFailed),
  name: teacherName,
  email: optionalEmail,
});

export function parseEditTeacher(payload: Payload): RefusableParse<TeacherEdit> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: teacherEdit, disableAutoCoercion: true }));
}
