import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { schoolSignOutAndRedirect, STUDENT_LOGIN_PATH } from "~/auth/school-session.server";

/** Logout is a POST (a link elsewhere cannot log anyone out); it ends the pupil's session. */
export async function action({ request }: ActionFunctionArgs) {
  return schoolSignOutAndRedirect(request, STUDENT_LOGIN_PATH);
}

export function loader() {
  return redirect(STUDENT_LOGIN_PATH);
}
