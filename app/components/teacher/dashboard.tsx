import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { confirmStepOf } from "~/components/forms/confirm-step";
import type { TeacherClassView } from "~/types/teacher";
import { PARENT_LINK_MESSAGES as P } from "~/utils/parent-messages";
import { CLASS_PARENT_LINKS_STEP } from "~/utils/school-pages";
import { SET_WORK_MESSAGES as W } from "~/utils/set-work-messages";
import { TEACHER_MESSAGES as M } from "~/utils/teacher-messages";

/* The frame of the teacher's pages and the dashboard's class parts (docs/product.md#teachers). */

export const dashboardOf = (classId: string) => `/teacher-dashboard?class=${encodeURIComponent(classId)}`;

/** The welcome header: the page's heading, the teacher and their school, and Logout (a POST). */
export function TeacherPage({
  title,
  teacher,
  digestLink = true,
  children,
}: {
  title: string;
  /** `signInAddress: false` (the dashboard's): the line asking for an address for sign-in links. */
  teacher?: { name: string; schoolName: string; signInAddress?: boolean };
  /** With `teacher`: the link to the teacher's weekly e-mail (docs/product.md#weekly-digest), but on its own page. */
  digestLink?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="page teacher-page" aria-labelledby="teacher-heading">
      <div className="teacher-top">
        <div>
          <h1 id="teacher-heading">{title}</h1>
          {teacher ? (
            <p className="teacher-who" data-testid="teacher-who">
              {teacher.name} · {teacher.schoolName}
            </p>
          ) : null}
          {teacher && digestLink ? (
            <p className="teacher-who">
              <Link to="/teacher-dashboard/digest">Weekly e-mail about your classes</Link>
            </p>
          ) : null}
          {teacher?.signInAddress === false ? (
            <p className="teacher-who" data-testid="sign-in-address-nudge">
              {M.signInNudge} <Link to="/teacher-dashboard/digest">{M.signInNudgeLink}</Link>
            </p>
          ) : null}
        </div>
        <Form method="post" action="/teacher-logout" className="teacher-logout">
          <button type="submit" className="button button-secondary">
            Logout
          </button>
        </Form>
      </div>
      {children}
    </section>
  );
}

/** Choosing the class: a GET form, so it works without JavaScript; one class needs no choice. */
export function ClassSelector({ classes, selected }: { classes: TeacherClassView[]; selected: TeacherClassView }) {
  if (classes.length === 1) return <p className="teacher-class-name">Class: {selected.name}</p>;
  return (
    <Form method="get" action="/teacher-dashboard" className="class-selector">
      <div className="field">
        <label htmlFor="class-select">Class</label>
        <select id="class-select" name="class" defaultValue={selected.id} key={selected.id}>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        Show class
      </button>
    </Form>
  );
}

/** The class's other pages: the overview, the printable login cards, the results download. */
export function ClassLinks({ classId }: { classId: string }) {
  const query = `?class=${encodeURIComponent(classId)}`;
  return (
    <ul className="class-links">
      <li>
        <Link to={`/teacher-dashboard/overview${query}`}>Class overview</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/work${query}`}>{W.link}</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/facts${query}`}>Class facts</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/settings${query}`}>Class settings</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/mtc${query}`}>Times tables check</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/cards${query}`}>Print login cards</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/parent-letters${query}`}>{P.classLetters}</Link>
      </li>
      <li>
        <Link to={confirmStepOf(`/teacher-dashboard${query}`, CLASS_PARENT_LINKS_STEP, classId)}>{P.classGive}</Link>
      </li>
      <li>
        <Link to={`/teacher-dashboard/import${query}`}>Import pupils</Link>
      </li>
      <li>
        {/* The school's, not one class's (docs/product.md#class-competition). */}
        <Link to="/teacher-dashboard/competitions">Class competitions</Link>
      </li>
      <li>
        {/* A game on the classroom's big screen, every pupil on their own device (docs/product.md#live-game). */}
        <Link to={`/live/host${query}`}>Host a live game</Link>
      </li>
      <li>
        {/* A download, not a page: a plain link, never a client-side navigation. */}
        <a href={`/teacher-dashboard/export${query}`} download>
          Download results (CSV)
        </a>
      </li>
    </ul>
  );
}

/** The confirmation page of a delete without JavaScript: the brief's question, Delete or Cancel. */
export function DeleteConfirmation({ student, classId }: { student: { id: string; name: string }; classId: string }) {
  return (
    <section className="card teacher-card" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete a student</h2>
      <p className="lead">{M.deleteQuestion(student.name)}</p>
      <Form method="post" action={dashboardOf(classId)} className="teacher-actions">
        <input type="hidden" name="intent" value="delete-student" />
        <input type="hidden" name="studentId" value={student.id} />
        <button type="submit" className="button button-danger">
          Delete
        </button>
        <Link to={`${dashboardOf(classId)}#student-${student.id}`} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
