import { Form, Link } from "@remix-run/react";
import { sentValue } from "~/components/auth/text-field";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, groupAria, type FieldState } from "~/components/forms/field-error";
import { useForm } from "~/components/forms/use-form";
import { GAME_KIND_LABELS, GAME_KINDS, NOTE_MAX, TARGET_KINDS, DUE_DAYS_MAX } from "~/school-rules/set-work";
import type { ClassWorkView } from "~/types/set-work";
import { SET_WORK_MESSAGES as M } from "~/utils/set-work-messages";
import type { WorkReply } from "./set-work-reply";
import { addDays } from "~/school-rules/uk-days";

/*
 * The set work page's parts (docs/product.md#set-work): the class's work with how many have done it, the form to set
 * or change a piece, the confirmation step to remove one, and the class overview's lists of who has done it.
 */

export const workPageOf = (classId: string) => `/teacher-dashboard/work?class=${encodeURIComponent(classId)}`;

function Names({ label, names, testId }: { label: string; names: string[]; testId: string }) {
  return (
    <div className="work-who" data-testid={testId}>
      <h4>
        {label} ({names.length})
      </h4>
      <p>{names.length > 0 ? names.join(", ") : M.nobody}</p>
    </div>
  );
}

/** One piece of work: what it asks, its note, and who has done it, started it or not (names and counts). */
function WorkSummary({ work, names }: { work: ClassWorkView; names: boolean }) {
  return (
    <>
      <h3 className="work-heading">
        {work.words}
        {work.open ? null : <span className="work-ended"> ({M.ended})</span>}
      </h3>
      <p className="field-hint">{M.setOn(work.setOn)}</p>
      {work.note ? <p className="work-note">{work.note}</p> : null}
      {names ? (
        <div className="work-whos">
          <Names label={M.done} names={work.done} testId="work-done" />
          <Names label={M.started} names={work.started} testId="work-started" />
          <Names label={M.notStarted} names={work.notStarted} testId="work-not-started" />
        </div>
      ) : (
        <p>{M.counts(work.done.length, work.started.length, work.notStarted.length)}</p>
      )}
    </>
  );
}

/** One piece of work on the teacher's page, with `Change` and `Remove`. */
function WorkItem({ page, work: w }: { page: string; work: ClassWorkView }) {
  return (
    <li id={`work-${w.id}`} className="work-item" data-testid="class-work">
      <WorkSummary work={w} names={false} />
      <p className="teacher-actions">
        <Link to={`${confirmStepOf(page, "change", w.id)}#work-form`} className="button button-secondary">
          {M.change}
          <span className="visually-hidden">: {w.target}</span>
        </Link>
        <Link to={confirmStepOf(page, "remove", w.id)} className="button button-secondary">
          {M.remove}
          <span className="visually-hidden">: {w.target}</span>
        </Link>
      </p>
    </li>
  );
}

/**
 * The class's work: open work under `Work set`, and work past its date apart under `Ended` until housekeeping erases
 * it (docs/product.md#set-work).
 */
export function ClassWorkList({ classId, work }: { classId: string; work: ClassWorkView[] }) {
  const page = workPageOf(classId);
  const open = work.filter((w) => w.open);
  const ended = work.filter((w) => !w.open);
  return (
    <>
      <section className="card teacher-card" aria-labelledby="work-list-heading">
        <h2 id="work-list-heading">{M.listHeading}</h2>
        {open.length > 0 ? (
          <ul className="work-items">
            {open.map((w) => (
              <WorkItem key={w.id} page={page} work={w} />
            ))}
          </ul>
        ) : (
          <p>{ended.length > 0 ? M.noneOpen : M.none}</p>
        )}
      </section>
      {ended.length > 0 ? (
        <section className="card teacher-card" aria-labelledby="work-ended-heading" data-testid="ended-work">
          <h2 id="work-ended-heading">{M.endedHeading}</h2>
          <p>{M.endedKept}</p>
          <ul className="work-items">
            {ended.map((w) => (
              <WorkItem key={w.id} page={page} work={w} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The class overview's part: each piece of work with who has done it, started it or not. */
export function ClassWorkWho({ work }: { work: ClassWorkView[] }) {
  return (
    <section className="card teacher-card" aria-labelledby="overview-work-heading" data-testid="overview-work">
      <h2 id="overview-work-heading">{M.overviewHeading}</h2>
      {work.length === 0 ? (
        <p>{M.overviewNone}</p>
      ) : (
        <ul className="work-items">
          {work.map((w) => (
            <li key={w.id} className="work-item">
              <WorkSummary work={w} names />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RemoveWorkStep({ classId, work }: { classId: string; work: { id: string; words: string } }) {
  return (
    <ConfirmStep
      question={M.removeQuestion}
      consequence={M.removeWhat(work.words)}
      action={workPageOf(classId)}
      fields={{ intent: "remove-work", workId: work.id }}
      confirmLabel={M.removeConfirm}
      cancelTo={`${workPageOf(classId)}#work-${work.id}`}
      destructive
    />
  );
}

export type WorkValues = { targetKind: string; target: string; gameKind: string; due: string; note: string };

type Fields = Record<keyof WorkValues, FieldState & { name: string }>;

/** The form to set a new piece of work, or (with `changing`) to change one. */
export function WorkForm({
  classId,
  today,
  changing,
  reply,
}: {
  classId: string;
  today: string;
  changing: { id: string; targetKind: string; target: number; gameKind: string; dueDay: string; note: string } | null;
  reply: WorkReply | undefined;
}) {
  const intent = changing ? "change-work" : "set-work";
  const lastResult = reply?.intent === intent ? reply.result : undefined;
  const [form, fields] = useForm({ id: changing ? `change-work-${changing.id}` : "set-work", lastResult });
  const { targetKind, target, gameKind, due, note } = fields as unknown as Fields;
  const saved: WorkValues = changing
    ? {
        targetKind: changing.targetKind,
        target: String(changing.target),
        gameKind: changing.gameKind,
        due: changing.dueDay,
        note: changing.note,
      }
    : { targetKind: "games", target: "", gameKind: "any", due: "", note: "" };
  const shown = (name: keyof WorkValues) => (lastResult ? (sentValue(lastResult, name) ?? "") : saved[name]);
  const page = workPageOf(classId);
  return (
    <section className="card teacher-card" aria-labelledby="work-form-heading" id="work-form">
      <h2 id="work-form-heading">{changing ? M.changeHeading : M.newHeading}</h2>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={page} noValidate key={form.id + (lastResult ? "r" : "")}>
        <input type="hidden" name="intent" value={intent} />
        {changing ? <input type="hidden" name="workId" value={changing.id} /> : null}
        <fieldset className="choice-group" {...groupAria(targetKind)}>
          <legend>{M.targetKind}</legend>
          <FieldError field={targetKind} />
          <div className="choices">
            {TARGET_KINDS.map((kind, i) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  id={i === 0 ? targetKind.id : `${targetKind.id}-${kind}`}
                  name={targetKind.name}
                  value={kind}
                  defaultChecked={shown("targetKind") === kind}
                />
                <span className="choice-label">{kind === "games" ? M.targetGames : M.targetMinutes}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={target.id}>{M.target}</label>
          <p id={`${target.id}-hint`} className="field-hint">
            {M.targetHint}
          </p>
          <FieldError field={target} />
          <input
            id={target.id}
            name={target.name}
            inputMode="numeric"
            autoComplete="off"
            className="input-short"
            defaultValue={shown("target")}
            aria-invalid={fieldAria(target)["aria-invalid"]}
            aria-describedby={[`${target.id}-hint`, fieldAria(target)["aria-describedby"]].filter(Boolean).join(" ")}
          />
        </div>
        <fieldset className="choice-group" {...groupAria(gameKind)}>
          <legend>{M.gameKind}</legend>
          <FieldError field={gameKind} />
          <div className="choices">
            {GAME_KINDS.map((kind, i) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  id={i === 0 ? gameKind.id : `${gameKind.id}-${kind}`}
                  name={gameKind.name}
                  value={kind}
                  defaultChecked={shown("gameKind") === kind}
                />
                <span className="choice-label">{GAME_KIND_LABELS[kind]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={due.id}>{M.due}</label>
          <p id={`${due.id}-hint`} className="field-hint">
            {M.dueHint}
          </p>
          <FieldError field={due} />
          <input
            id={due.id}
            name={due.name}
            type="date"
            min={today}
            max={addDays(today, DUE_DAYS_MAX)}
            defaultValue={shown("due")}
            aria-invalid={fieldAria(due)["aria-invalid"]}
            aria-describedby={[`${due.id}-hint`, fieldAria(due)["aria-describedby"]].filter(Boolean).join(" ")}
          />
        </div>
        <div className="field">
          <label htmlFor={note.id}>{M.note}</label>
          <p id={`${note.id}-hint`} className="field-hint">
            {M.noteHint}
          </p>
          <FieldError field={note} />
          <textarea
            id={note.id}
            name={note.name}
            rows={3}
            maxLength={NOTE_MAX}
            defaultValue={shown("note")}
            aria-invalid={fieldAria(note)["aria-invalid"]}
            aria-describedby={[`${note.id}-hint`, fieldAria(note)["aria-describedby"]].filter(Boolean).join(" ")}
          />
        </div>
        <div className="teacher-actions">
          <button type="submit" className="button button-primary">
            {changing ? M.saveButton : M.setButton}
          </button>
          {changing ? (
            <Link to={`${page}#work-${changing.id}`} className="button button-secondary">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
