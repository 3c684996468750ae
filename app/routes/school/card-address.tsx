import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { RouteError } from "~/components/route-error";
import { CARD_ADDRESS_LIMITS } from "~/limits/card-address-limits.server";
import { classByShortKey, countClasses } from "~/models/students.server";
import { POSSIBLE_SHORT_KEYS, shortKeyFrom } from "~/school/short-keys.server";
import { httpError, keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { NO_SUCH_CARD_ADDRESS } from "~/utils/school-login-messages";

/*
 * The typeable address on a login card, /c/{short key} (docs/product.md#short-card-address): it leads to the
 * class's login link, /student-login/{login key}. Unknown keys are counted (app/limits/card-address-limits.server.ts);
 * what is no key at all (a wrong length or letter) cannot hit a class and is not.
 */

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Student Login",
    description: "Pupils log in with the 8-digit code on their login card.",
    path: "/student-login",
    robots: "noindex, nofollow",
  });

const NO_STORE = { "Cache-Control": "no-store" };

export const headers = keepRetryAfter(NO_STORE);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const key = shortKeyFrom(params.shortKey ?? "");
  if (key === null) throw httpError(404, NO_SUCH_CARD_ADDRESS);
  const limited = CARD_ADDRESS_LIMITS.check(context.clientAddress ?? null, POSSIBLE_SHORT_KEYS, countClasses);
  if (!limited.ok) throw data(limited.message, tooManyRequests(limited, NO_STORE));
  const found = classByShortKey(key);
  if (!found) {
    limited.unknown();
    throw httpError(404, NO_SUCH_CARD_ADDRESS);
  }
  return redirect(`/student-login/${encodeURIComponent(found.loginKey)}`, { headers: NO_STORE });
}

// The loader always leads on or refuses; the page shows only a refusal.
export default function CardAddress() {
  return null;
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/student-login", label: "Student Login" }]} />;
}
