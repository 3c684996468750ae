import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireTeacher } from "~/auth/school-session.server";
import { resultsCsv } from "./teacher-dashboard.server";

/** A class's results as a CSV download (docs/product.md#teachers): `?class=`, one of the teacher's own classes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return resultsCsv(teacher, new URL(request.url));
}
