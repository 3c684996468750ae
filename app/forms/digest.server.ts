import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { DIGEST_EMAIL_MAX, DIGEST_MESSAGES as M } from "~/utils/digest-messages";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/*
 * The weekly digest's form (docs/product.md#weekly-digest): the box, and the address, needed when it is ticked and
 * kept for sign-in links alone when it is not (an empty address then forgets it).
 */

export type DigestInput = { digest: boolean; email: string };

const emailShape = z.string().email();

const schema = z
  .object({
    // A field sent twice (only a program does that) arrives as a list and gets the field's own message.
    email: z.string({ message: M.emailInvalid }).optional(),
    digest: z.string({ message: M.tickInvalid }).optional(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (form.digest !== undefined && form.digest !== "on") issue(["digest"], M.tickInvalid);
    const email = (form.email ?? "").trim();
    if (!email) {
      if (form.digest === "on") issue(["email"], M.emailRequired);
    } else if (email.length > DIGEST_EMAIL_MAX) issue(["email"], M.emailTooLong);
    else if (!emailShape.safeParse(email).success) issue(["email"], M.emailInvalid);
  })
  .transform((form): DigestInput => ({ digest: form.digest === "on", email: (form.email ?? "").trim() }));

export function parseDigestForm(payload: URLSearchParams): RefusableParse<DigestInput> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));
}
