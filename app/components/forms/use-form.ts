import { useEffect, useLayoutEffect, useState } from "react";
import type { SubmissionResult } from "@conform-to/react";

/*
 * The one form pattern's browser side (docs/decisions/0028-own-form-hook.md): the server's reply to a form (conform's
 * `SubmissionResult`, made by @conform-to/zod in app/forms/*.server.ts) as ids, messages and aria for the page, in
 * place of conform's own `useForm` and its client runtime. Forms here never validate in the browser, so all that
 * runtime did for them was what this does: the same ids, the same messages, the first invalid field focused.
 */

export type { SubmissionResult };

/** The server's reply to a form, as the loader or action returns it. */
export type FormReply = SubmissionResult<string[]>;

/** The messages by field name ("" for the form as a whole). */
export type FormErrors = Record<string, string[]>;

/** What a field needs to render: the ids (conform's: `{formId}-{name}`, `{id}-error`) and its messages. */
export type FormField = { id: string; name: string; errorId: string; errors?: string[] };

export type FormMeta = FormField & {
  /** Every message, by field name: for the error summary. */
  allErrors: FormErrors;
  getFieldset(): Record<string, FormField>;
};

/** What the hook keeps between renders: the reply last taken in and the messages shown. */
export type FormState = {
  id: string;
  reply: FormReply | null | undefined;
  errors: FormErrors;
  /** A new reply with errors came in: the first invalid field takes the focus (once). */
  focus: boolean;
};

/** The messages of a reply. A `null` message keeps the field's earlier one, as conform's reply format says. */
function errorsOf(reply: FormReply | null | undefined, earlier: FormErrors): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    const kept = messages === null ? earlier[name] : messages;
    if (kept) errors[name] = kept;
  }
  return errors;
}

export function initialFormState(id: string, reply: FormReply | null | undefined): FormState {
  return { id, reply, errors: errorsOf(reply, {}), focus: false };
}

/**
 * The state after a render with `id` and `reply`, as conform's useForm kept it: a new form id starts afresh; a new
 * reply (another object) replaces the messages; no reply, or the same one, changes nothing (the messages stay until
 * the next reply); a reply that resets the form (`initialValue: null`) clears them.
 */
export function nextFormState(state: FormState, id: string, reply: FormReply | null | undefined): FormState {
  if (id !== state.id) return { id, reply, errors: {}, focus: false };
  if (!reply || reply === state.reply) return state;
  if (reply.initialValue === null) return { id, reply, errors: {}, focus: false };
  return { id, reply, errors: errorsOf(reply, state.errors), focus: reply.status === "error" };
}

// Layout effects do nothing on the server (and React says so): there, a plain effect, which also does nothing.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A form's ids and messages from the server's last reply: `const [form, fields] = useForm({ id, lastResult })`,
 * then `form.id`, `form.allErrors` and per field `fields.x.id`, `.name`, `.errorId`, `.errors`.
 */
export function useForm<Schema extends Record<string, unknown> = Record<string, unknown>>({
  id,
  lastResult,
}: {
  id: string;
  lastResult?: FormReply | null;
}): [FormMeta, Record<keyof Schema, FormField>] {
  const [stored, setStored] = useState(() => initialFormState(id, lastResult));
  const state = nextFormState(stored, id, lastResult);
  // Taken in during the render, so the page never shows the old messages with a new reply.
  if (state !== stored) setStored(state);

  // A new reply with errors: focus its first invalid field, in the form's order. A layout effect, so it runs before
  // the error summary's own effect, which then takes the focus (the summary comes first: docs/decisions/0009).
  useClientLayoutEffect(() => {
    if (!state.focus) return;
    const controls = document.forms.namedItem(state.id)?.elements ?? [];
    // The first control that holds a value (not a button or fieldset) and has a message, in the form's order.
    const first = Array.from(controls as ArrayLike<HTMLInputElement>).find(
      (control) => state.errors[control.name] && !/^(submit|reset|button|fieldset|output)$/.test(control.type),
    );
    first?.focus();
  }, [state]);

  const field = (name: string): FormField => {
    const fieldId = name ? `${state.id}-${name}` : state.id;
    return { id: fieldId, name, errorId: `${fieldId}-error`, errors: state.errors[name] };
  };
  const fields = new Proxy({} as Record<string, FormField>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  const form: FormMeta = Object.assign(field(""), { allErrors: state.errors, getFieldset: () => fields });
  return [form, fields as Record<keyof Schema, FormField>];
}
