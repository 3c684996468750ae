/* What the admin panel's loader hands its page (docs/product.md#admin): plain rows, no server types. */

export type SchoolOption = { id: string; name: string };

export type ClassView = { id: string; name: string; teacherName: string };

export type SchoolView = {
  id: string;
  name: string;
  classes: ClassView[];
  /** The school's teachers, by name: the choices for a new class's teacher. */
  teachers: SchoolOption[];
};

export type TeacherView = {
  id: string;
  name: string;
  email: string | null;
  schoolName: string;
  loginCode: string;
};
