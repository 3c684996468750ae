import { Link } from "@remix-run/react";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { PARENT_LINK_MESSAGES as M } from "~/utils/parent-messages";
import { PARENT_LINK_STEP, STOP_PARENT_LINK_STEP } from "~/utils/school-pages";

/*
 * Parent links on the teacher dashboard (docs/product.md#parents): on each pupil's card the link's dates and its
 * actions, each a link to its confirmation step (docs/product.md#confirmation-steps); and those steps.
 */

const lettersOf = (classId: string, studentId?: string) =>
  `/teacher-dashboard/parent-letters?class=${encodeURIComponent(classId)}${
    studentId === undefined ? "" : `&student=${encodeURIComponent(studentId)}`
  }`;

/** The part of a pupil's card about their parent link. */
export function ParentLinkPart({
  student,
  dashboard,
  classId,
}: {
  student: { id: string; name: string; parentLink: { given: string; until: string } | null };
  dashboard: string;
  classId: string;
}) {
  const link = student.parentLink;
  const forName = <span className="visually-hidden"> for {student.name}</span>;
  return (
    <div className="parent-link-part" data-testid="parent-link">
      <p className="field-hint">{link ? M.live(link.given, link.until) : M.none}</p>
      <div className="teacher-actions">
        <Link to={confirmStepOf(dashboard, PARENT_LINK_STEP, student.id)} className="button button-secondary">
          {M.give}
          {forName}
        </Link>
        {link ? (
          <>
            <Link to={lettersOf(classId, student.id)} className="button button-secondary">
              {M.letter}
              {forName}
            </Link>
            <Link to={confirmStepOf(dashboard, STOP_PARENT_LINK_STEP, student.id)} className="button button-danger">
              {M.stop}
              {forName}
            </Link>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The confirmation of a pupil's new link, or of stopping theirs. */
export function ParentLinkConfirm({
  step,
  student,
  dashboard,
  until,
}: {
  step: "give" | "stop";
  student: { id: string; name: string };
  dashboard: string;
  until: string;
}) {
  const cancelTo = `${dashboard}#student-${student.id}`;
  if (step === "stop")
    return (
      <ConfirmStep
        question={M.stopQuestion(student.name)}
        consequence={M.stopWhat}
        action={dashboard}
        fields={{ intent: "stop-parent-link", studentId: student.id }}
        confirmLabel={M.stopConfirm}
        cancelTo={cancelTo}
        destructive
      />
    );
  return (
    <ConfirmStep
      question={M.giveQuestion(student.name)}
      consequence={M.giveWhat(student.name, until)}
      action={dashboard}
      fields={{ intent: "give-parent-link", studentId: student.id }}
      confirmLabel={M.giveConfirm}
      cancelTo={cancelTo}
    />
  );
}

/** The confirmation of giving every pupil of the class a new link. */
export function ClassParentLinksConfirm({
  klass,
  dashboard,
  until,
}: {
  klass: { id: string; name: string };
  dashboard: string;
  until: string;
}) {
  return (
    <ConfirmStep
      question={M.classQuestion(klass.name)}
      consequence={M.classWhat(until)}
      action={dashboard}
      fields={{ intent: "give-class-parent-links", classId: klass.id }}
      confirmLabel={M.classConfirm}
      cancelTo={dashboard}
    />
  );
}
