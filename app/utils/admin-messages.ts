/* Texts of the admin panel (docs/product.md#admin); browser-safe, shared by forms, pages and the action. */

export const ADMIN_MESSAGES = {
  // The brief's texts: a title and a description, shown together as "{title}: {description}" in a summary.
  loginFailed: { title: "Login failed", description: "Invalid username or password" },
  loginError: { title: "Error", description: "An error occurred during login" },
  loginSuccess: { title: "Login successful", description: "Welcome to the admin panel" },
  schoolCreated: "School created successfully",
  schoolFailed: "Failed to create school",
  classCreated: "Class created successfully",
  classFailed: "Failed to create class",
  teacherFailed: "Failed to create teacher",
  teacherUpdated: "Teacher updated successfully",
  teacherUpdateFailed: "Failed to update teacher",
  codeFailed: "Failed to generate new code",
  teacherCreated: (code: string) => `Teacher created with code ${code}`,
  codeGenerated: (code: string) => `New code generated: ${code}`,
  teacherCodeFailed: "Failed to generate teacher code",
  copied: "Copied!",
  // Logos (docs/product.md#logos).
  logoUploaded: "Logo uploaded successfully",
  logoRemoved: "Logo removed successfully",
  logoUploadFailed: (message?: string) => `Failed to upload logo: ${message || "Unknown error"}`,
  logoRemoveFailed: "Failed to remove logo",
  schoolLogoFailed: "Failed to update school logo",
  classLogoFailed: "Failed to update class logo",
  invalidFileType: { title: "Invalid file type", description: "Please upload an image file" },
  fileTooLarge: { title: "File too large", description: "Please upload an image smaller than 2MB" },
  noFile: "No file selected",
  // Students: a class's students, and the Student Logins table.
  codeRegenerated: "Login code regenerated successfully",
  regenerateFailed: "Failed to regenerate login code",
  tableRegenerateFailed: "Failed to regenerate code",
  fetchStudentsFailed: "Failed to fetch students",
  // Erasing a pupil on request (docs/product.md#data-rights).
  erased: "The pupil and all their data were erased.",
  eraseFailed: "Failed to erase the pupil. Nothing was erased.",

  // Our own field messages.
  usernameRequired: "Enter your username (the email address of your admin account)",
  passwordRequired: "Enter your password",
  schoolNameRequired: "Enter the school's name",
  schoolNameLong: "A school's name can be at most 100 characters",
  classNameRequired: "Enter the class's name",
  classNameLong: "A class's name can be at most 60 characters",
  classTeacherRequired: "Choose the class's teacher",
  classTeacherElsewhere: "Choose a teacher of this school",
  teacherNameRequired: "Enter the teacher's name",
  teacherNameLong: "A teacher's name can be at most 100 characters",
  teacherSchoolRequired: "Choose the teacher's school",
  teacherEmailInvalid: "Enter an email address like name@example.com, or leave it empty",
  imageUnreadable: "The image could not be read. Save it again as PNG or JPEG and try again.",
  copyFailed: "The code could not be copied: select it and copy it by hand",
  newLoginCode: (code: string) => `New login code: ${code}`,
  schoolNotFound: "This school does not exist (any more).",
  classNotFound: "This class does not exist (any more).",
  studentNotFound: "This student does not exist (any more).",
  badRequest: "This form is not one the admin panel sent.",
  noLogo: "There is no logo to remove.",
  teacherNotFound: "This teacher does not exist (any more).",
} as const;

export { oneLine } from "./flash";

/** The panel's tabs, each a plain link (`/admin?tab=…`) so they work without JavaScript. */
export const ADMIN_TABS = [
  { id: "schools", label: "Schools & Classes" },
  { id: "teachers", label: "Teachers" },
  { id: "students", label: "Student Logins" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

/** Scores held for their pace, a page of its own beside the tabs (docs/decisions/0024-human-pace.md). */
export const REVIEW_SECTION = { path: "/admin/review", label: "Scores to check" } as const;

/** The change log's place in the panel (docs/product.md#change-log). */
export const AUDIT_SECTION = { path: "/admin/audit", label: "Change log" } as const;

export const AUDIT_MESSAGES = {
  intro: "What admins and teachers have changed, newest first. Each change is kept for a year.",
  school: "School",
  allSchools: "All schools",
  show: "Show",
  hideParentLinks: "Hide parent links",
  caption: "Changes, newest first",
  none: "Nothing has been changed yet.",
  noneHere: "Nothing has been changed in this school yet.",
  older: "Older changes",
  newest: "Back to the newest",
  admin: "admin",
  teacher: "teacher",
  gone: "(no longer there)",
  badQuery: "This page's address is not one the change log makes. Go back to the change log and try again.",
} as const;

export function adminTabFrom(value: string | null): AdminTab {
  return ADMIN_TABS.some((tab) => tab.id === value) ? (value as AdminTab) : "schools";
}
