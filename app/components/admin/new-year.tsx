import { Form, Link } from "@remix-run/react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ConfirmStep, confirmStepOf } from "~/components/forms/confirm-step";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupAria } from "~/components/forms/field-error";
import { useForm, type FormReply } from "~/components/forms/use-form";
import type { NewYearClassView, NewYearPageView, NewYearPreview } from "~/types/new-year";
import type { NewYearReply } from "./new-year-reply";
import { SelectField } from "./select-field";

/*
 * The new school year's page (docs/product.md#new-school-year): every class of the school with its new name, its
 * teacher and whether it moves up or leaves, and the pupils who leave; then the preview of all of it with
 * `Start the new year`; and the school's archived pupils, each with `Erase`. Plain POST forms through the one form
 * pattern: the server (app/school/new-year.server.ts) reads and checks everything, twice.
 */

const FORM_ID = "new-year";

const pupils = (n: number) => (n === 1 ? "1 pupil" : `${n} pupils`);
/** "1 pupil stays", "2 pupils stay". */
const staying = (n: number) => (n === 1 ? "1 pupil stays" : `${n} pupils stay`);

export function NewYearPage({
  page,
  erasing,
  reply,
}: {
  page: NewYearPageView;
  erasing: { id: string; name: string } | null;
  reply: NewYearReply | undefined;
}) {
  const here = `/admin/new-year?school=${encodeURIComponent(page.school.id)}`;
  // A stale reply is about a page that is gone: the form starts afresh from the school as it is now.
  const lastResult = reply && !(reply.kind === "refused" && reply.stale) ? reply.result : undefined;
  return (
    <section className="page admin-page" aria-labelledby="new-year-heading">
      <p>
        <Link to="/admin?tab=schools">Back to all schools and classes</Link>
      </p>
      <h1 id="new-year-heading">New school year: {page.school.name}</h1>
      {erasing ? (
        <ConfirmStep
          question={`Erase ${erasing.name}?`}
          consequence={`Everything about ${erasing.name} is erased now: their results, games and what they know. This cannot be undone.`}
          action={here}
          fields={{ intent: "erase-archived", studentId: erasing.id }}
          confirmLabel={`Erase ${erasing.name}`}
          cancelTo={here}
          destructive
        />
      ) : (
        <>
          {reply?.kind === "preview" ? <Preview preview={reply.preview} result={reply.result} here={here} /> : null}
          <YearForm
            page={page}
            here={here}
            lastResult={lastResult}
            problem={reply?.kind === "refused" && reply.stale ? reply.result.error?.[""]?.[0] : undefined}
          />
          <Archived page={page} here={here} />
        </>
      )}
    </section>
  );
}

function YearForm({
  page,
  here,
  lastResult,
  problem,
}: {
  page: NewYearPageView;
  here: string;
  lastResult: FormReply | undefined;
  problem: string | undefined;
}) {
  const [form, fields] = useForm({ id: FORM_ID, lastResult });
  return (
    <section className="card admin-card" aria-labelledby="new-year-form-heading">
      <h2 id="new-year-form-heading">Every class</h2>
      <p>
        Give each class its name and teacher for the new year. A class that moves up keeps its pupils, their codes and
        their results. A class that leaves is kept, empty: all its pupils are archived. Tick the pupils who leave a
        class that moves up.
      </p>
      <p className="field-hint">
        Archived pupils can no longer log in and are in no list. We keep their results for a year, then erase them.
        Nothing changes until you check the changes and press Start the new year.
      </p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} problem={problem} />
      {page.classes.length === 0 ? (
        <p>This school has no classes yet.</p>
      ) : (
        <Form id={form.id} method="post" action={here} noValidate>
          <input type="hidden" name="version" value={page.version} />
          {page.classes.map((klass) => (
            <ClassFields
              key={klass.id}
              klass={klass}
              teachers={page.teachers}
              fields={fields}
              lastResult={lastResult}
            />
          ))}
          <button type="submit" name="intent" value="preview" className="button button-primary">
            Check the changes
          </button>
        </Form>
      )}
    </section>
  );
}

function ClassFields({
  klass,
  teachers,
  fields,
  lastResult,
}: {
  klass: NewYearClassView;
  teachers: { id: string; name: string }[];
  fields: ReturnType<typeof useForm>[1];
  lastResult: FormReply | undefined;
}) {
  const name = fields[`name-${klass.id}`]!;
  const teacher = fields[`teacher-${klass.id}`]!;
  const fate = fields[`fate-${klass.id}`]!;
  const fateNow = sentValue(lastResult, fate.name) ?? "up";
  const ticked = klass.pupils.filter((p) => sentValue(lastResult, `leaves-${p.id}`) === "on").length;
  return (
    <fieldset className="admin-fieldset" data-testid="new-year-class">
      <legend>
        {klass.name}{" "}
        <span className="admin-muted">
          · {klass.teacherName} · {pupils(klass.pupils.length)}
        </span>
      </legend>
      <TextField
        field={name}
        label={`New name of ${klass.name}`}
        autoComplete="off"
        maxLength={60}
        defaultValue={sentValue(lastResult, name.name) ?? klass.name}
      />
      <SelectField
        field={teacher}
        label={`Teacher of ${klass.name}`}
        placeholder="Choose a teacher"
        options={teachers}
        defaultValue={sentValue(lastResult, teacher.name) ?? klass.teacherId}
      />
      <fieldset className="field" id={fate.id} {...groupAria(fate)}>
        <legend>What happens to {klass.name}</legend>
        <FieldError field={fate} />
        <label className="check">
          <input type="radio" name={fate.name} value="up" defaultChecked={fateNow === "up"} /> Moves up
        </label>
        <label className="check">
          <input type="radio" name={fate.name} value="leaves" defaultChecked={fateNow === "leaves"} /> Leaves: all its
          pupils are archived
        </label>
      </fieldset>
      {klass.pupils.length > 0 ? (
        <details open={ticked > 0}>
          <summary>
            Pupils who leave {klass.name}
            {ticked > 0 ? ` (${ticked} ticked)` : ""}
          </summary>
          <ul className="admin-list">
            {klass.pupils.map((p) => (
              <li key={p.id}>
                <label className="check">
                  <input
                    type="checkbox"
                    name={`leaves-${p.id}`}
                    defaultChecked={sentValue(lastResult, `leaves-${p.id}`) === "on"}
                  />{" "}
                  {p.name} leaves
                </label>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </fieldset>
  );
}

/** What will change, and the one button that does it: the previewed fields carried as they were read. */
function Preview({ preview, result, here }: { preview: NewYearPreview; result: FormReply; here: string }) {
  const carried = Object.entries(result.initialValue ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "intent",
  );
  return (
    <section className="card admin-card" aria-labelledby="new-year-preview-heading" data-testid="new-year-preview">
      <h2 id="new-year-preview-heading">What will change</h2>
      <p>
        {pupils(preview.archived)} will be archived. {staying(preview.staying)}, with their codes and results.
      </p>
      <ul className="admin-list">
        {preview.classes.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong>
            {c.newName !== c.name ? ` becomes ${c.newName}` : " keeps its name"}
            {c.newTeacherName !== c.teacherName
              ? `, with ${c.newTeacherName} as teacher (was ${c.teacherName})`
              : `, with ${c.teacherName}`}
            .{" "}
            {c.leaves
              ? `The class leaves: ${pupils(c.leavers.length)} archived.`
              : c.leavers.length > 0
                ? `Leaving: ${c.leavers.join(", ")}. ${staying(c.staying)}.`
                : c.staying === 0
                  ? "It has no pupils."
                  : `${staying(c.staying)}.`}
          </li>
        ))}
      </ul>
      <Form method="post" action={here}>
        {carried.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="start" className="button button-primary">
          Start the new year
        </button>
      </Form>
      <p className="field-hint">Or change the classes below and check the changes again.</p>
    </section>
  );
}

function Archived({ page, here }: { page: NewYearPageView; here: string }) {
  return (
    <section className="card admin-card" aria-labelledby="archived-heading">
      <h2 id="archived-heading">Archived pupils</h2>
      {page.archived.length === 0 ? (
        <p>No pupil of this school is archived.</p>
      ) : (
        <>
          <p>We erase an archived pupil a year after they were archived. You can erase one now.</p>
          <ul className="admin-list" data-testid="archived-pupils">
            {page.archived.map((p) => (
              <li key={p.id}>
                <span>
                  <strong>{p.name}</strong> <span className="admin-muted">· {p.className}</span> · Archived{" "}
                  {p.archivedOn}
                </span>{" "}
                <Link to={confirmStepOf(here, "erase", p.id)}>
                  Erase<span className="visually-hidden"> {p.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
