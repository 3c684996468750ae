import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireTeacher } from "~/auth/school-session.server";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useForm } from "~/components/forms/use-form";
import { RouteError } from "~/components/route-error";
import { StudentSettingsFields, shownStudentValues } from "~/components/school/student-fields";
import type { StudentReply } from "~/components/school/student-reply";
import { TeacherPage, dashboardOf } from "~/components/teacher/dashboard";
import { actorOfTeacher } from "~/school/audit.server";
import type { ClassSettingName } from "~/school-rules/class-settings";
import { setClassSettings, teacherScope } from "~/school/students.server";
import { setClassRewards, type RewardsReply } from "~/school/class-rewards.server";
import { changeClassGoal, type ClassGoalReply } from "~/school/class-goal.server";
import { ClassGoalForm } from "~/components/teacher/class-goal-form";
import stickerStyles from "~/styles/stickers.css?url";
import teacherStyles from "~/styles/teacher.css?url";
import { privateHead } from "~/utils/private-head";
import { readForm } from "~/utils/request.server";
import { classSettingsData } from "./teacher-dashboard.server";

export const { links, meta, headers } = privateHead([teacherStyles, stickerStyles], {
  title: "Class settings",
  description: "The same game settings for every student of a class at once.",
  path: "/teacher-dashboard/settings",
});

/** The class settings (docs/product.md#teachers): `?class=` (the teacher's own); the form sets every pupil at once. */
export async function loader({ request }: LoaderFunctionArgs) {
  const teacher = await requireTeacher(request);
  return classSettingsData(teacher, new URL(request.url));
}

/** The one form: the student service checks the class is the teacher's own, then writes every pupil or none. */
export async function action({ request }: ActionFunctionArgs) {
  const teacher = await requireTeacher(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "class-goal" || intent === "class-goal-remove")
    return changeClassGoal(request, teacherScope(teacher.teacherId), form, actorOfTeacher(teacher));
  if (intent === "rewards")
    return setClassRewards(request, teacherScope(teacher.teacherId), form, actorOfTeacher(teacher));
  if (intent !== "class-settings")
    return new Response("Unknown form.", { status: 400, headers: { "Cache-Control": "no-store" } });
  return setClassSettings(request, teacherScope(teacher.teacherId), form, actorOfTeacher(teacher));
}

/** The settings' names in the note that says the pupils differ. */
const SETTING_WORDS: Record<ClassSettingName, string> = {
  operations: "operations",
  timesTables: "times tables",
  difficulty: "difficulty",
  extraTime: "extra time",
  calm: "calm mode",
  extraGames: "more games",
};

/** 'a', 'a and b', 'a, b and c'. */
function listInWords(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export default function TeacherClassSettings() {
  const { classId, className, saved, differ, games, rewardsOff, goal, goalValues, today } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StudentReply | RewardsReply | ClassGoalReply | undefined;
  const lastResult = reply?.intent === "class-settings" ? reply.result : undefined;
  const [form, fields] = useForm({ id: "class-settings", lastResult });
  // What the pupils have saved, or what was just sent (docs/product.md#teachers).
  const { name: _name, ...values } = shownStudentValues(saved, lastResult);
  return (
    <TeacherPage title={`Class settings: ${className}`}>
      <p>
        <Link to={dashboardOf(classId)}>Back to the dashboard</Link>
      </p>
      <section className="card teacher-card" aria-labelledby="class-settings-heading">
        <h2 id="class-settings-heading">Settings for every student</h2>
        <p>
          Saving gives every student in {className} these settings at once. You can then change one student from their
          card on the dashboard.
        </p>
        {differ.length > 0 ? (
          <p data-testid="settings-differ">
            Not every student has the same {listInWords(differ.map((name) => SETTING_WORDS[name]))}. The form shows what
            most of them have.
          </p>
        ) : null}
        <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
        <Form
          id={form.id}
          method="post"
          action={`/teacher-dashboard/settings?class=${encodeURIComponent(classId)}`}
          noValidate
        >
          <input type="hidden" name="intent" value="class-settings" />
          <input type="hidden" name="classId" value={classId} />
          <StudentSettingsFields
            fields={fields}
            values={values}
            games={games}
            submit={(disabled) => (
              <div className="teacher-actions">
                <button type="submit" className="button button-primary" disabled={disabled}>
                  Save for the whole class
                </button>
                <Link to={dashboardOf(classId)} className="button button-secondary">
                  Cancel
                </Link>
              </div>
            )}
          />
        </Form>
      </section>
      <RewardsForm
        classId={classId}
        className={className}
        off={rewardsOff}
        lastResult={reply?.intent === "rewards" ? reply.result : undefined}
      />
      <ClassGoalForm
        classId={classId}
        className={className}
        view={goal}
        values={goalValues}
        today={today}
        rewardsOff={rewardsOff}
        lastResult={reply?.intent === "class-goal" ? reply.result : undefined}
      />
    </TeacherPage>
  );
}

/**
 * Stickers for the class (docs/product.md#sticker-book): on or off for every pupil, in the one form pattern. Off
 * hides the sticker book, badges and milestones from the class's pupils; their facts and progress stay.
 */
function RewardsForm({
  classId,
  className,
  off,
  lastResult,
}: {
  classId: string;
  className: string;
  off: boolean;
  lastResult: RewardsReply["result"] | undefined;
}) {
  const [form, fields] = useForm({ id: "rewards", lastResult });
  const field = fields.rewards!;
  const sent = lastResult?.initialValue?.rewards;
  const checked = typeof sent === "string" ? sent : off ? "off" : "on";
  return (
    <section className="card teacher-card" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading">Stickers</h2>
      <p>
        Pupils earn a sticker for each fact they know by heart on three different days, and badges for a whole table.
        Nothing is earned for time played or for a score. Calm classes may prefer none.
      </p>
      {off ? null : (
        <p>
          <Link to={`/teacher-dashboard/certificates?class=${encodeURIComponent(classId)}`}>
            This week&apos;s certificates
          </Link>
        </p>
      )}
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form
        id={form.id}
        method="post"
        action={`/teacher-dashboard/settings?class=${encodeURIComponent(classId)}`}
        noValidate
      >
        <input type="hidden" name="intent" value="rewards" />
        <input type="hidden" name="classId" value={classId} />
        <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
          <legend>Stickers for {className}</legend>
          {field.errors ? (
            <p id={field.errorId} className="field-error">
              {field.errors[0]}
            </p>
          ) : null}
          <label>
            <input id={field.id} type="radio" name="rewards" value="on" defaultChecked={checked === "on"} /> On
          </label>{" "}
          <label>
            <input type="radio" name="rewards" value="off" defaultChecked={checked === "off"} /> Off
          </label>
        </fieldset>
        <div className="teacher-actions">
          <button type="submit" className="button button-primary">
            Save stickers
          </button>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError actions={[{ to: "/teacher-dashboard", label: "Back to your dashboard" }]} />;
}
