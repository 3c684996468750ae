import type { FormField } from "~/components/forms/use-form";
import { TextField } from "./text-field";

/**
 * A new password and the same again, as a reset (/auth?mode=reset) and the members' settings ask for it: its
 * fields named `password` and `confirmPassword` (app/forms/auth.server.ts, app/forms/account.server.ts).
 */
export function NewPasswordFields({ fields }: { fields: Record<string, FormField> }) {
  return (
    <>
      <TextField
        field={fields.password!}
        label="New password"
        hint="At least 6 characters."
        type="password"
        autoComplete="new-password"
      />
      <TextField
        field={fields.confirmPassword!}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
