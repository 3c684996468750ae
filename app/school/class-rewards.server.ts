import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { REWARDS_MESSAGES as R, parseRewardsForm } from "~/forms/rewards.server";
import type { AuditActor } from "~/models/audit.server";
import { schoolIdOfClass } from "~/models/schools.server";
import { setClassRewardsOff } from "~/models/stickers.server";
import { withAudit } from "~/school/audit.server";
import { classInScope, type StudentScope } from "~/school/students.server";
import { flashHeaders } from "~/utils/flash.server";

/*
 * A class's rewards switch (docs/product.md#sticker-book): the class's teacher turns stickers, badges and milestones
 * off or on for every pupil of the class; the change log records it in the same transaction, and nothing when
 * nothing changed. Stickers are still kept while off: they follow the facts, and show again when turned on.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

export type RewardsReply = { intent: "rewards"; result: SubmissionResult<string[]> };

export async function setClassRewards(request: Request, scope: StudentScope, form: URLSearchParams, actor: AuditActor) {
  const klass = classInScope(scope, form.get("classId"));
  const parsed = parseRewardsForm(form);
  if (!parsed.ok)
    return data<RewardsReply>({ intent: "rewards", result: parsed.result }, { status: 400, headers: NO_STORE });
  const { off } = parsed.value;
  const changed = withAudit(
    () => setClassRewardsOff(klass.id, off),
    (changed) =>
      changed
        ? {
            actor,
            action: off ? ("class.rewards-off" as const) : ("class.rewards-on" as const),
            schoolId: schoolIdOfClass(klass.id),
            subject: { kind: "class" as const, id: klass.id, name: klass.name },
          }
        : null,
  );
  const page = `/teacher-dashboard/settings?class=${encodeURIComponent(klass.id)}`;
  const title = changed ? (off ? R.off : R.on) : R.unchanged;
  return redirect(page, { headers: await flashHeaders(request, { kind: "success", title }, NO_STORE) });
}
