import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { schoolSignOutAndRedirect, TEACHER_LOGIN_PATH } from "~/auth/school-session.server";

/** Logout is a POST (a link elsewhere cannot log anyone out); it ends the teacher's session. */
export async function action({ request }: ActionFunctionArgs) {
  return schoolSignOutAndRedirect(request, TEACHER_LOGIN_PATH);
}

export function loader() {
  return redirect(TEACHER_LOGIN_PATH);
}
