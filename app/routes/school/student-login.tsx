import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CodeLoginForm } from "~/components/school/code-login-form";
import { RouteError } from "~/components/route-error";
import { classByLoginKey } from "~/models/students.server";
import { httpError, keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { codeLogin, redirectIfLoggedIn, type CodeLoginReply } from "./code-login.server";

/*
 * Both pupil logins (docs/product.md#login-codes): /student-login for any pupil's code, and a class's printed link
 * /student-login/<key>, under which only that class's codes are valid (and its own, far larger, allowance of
 * wrong codes applies). The key is a secret: the page is never indexed.
 */

/** The one place a login may lead other than the pupil's home: a live game's join page. */
const LIVE_JOIN_NEXT = /^\/live\?code=\d{11}$/;

export const NO_SUCH_CLASS_LINK =
  "This class login link does not work any more. Ask your teacher for a new login card, or log in with your code on the Student Login page.";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Student Login",
    description: "Pupils log in with the 8-digit code on their login card.",
    path: "/student-login",
    ...(args.params.classKey ? { robots: "noindex, nofollow" } : {}),
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

function classOf(classKey: string | undefined) {
  if (classKey === undefined) return null;
  const found = /^[\w-]{20,64}$/.test(classKey) ? classByLoginKey(classKey) : undefined;
  if (!found) throw httpError(404, NO_SUCH_CLASS_LINK);
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = classOf(params.classKey);
  await redirectIfLoggedIn(request, "student");
  return { className: found?.name ?? null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const found = classOf(params.classKey);
  const form = await readForm(request);
  const address = context.clientAddress ?? null;
  // From a live game's join page: back there once logged in, to join with one tap (docs/product.md#live-game).
  const next = form.get("next");
  const to = typeof next === "string" && LIVE_JOIN_NEXT.test(next) ? next : undefined;
  return found
    ? codeLogin(request, form, { kind: "class-link", address, classId: found.id, classKey: params.classKey, to })
    : codeLogin(request, form, { kind: "student", address, to });
}

export default function StudentLogin() {
  const { className } = useLoaderData<typeof loader>();
  const reply = useActionData<CodeLoginReply>();
  return (
    <section className="page page-narrow school-login" aria-labelledby="student-login-heading">
      <h1 id="student-login-heading">Student Login</h1>
      {className ? <p className="lead">{className}</p> : null}
      <CodeLoginForm id="student-login" lastResult={reply?.result} hint="The 8 digits on your login card." />
      <p>
        <Link to="/school">Back to the school page</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/student-login", label: "Student Login" }]} />;
}
