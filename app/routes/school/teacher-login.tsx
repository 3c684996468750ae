import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CodeLoginForm } from "~/components/school/code-login-form";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";
import { TEACHER_SIGN_IN_LINK } from "~/utils/teacher-sign-in-texts";
import { codeLogin, redirectIfLoggedIn, type CodeLoginReply } from "./code-login.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Teacher Login",
    description: "Teachers log in with the 8-digit code from their school administrator.",
    path: "/teacher-login",
  });

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

/** A teacher already logged in goes to the dashboard (docs/product.md#login-codes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfLoggedIn(request, "teacher");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return codeLogin(request, await readForm(request), { kind: "teacher", address: context.clientAddress ?? null });
}

export default function TeacherLogin() {
  const reply = useActionData<CodeLoginReply>();
  return (
    <section className="page page-narrow school-login" aria-labelledby="teacher-login-heading">
      <h1 id="teacher-login-heading">Teacher Login</h1>
      <CodeLoginForm
        id="teacher-login"
        lastResult={reply?.result}
        hint="The 8 digits your school administrator gave you."
      />
      {reply?.signInLink ? (
        <p className="lead" role="status" data-testid="sign-in-link-sent">
          {TEACHER_SIGN_IN_LINK.sent}
        </p>
      ) : null}
      <p>
        <Link to="/school">Back to the school page</Link>
      </p>
    </section>
  );
}
