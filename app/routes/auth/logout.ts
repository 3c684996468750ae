import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "~/auth/sign-in.server";

/** Logout is a POST (a link or an image elsewhere cannot sign anyone out); it ends the session and goes to /auth. */
export async function action({ request }: ActionFunctionArgs) {
  return signOutAndRedirect(request, "/auth");
}

export function loader() {
  return redirect("/");
}
