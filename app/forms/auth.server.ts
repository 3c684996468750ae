import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/accounts/password.server";
import { AUTH_MESSAGES as M } from "~/utils/auth-messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The /auth forms (docs/product.md#sign-in-and-sign-up). Passwords are never sent back to the page. */

const SECRET = ["password", "confirmPassword"] as const;

const text = z.string().trim().optional();

const email = z
  .string()
  .trim()
  .max(254, M.emailInvalid)
  .email(M.emailInvalid)
  .transform((value) => value.toLowerCase());

/** A phone number is only an identifier here (no SMS): its digits, with the + of an international number. */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]+$/, M.phoneInvalid)
  .transform((value) => (value.startsWith("+") ? "+" : "") + value.replace(/\D/g, ""))
  .refine((value) => /^\+?\d{7,15}$/.test(value), M.phoneInvalid);

const password = z.string().min(MIN_PASSWORD_LENGTH, M.passwordShort).max(MAX_PASSWORD_LENGTH, M.passwordLong);

export type Credentials =
  { by: "email"; email: string; password: string } | { by: "phone"; phone: string; password: string };

/** An e-mail or a phone, and a password: either missing gives the one message the brief asks for. */
const credentials = z
  .object({ with: z.enum(["email", "phone"]).catch("email"), email: text, phone: text, password: text })
  .superRefine((form, ctx) => {
    const id = form.with === "phone" ? form.phone : form.email;
    if (!id || !form.password) return ctx.addIssue({ code: "custom", path: [], message: M.needIdentity });
    const checked = (form.with === "phone" ? phone : email).safeParse(id);
    if (!checked.success)
      ctx.addIssue({ code: "custom", path: [form.with], message: checked.error.issues[0]!.message });
    const pw = password.safeParse(form.password);
    if (!pw.success) ctx.addIssue({ code: "custom", path: ["password"], message: pw.error.issues[0]!.message });
  })
  .transform((form): Credentials => {
    const pw = form.password!;
    return form.with === "phone"
      ? { by: "phone", phone: phone.parse(form.phone), password: pw }
      : { by: "email", email: email.parse(form.email), password: pw };
  });

export function parseSignIn(payload: URLSearchParams | FormData): RefusableParse<Credentials> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: credentials, disableAutoCoercion: true }), SECRET);
}

export type SignUp = { username: string; credentials: Credentials };

const signUp = z
  .object({ username: z.string({ message: M.usernameRequired }).trim().min(1, M.usernameRequired) })
  .passthrough()
  .transform((form, ctx): SignUp => {
    const parsed = credentials.safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom" } as z.IssueData);
      return z.NEVER;
    }
    return { username: form.username, credentials: parsed.data };
  });

export function parseSignUp(payload: URLSearchParams | FormData): RefusableParse<SignUp> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: signUp, disableAutoCoercion: true }), SECRET);
}

const forgot = z.object({ email: z.string({ message: M.emailRequired }).pipe(email) });

export function parseForgotPassword(payload: URLSearchParams | FormData): RefusableParse<{ email: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: forgot, disableAutoCoercion: true }));
}

const newPassword = z
  .object({
    password: z.string({ message: M.passwordShort }).pipe(password),
    confirmPassword: z.string({ message: M.passwordsDiffer }),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: M.passwordsDiffer });

export function parseNewPassword(payload: URLSearchParams | FormData): RefusableParse<{ password: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: newPassword, disableAutoCoercion: true }), SECRET);
}
