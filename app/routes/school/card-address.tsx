import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CodeLoginForm } from "~/components/school/code-login-form";
import { RouteError } from "~/components/route-error";
import { CARD_ADDRESS_LIMITS } from "~/limits/card-address-limits.server";
import { classByShortKey, countClasses } from "~/models/students.server";
import { cardKeyFrom } from "~/school/card-keys.server";
import { POSSIBLE_SHORT_KEYS, shortKeyFrom } from "~/school/short-keys.server";
import { httpError, keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { CARD_LOGIN } from "~/utils/card-login-texts";
import { NO_SUCH_CARD_ADDRESS } from "~/utils/school-login-messages";
import { codeLogin, redirectIfLoggedIn, type CodeLoginReply } from "./code-login.server";

/*
 * The typeable address on a login card, /c/{key} (docs/product.md#short-card-address). A class's key (6 letters, on
 * cards printed before each card had its own) leads to the class's login link, /student-login/{login key}; unknown
 * ones are counted (app/limits/card-address-limits.server.ts). A card's own key (7 letters) is a login page where
 * only the code printed beside it opens: the page is the same for every such key, right or not, and is never
 * limited, so nobody can close it (docs/decisions/0070-logins-that-no-guesser-can-close.md). What is no key at all
 * (a wrong length or letter) is a 404 and is not counted.
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

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (cardKeyFrom(params.shortKey ?? "") !== null) {
    await redirectIfLoggedIn(request, "student");
    return data({ card: true }, { headers: NO_STORE });
  }
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

/** A card's own address takes its pupil's code; a class's address only leads on, so it takes nothing. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const cardKey = cardKeyFrom(params.shortKey ?? "");
  if (cardKey === null) throw httpError(405, "This address takes no form.");
  return codeLogin(request, await readForm(request), { kind: "card", address: context.clientAddress ?? null, cardKey });
}

// A class's address always leads on or refuses; a card's is its login page.
export default function CardAddress() {
  const reply = useActionData<CodeLoginReply>();
  return (
    <section className="page page-narrow school-login" aria-labelledby="card-login-heading">
      <h1 id="card-login-heading">Student Login</h1>
      <CodeLoginForm id="card-login" lastResult={reply?.result} hint={CARD_LOGIN.hint} />
      <p>
        {CARD_LOGIN.check} <Link to="/student-login">Student Login page</Link>.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/student-login", label: "Student Login" }]} />;
}
