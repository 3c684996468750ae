import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { BotCheckWidget } from "~/components/forms/bot-check-widget";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import type { BotCheckWidgetConfig } from "~/types/contact";
import { CONTACT_LIMITS as MAX, STAMP_FIELD } from "~/utils/contact-messages";

type ContactFields = { name: string; email: string; subject: string; message: string };

/**
 * The contact form (docs/product.md#contact): a plain POST to the page's action, with or without JavaScript.
 * It must sit inside the page's HoneypotProvider. `stamp` is the server's signed "form served at" value.
 */
export function ContactForm({
  lastResult,
  stamp,
  botCheck,
  contactEmail,
}: {
  lastResult?: SubmissionResult<string[]>;
  stamp: string;
  botCheck: BotCheckWidgetConfig;
  contactEmail: string;
}) {
  const [form, fields] = useForm<ContactFields>({ id: "contact", lastResult });
  const message = fields.message;
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" noValidate>
        <HoneypotInputs label="Please leave this field blank" />
        <input type="hidden" name={STAMP_FIELD} value={stamp} />
        <TextField
          field={fields.name}
          label="Name"
          autoComplete="name"
          maxLength={MAX.name}
          defaultValue={sentValue(lastResult, "name")}
        />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={MAX.email}
          defaultValue={sentValue(lastResult, "email")}
        />
        <TextField
          field={fields.subject}
          label="Subject (optional)"
          maxLength={MAX.subject}
          defaultValue={sentValue(lastResult, "subject")}
        />
        <div className="field">
          <label htmlFor={message.id}>Message</label>
          <FieldError field={message} />
          <textarea
            id={message.id}
            name={message.name}
            rows={8}
            maxLength={MAX.message}
            defaultValue={sentValue(lastResult, "message")}
            {...fieldAria(message)}
          />
        </div>
        {botCheck.kind === "none" ? null : (
          <BotCheckWidget kind={botCheck.kind} siteKey={botCheck.siteKey} contactEmail={contactEmail} />
        )}
        <button type="submit" className="button button-primary">
          Send Message
        </button>
      </Form>
    </>
  );
}
