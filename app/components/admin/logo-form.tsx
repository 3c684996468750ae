import { useForm } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { REMOVE_LOGO_STEP } from "~/utils/school-pages";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, type FieldState } from "~/components/forms/field-error";
import type { Reply } from "./admin-reply";

/*
 * Logos of schools and classes (docs/product.md#logos): the file goes up in a multipart form, the server checks
 * its bytes, re-encodes it and answers beside this form; Remove Logo leads to its confirmation step
 * (`&remove-logo={owner's id}`), whose Confirm is a plain POST.
 */

/** What the file chooser offers; the server judges the bytes, whatever the browser lets through. */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/gif,image/webp";

export const LOGO_HINT = "A PNG, JPEG, GIF or WebP image, at most 2MB. 500 × 500 pixels is best.";

/** A labelled file input with its hint and message, as the one form pattern lays out a field. */
export function LogoField({ field, label }: { field: FieldState & { name: string }; label: string }) {
  const hintId = `${field.id}-hint`;
  const aria = fieldAria(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <p id={hintId} className="field-hint">
        {LOGO_HINT}
      </p>
      <FieldError field={field} />
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={LOGO_ACCEPT}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={[hintId, aria["aria-describedby"]].filter(Boolean).join(" ")}
      />
    </div>
  );
}

/** A logo as shown in the panel (`small` in a list). */
export function LogoImage({ url, name, small = false }: { url: string; name: string; small?: boolean }) {
  return <img src={url} alt={`Logo of ${name}`} className={small ? "logo-preview logo-small" : "logo-preview"} />;
}

export function LogoForm({
  owner,
  ownerId,
  name,
  logoUrl,
  action,
  lastResult,
}: {
  owner: "school" | "class";
  ownerId: string;
  /** The school's or class's name, for the image's text and the buttons' names. */
  name: string;
  logoUrl: string | null;
  /** The page to come back to. */
  action: string;
  lastResult: Reply;
}) {
  const [form, fields] = useForm({ id: `logo-${owner}-${ownerId}`, lastResult });
  return (
    <div className="admin-logo">
      {logoUrl ? <LogoImage url={logoUrl} name={name} /> : <p className="admin-muted">No logo yet.</p>}
      <div className="admin-logo-forms">
        <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
        <Form id={form.id} method="post" action={action} encType="multipart/form-data" noValidate>
          <input type="hidden" name="intent" value="upload-logo" />
          <input type="hidden" name="owner" value={owner} />
          <input type="hidden" name="ownerId" value={ownerId} />
          <LogoField
            field={fields.logo!}
            label={logoUrl ? "Replace the logo" : `${owner === "school" ? "School" : "Class"} logo`}
          />
          <div className="admin-actions">
            <button type="submit" className="button button-secondary">
              Upload Logo<span className="visually-hidden"> for {name}</span>
            </button>
          </div>
        </Form>
        {logoUrl ? (
          <p>
            <Link to={confirmStepOf(action, REMOVE_LOGO_STEP, ownerId)}>
              Remove Logo<span className="visually-hidden"> of {name}</span>
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Removing a logo, confirmed first (docs/product.md#confirmation-steps); Confirm posts to `page`, Cancel goes back. */
export function RemoveLogoConfirm({
  owner,
  ownerId,
  name,
  page,
}: {
  owner: "school" | "class";
  ownerId: string;
  name: string;
  page: string;
}) {
  return (
    <ConfirmStep
      question={`Remove the logo of ${name}?`}
      consequence={`The logo goes from the ${owner}'s pages${owner === "class" ? " and its pupils' page" : ""}. You can upload it again at any time.`}
      action={page}
      fields={{ intent: "remove-logo", owner, ownerId }}
      confirmLabel="Yes, remove the logo"
      cancelTo={page}
      destructive
    />
  );
}
