import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ALIAS_REDIRECTS } from "~/utils/aliases";

/** Every path no other route claims: a known alias redirects permanently, anything else is a 404. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = ALIAS_REDIRECTS[url.pathname.replace(/\/+$/, "").toLowerCase()];
  if (target) throw redirect(target + url.search, 301);
  throw new Response("Not Found", { status: 404 });
}

export function action(_args: ActionFunctionArgs) {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
