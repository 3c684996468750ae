import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { fromSubmission, plainFields, type RefusableParse } from "./form-parse";

/* A class's rewards switch (docs/product.md#sticker-book): stickers, badges and milestones on or off. */

export const REWARDS_MESSAGES = {
  choose: "Choose on or off.",
  on: "Stickers are on for this class.",
  off: "Stickers are off for this class.",
  unchanged: "Nothing changed.",
} as const;

const schema = z
  .object({ rewards: z.enum(["on", "off"], { message: REWARDS_MESSAGES.choose }) })
  .transform((form) => ({ off: form.rewards === "off" }));

export function parseRewardsForm(payload: URLSearchParams): RefusableParse<{ off: boolean }> {
  return fromSubmission(parseWithZod(plainFields(payload), { schema, disableAutoCoercion: true }));
}
