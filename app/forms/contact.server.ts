import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CONTACT_LIMITS as MAX, CONTACT_MESSAGES as M } from "~/utils/contact-messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The contact form (docs/product.md#contact): name, email and message required, subject optional. */

export type ContactInput = { name: string; email: string; subject: string; message: string };

/** A one-line value: surrounding space trimmed, runs of white space (line breaks too) made one space. */
const oneLine = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
/** The message keeps its lines, with Windows line ends made plain ones. */
const multiLine = (value: string | undefined) => (value ?? "").replace(/\r\n?/g, "\n").trim();

// A field sent twice (only a program does that) arrives as a list and gets the field's own message.
const raw = (message: string) => z.string({ message }).optional();

const emailShape = z.string().email();

const schema = z
  .object({
    name: raw(M.nameRequired).transform(oneLine),
    email: raw(M.emailInvalid).transform(oneLine),
    subject: raw(M.subjectTooLong).transform(oneLine),
    message: raw(M.messageRequired).transform(multiLine),
  })
  .superRefine((form, ctx) => {
    const issue = (path: (keyof ContactInput)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    // The form-wide message comes first, so the error summary leads with it.
    if (!form.name || !form.email || !form.message) issue([], M.required);
    if (!form.name) issue(["name"], M.nameRequired);
    else if (form.name.length > MAX.name) issue(["name"], M.nameTooLong);
    if (!form.email) issue(["email"], M.emailRequired);
    else if (form.email.length > MAX.email) issue(["email"], M.emailTooLong);
    else if (!emailShape.safeParse(form.email).success) issue(["email"], M.emailInvalid);
    if (form.subject.length > MAX.subject) issue(["subject"], M.subjectTooLong);
    if (!form.message) issue(["message"], M.messageRequired);
    else if (form.message.length > MAX.message) issue(["message"], M.messageTooLong);
  });

/** Checks the visitor's fields; the bot-check fields are read by app/limits/bot-check.server.ts. */
export function parseContact(payload: URLSearchParams | FormData): RefusableParse<ContactInput> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));
}
