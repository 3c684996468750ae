import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { schoolSignInAndRedirect } from "~/auth/school-session.server";
import { RouteError } from "~/components/route-error";
import { vouchFor } from "~/limits/login-credit.server";
import { signInLinkPage, signInWithLink } from "~/school/teacher-sign-in.server";
import { DIGEST_HEADERS } from "~/utils/digest-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { SCHOOL_LOGIN_MESSAGES as M } from "~/utils/school-login-messages";
import { TEACHER_SIGN_IN_LINK as T } from "~/utils/teacher-sign-in-texts";
import { TEACHER_HOME } from "./code-login.server";
import { noCodeTries } from "./code-tries.server";
import { withKnownLogin } from "./known-logins.server";

/*
 * The one-time sign-in link mailed to a teacher whose code /teacher-login refused at a new place
 * (docs/product.md#guessing-login-codes): GET shows one button and writes nothing (mail scanners open links); its
 * POST logs the teacher in on this browser, which knows them from then on.
 */

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Teacher Login",
    description: "Log in with the link from your e-mail.",
    path: "/teacher-login",
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(DIGEST_HEADERS);

export function loader({ params, context }: LoaderFunctionArgs) {
  return signInLinkPage(params.token ?? "", context.clientAddress ?? null);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const address = context.clientAddress ?? null;
  const teacher = signInWithLink(params.token ?? "", address);
  vouchFor(address, `teacher:${teacher.id}`);
  const response = await schoolSignInAndRedirect(
    request,
    { teacherId: teacher.id },
    { to: TEACHER_HOME, flash: { kind: "success", title: M.welcome(teacher.name) } },
  );
  response.headers.append("Set-Cookie", await noCodeTries());
  response.headers.append("Set-Cookie", await withKnownLogin(request, { kind: "teacher", id: teacher.id }));
  return response;
}

export default function TeacherLoginLink() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <section className="page page-narrow school-login" aria-labelledby="teacher-login-link-heading">
      <h1 id="teacher-login-link-heading">Teacher Login</h1>
      <p className="lead">{T.lead(name)}</p>
      <Form method="post">
        <button type="submit" className="button button-primary button-large">
          {T.button}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-login", label: "Teacher Login" }]} />;
}
