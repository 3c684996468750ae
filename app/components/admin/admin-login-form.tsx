import { useForm } from "~/components/forms/use-form";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import type { Reply } from "./admin-reply";

/** The admin login (docs/product.md#admin): a plain POST form; the server checks it and the limiter counts it. */
export function AdminLoginForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({ id: "admin-login", lastResult });
  const passwordId = fields.password!.id;
  // A password is never sent back: with JavaScript the page stays, so a refusal empties the field here too.
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (lastResult && input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, passwordId]);
  return (
    <section className="page page-narrow admin-login" aria-labelledby="admin-login-heading">
      <h1 id="admin-login-heading">Admin Login</h1>
      <p>For school administrators. Teachers and pupils log in with their 8-digit codes.</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/admin" noValidate>
        <input type="hidden" name="intent" value="login" />
        <TextField
          field={fields.username!}
          label="Username"
          hint="The email address of your admin account."
          type="email"
          autoComplete="username"
          maxLength={254}
          defaultValue={sentValue(lastResult, "username")}
        />
        <TextField field={fields.password!} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button button-primary">
          Login
        </button>
      </Form>
    </section>
  );
}
