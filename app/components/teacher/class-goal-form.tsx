import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ClassGoalBar } from "~/components/facts/class-goal";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import { useForm } from "~/components/forms/use-form";
import type { ClassGoalView } from "~/types/class-goal";

/**
 * The class goal in secured facts (docs/product.md#class-goal), in the one form pattern: how many facts and by which
 * day; its bar above, as the pupils see it; a second small form removes it.
 */
export function ClassGoalForm({
  classId,
  className,
  view,
  values,
  today,
  rewardsOff,
  lastResult,
}: {
  classId: string;
  className: string;
  view: ClassGoalView | null;
  values: { count: number; day: string } | null;
  today: string;
  rewardsOff: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({ id: "class-goal", lastResult });
  const count = fields.goalCount!;
  const day = fields.goalDay!;
  const sent = lastResult?.initialValue;
  const shown = (name: "goalCount" | "goalDay", saved: string | undefined) =>
    typeof sent?.[name] === "string" ? (sent[name] as string) : saved;
  const action = `/teacher-dashboard/settings?class=${encodeURIComponent(classId)}`;
  return (
    <section className="card teacher-card" aria-labelledby="goal-form-heading">
      <h2 id="goal-form-heading">A class goal</h2>
      <p>
        A goal for the whole class in facts secured: each sticker a pupil earns from the day you set it counts. Pupils
        see one bar on their dashboard, with no names.
        {rewardsOff ? " Stickers are off for this class, so pupils do not see the goal." : ""}
      </p>
      {view ? <ClassGoalBar view={view} headingLevel={3} /> : null}
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={action} noValidate>
        <input type="hidden" name="intent" value="class-goal" />
        <input type="hidden" name="classId" value={classId} />
        <div className="field">
          <label htmlFor={count.id}>Facts to secure together</label>
          <FieldError field={count} />
          <input
            id={count.id}
            name={count.name}
            inputMode="numeric"
            autoComplete="off"
            className="input-short"
            defaultValue={shown("goalCount", values ? String(values.count) : undefined)}
            {...fieldAria(count)}
          />
        </div>
        <div className="field">
          <label htmlFor={day.id}>By</label>
          <FieldError field={day} />
          <input
            id={day.id}
            name={day.name}
            type="date"
            min={today}
            defaultValue={shown("goalDay", values?.day)}
            {...fieldAria(day)}
          />
        </div>
        <div className="teacher-actions">
          <button type="submit" className="button button-primary">
            Save the goal for {className}
          </button>
        </div>
      </Form>
      {values ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="class-goal-remove" />
          <input type="hidden" name="classId" value={classId} />
          <button type="submit" className="button button-secondary">
            Remove the goal
          </button>
        </Form>
      ) : null}
    </section>
  );
}
