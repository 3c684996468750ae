import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupAria } from "~/components/forms/field-error";
import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { RouteError } from "~/components/route-error";
import { TeacherPage } from "~/components/teacher/dashboard";
import { digestPageData, saveDigestSettings, type DigestState } from "~/school/digest.server";
import teacherStyles from "~/styles/teacher.css?url";
import { DIGEST_EMAIL_MAX, DIGEST_HEADERS, DIGEST_MESSAGES as M, DIGEST_PAGE } from "~/utils/digest-messages";
import { keepRetryAfter } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { readForm } from "~/utils/request.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teacherStyles }];

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: M.pageTitle,
    description: "A weekly e-mail to a teacher about their classes.",
    path: DIGEST_PAGE,
    robots: "noindex, nofollow",
  });

export const headers = keepRetryAfter(DIGEST_HEADERS);

/**
 * The teacher's weekly e-mail (docs/product.md#weekly-digest): their own choice, for all their classes; the address
 * also gets their sign-in links, and may be kept for those alone (docs/product.md#guessing-login-codes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return digestPageData(teacher);
}

export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  return saveDigestSettings(request, teacher, await readForm(request));
}

export default function TeacherDigest() {
  const { teacher, state, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as { result: SubmissionResult<string[]> } | undefined;
  const lastResult = reply?.result;
  const [form, fields] = useForm<{ email: string; digest: string }>({ id: "digest", lastResult });
  const ticked = lastResult ? sentValue(lastResult, "digest") === "on" : state === "on" || state === "pending";
  return (
    <TeacherPage title={M.heading} teacher={teacher} digestLink={false}>
      <p>
        <Link to="/teacher-dashboard">Back to the dashboard</Link>
      </p>
      <section className="card teacher-card" aria-labelledby="digest-heading">
        <h2 id="digest-heading">{M.pageTitle}</h2>
        <p>{M.lead}</p>
        <p className="notice" data-testid="digest-state">
          {stateText(state, email)}
        </p>
        <p>{M.signInNote}</p>
        <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
        <Form id={form.id} method="post" action={DIGEST_PAGE} noValidate>
          <fieldset className="choice-group" {...groupAria(fields.digest)}>
            <legend>{M.pageTitle}</legend>
            <FieldError field={fields.digest} />
            <div className="choices">
              <label className="choice">
                <input type="checkbox" id={fields.digest.id} name="digest" value="on" defaultChecked={ticked} />
                <span className="choice-label">{M.tick}</span>
              </label>
            </div>
          </fieldset>
          <TextField
            field={fields.email}
            label={M.email}
            hint={M.emailHint}
            type="email"
            autoComplete="email"
            maxLength={DIGEST_EMAIL_MAX}
            defaultValue={sentValue(lastResult, "email") ?? email}
          />
          <div className="teacher-actions">
            <button type="submit" className="button button-primary">
              {M.save}
            </button>
          </div>
        </Form>
      </section>
    </TeacherPage>
  );
}

function stateText(state: DigestState, email: string) {
  if (state === "on") return M.stateOn(email);
  if (state === "pending") return M.statePending(email);
  if (state === "sign-in") return M.stateSignIn(email);
  if (state === "pending-sign-in") return M.statePendingSignIn(email);
  return M.stateOff;
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
