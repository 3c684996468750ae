import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { LOGIN_CODE_DIGITS, SCHOOL_LOGIN_MESSAGES as M } from "~/utils/school-login-messages";
import { oneLine } from "~/utils/flash";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/*
 * The teacher and student login form (docs/product.md#login-codes): one field, the 8-digit code. Spaces and
 * dashes a child types ("1234 5678") are dropped, as the field does with JavaScript; anything else is refused.
 */
const loginCode = z.object({
  code: z
    .string({ required_error: oneLine(M.invalidCode) })
    .max(64, oneLine(M.invalidCode))
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`), oneLine(M.invalidCode))),
});

export function parseLoginCode(form: URLSearchParams): RefusableParse<{ code: string }> {
  return fromSubmission(parseWithZod(plainFields(form), { schema: loginCode, disableAutoCoercion: true }));
}
