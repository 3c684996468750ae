import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/accounts/password.server";
import { AUTH_MESSAGES as M } from "~/utils/auth-messages";
import { ACCOUNT_MESSAGES as A } from "~/utils/account-messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* The settings page's forms (docs/product.md#members-menu-and-settings). */

const displayName = z.object({
  username: z.string({ message: A.nameRequired }).trim().min(1, A.nameRequired),
});

/** The display name as typed, trimmed; the public-name rules are applied by the action. */
export function parseDisplayName(payload: URLSearchParams | FormData): RefusableParse<{ username: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: displayName, disableAutoCoercion: true }));
}

const password = z.string().min(MIN_PASSWORD_LENGTH, M.passwordShort).max(MAX_PASSWORD_LENGTH, M.passwordLong);

const changePassword = z
  .object({
    currentPassword: z.string().optional(),
    password: z.string({ message: M.passwordShort }).pipe(password),
    confirmPassword: z.string({ message: M.passwordsDiffer }),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: M.passwordsDiffer });

export function parseChangePassword(
  payload: URLSearchParams | FormData,
): RefusableParse<{ currentPassword?: string; password: string }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: changePassword, disableAutoCoercion: true }), [
    "currentPassword",
    "password",
    "confirmPassword",
  ]);
}

const deleteAccount = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: A.deleteConfirm }) }),
});

export function parseDeleteAccount(payload: URLSearchParams | FormData): RefusableParse<{ confirm: "yes" }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema: deleteAccount, disableAutoCoercion: true }));
}
