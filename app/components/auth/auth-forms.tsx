import { useForm, type FormField, type SubmissionResult } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms/error-summary";
import type { Identifier } from "~/utils/auth-messages";
import { NewPasswordFields } from "./new-password-fields";
import { TextField, sentValue } from "./text-field";

type Reply = SubmissionResult<string[]> | undefined;

/* The /auth forms: plain POST forms to the page's own action, so each works without JavaScript. */

function IdentifierField({
  formId,
  by,
  fields,
  lastResult,
  email,
}: {
  formId: string;
  by: Identifier;
  fields: { phone?: FormField; email?: FormField };
  lastResult: Reply;
  email?: string;
}) {
  return by === "phone" ? (
    <TextField
      field={fields.phone!}
      label="Phone number"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      maxLength={24}
      defaultValue={sentValue(lastResult, "phone")}
    />
  ) : (
    <TextField
      key={`${formId}-email`}
      field={fields.email!}
      label="Email"
      type="email"
      autoComplete="email"
      maxLength={254}
      defaultValue={sentValue(lastResult, "email") ?? email}
    />
  );
}

export function SignInForm({ by, lastResult, email }: { by: Identifier; lastResult: Reply; email?: string }) {
  const [form, fields] = useForm({ id: "sign-in", lastResult });
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={`/auth?mode=signin${by === "phone" ? "&with=phone" : ""}`} noValidate>
        <input type="hidden" name="with" value={by} />
        <IdentifierField formId={form.id} by={by} fields={fields} lastResult={lastResult} email={email} />
        <TextField field={fields.password!} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button button-primary">
          Sign In
        </button>
      </Form>
      <p className="form-links">
        <Link to="/auth?mode=forgot">Forgot your password?</Link>
        {by === "phone" ? (
          <Link to="/auth?mode=signin">Use email instead</Link>
        ) : (
          <Link to="/auth?mode=signin&with=phone">Use a phone number instead</Link>
        )}
      </p>
    </>
  );
}

export function SignUpForm({
  by,
  lastResult,
  suggestedName,
}: {
  by: Identifier;
  lastResult: Reply;
  suggestedName: string;
}) {
  const [form, fields] = useForm({ id: "sign-up", lastResult });
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={`/auth?mode=signup${by === "phone" ? "&with=phone" : ""}`} noValidate>
        <input type="hidden" name="with" value={by} />
        <TextField
          field={fields.username!}
          label="Username"
          hint="Shown on the leaderboards. Keep the made-up name, or choose your own: not your real name."
          autoComplete="off"
          maxLength={20}
          defaultValue={sentValue(lastResult, "username") ?? suggestedName}
        />
        <IdentifierField formId={form.id} by={by} fields={fields} lastResult={lastResult} />
        <TextField
          field={fields.password!}
          label="Password"
          hint="At least 6 characters."
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button button-primary">
          Sign Up
        </button>
      </Form>
      <p className="form-links">
        {by === "phone" ? (
          <Link to="/auth?mode=signup">Use email instead</Link>
        ) : (
          <Link to="/auth?mode=signup&with=phone">Use a phone number instead</Link>
        )}
      </p>
    </>
  );
}

export function ForgotPasswordForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({ id: "forgot", lastResult });
  return (
    <>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/auth?mode=forgot" noValidate>
        <TextField
          field={fields.email!}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={sentValue(lastResult, "email")}
        />
        <button type="submit" className="button button-primary">
          Send Reset Link
        </button>
      </Form>
      <p className="form-links">
        <Link to="/auth">Back to sign in</Link>
      </p>
    </>
  );
}

export function NewPasswordForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({ id: "new-password", lastResult });
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/auth?mode=reset" noValidate>
        <NewPasswordFields fields={fields} />
        <button type="submit" className="button button-primary">
          Update Password
        </button>
      </Form>
    </>
  );
}

/** Sign-in with Google or Facebook: a POST per provider (a GET would let any page start it), shown when configured. */
export function OAuthButtons({ providers }: { providers: { id: "google" | "facebook"; name: string }[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="oauth-buttons">
      <p className="divider">or</p>
      {providers.map((p) => (
        <Form key={p.id} method="post" action={`/auth/${p.id}`}>
          <button type="submit" className="button button-secondary">
            Continue with {p.name}
          </button>
        </Form>
      ))}
    </div>
  );
}
