import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import { LOGIN_CODE_DIGITS, loginCodeInput } from "~/utils/school-login-messages";
import { useForm, type SubmissionResult } from "~/components/forms/use-form";

/**
 * The 8-digit code form of the teacher and student logins (docs/product.md#login-codes): a plain POST form. With
 * JavaScript the field keeps digits only, stops at 8 and the button waits for all 8; without it the server
 * drops spaces and dashes and says what is wrong.
 */
export function CodeLoginForm({
  id,
  lastResult,
  hint,
  hidden = {},
  action,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  hint: string;
  /** Fields sent with the code (the live game's join page sends its game's code). */
  hidden?: Record<string, string>;
  /** Where the form posts, when not the page's own action. */
  action?: string;
}) {
  const [form, fields] = useForm({ id, lastResult });
  const field = fields.code!;
  const hydrated = useHydrated();
  const [code, setCode] = useState(() => sentValue(lastResult, "code") ?? "");
  const hintId = `${field.id}-hint`;
  const aria = fieldAria(field);
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={action} noValidate className="code-login">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="field">
          <label htmlFor={field.id}>Login code</label>
          <p id={hintId} className="field-hint">
            {hint}
          </p>
          <FieldError field={field} />
          <input
            id={field.id}
            name={field.name}
            className="code-input"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(loginCodeInput(event.target.value))}
            aria-invalid={aria["aria-invalid"]}
            aria-describedby={[hintId, aria["aria-describedby"]].filter(Boolean).join(" ")}
          />
        </div>
        <button
          type="submit"
          className="button button-primary"
          disabled={hydrated && code.length !== LOGIN_CODE_DIGITS}
        >
          Login
        </button>
      </Form>
    </>
  );
}
