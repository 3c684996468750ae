import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import {
  initialFormState,
  nextFormState,
  useForm,
  type FormReply,
  type SubmissionResult,
} from "~/components/forms/use-form";
import { formError } from "~/forms/form-parse";

/*
 * Our useForm in place of conform's (docs/decisions/0028-own-form-hook.md): the same ids and messages from the
 * server's reply, and the same rules for when a reply replaces them. What it does in a browser (the focus) is proved
 * by every form's end-to-end tests.
 */

const reply = (error: Record<string, string[] | null>, status: "error" | "success" = "error"): FormReply => ({
  status,
  error,
  initialValue: { name: "Sam" },
});

describe("useForm's state", () => {
  it("starts from the reply's messages, without taking the focus", () => {
    const state = initialFormState("sign-in", reply({ email: ["Enter your email address."], password: null }));
    expect(state.errors).toEqual({ email: ["Enter your email address."] });
    expect(state.focus).toBe(false);
    expect(initialFormState("sign-in", undefined).errors).toEqual({});
  });

  it("takes in a new reply only: the same one, or none, keeps what is shown", () => {
    const first = reply({ email: ["Enter your email address."] });
    const state = initialFormState("sign-in", first);
    expect(nextFormState(state, "sign-in", first)).toBe(state);
    expect(nextFormState(state, "sign-in", undefined)).toBe(state);
    expect(nextFormState(state, "sign-in", null)).toBe(state);
    const second = nextFormState(state, "sign-in", reply({ password: ["Enter your password."] }));
    expect(second.errors).toEqual({ password: ["Enter your password."] });
    expect(second.focus).toBe(true);
  });

  it("keeps a field's earlier message where the new reply says null, as conform's replies mean", () => {
    const state = initialFormState("x", reply({ name: ["Too long."], "": ["Too many tries."] }));
    expect(nextFormState(state, "x", reply({ name: null, email: ["Enter an email."] })).errors).toEqual({
      name: ["Too long."],
      email: ["Enter an email."],
    });
  });

  it("clears on success, on a reply that resets the form, and for another form id", () => {
    const state = initialFormState("x", reply({ name: ["Too long."] }));
    const success = nextFormState(state, "x", { status: "success", initialValue: {} });
    expect(success.errors).toEqual({});
    expect(success.focus).toBe(false);
    expect(nextFormState(state, "x", { initialValue: null }).errors).toEqual({});
    const other = nextFormState(state, "y", reply({ name: ["Too long."] }));
    expect(other).toMatchObject({ id: "y", errors: {}, focus: false });
  });
});

/** A form as the pages write it: summary, field with its message and aria, input kept. */
function Form({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ name: string; age: string }>({ id: "profile", lastResult });
  return createElement(
    "div",
    null,
    createElement(ErrorSummary, { formId: form.id, errors: form.allErrors, lastResult }),
    createElement(FieldError, { field: fields.name }),
    createElement("input", { id: fields.name.id, name: fields.name.name, ...fieldAria(fields.name) }),
    createElement("input", { id: fields.age.id, name: fields.age.name, ...fieldAria(fields.age) }),
    createElement("p", { id: "form-errors" }, String(form.errors ?? "none")),
  );
}

describe("useForm's ids and messages", () => {
  it("are conform's: {formId}-{name}, {id}-error, and the messages by field", () => {
    const html = renderToStaticMarkup(createElement(Form, { lastResult: reply({ name: ["Enter a name."] }) }));
    expect(html).toContain('<a href="#profile-name">Enter a name.</a>');
    expect(html).toContain('<p id="profile-name-error" class="field-error">Enter a name.</p>');
    expect(html).toContain(
      '<input id="profile-name" name="name" aria-invalid="true" aria-describedby="profile-name-error"/>',
    );
    expect(html).toContain('<input id="profile-age" name="age"/>');
    expect(html).toContain('<p id="form-errors">none</p>');
  });

  it("list a message for the form as a whole, and show nothing without a reply", () => {
    const html = renderToStaticMarkup(createElement(Form, { lastResult: formError("Too many tries.") }));
    expect(html).toContain("<li>Too many tries.</li>");
    expect(html).toContain('<p id="form-errors">Too many tries.</p>');
    expect(renderToStaticMarkup(createElement(Form, {}))).not.toContain("There is a problem");
  });
});
