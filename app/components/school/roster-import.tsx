import { Form, Link } from "@remix-run/react";
import { sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria } from "~/components/forms/field-error";
import { useForm } from "~/components/forms/use-form";
import { TableScroll } from "~/components/table-scroll";
import { STUDENT_OPERATIONS, studentDifficultyLabel } from "~/game";
import type { RosterResultView, RosterRowView, RosterTargetView } from "~/types/roster";
import { ROSTER_MAX_ROWS } from "~/utils/roster-messages";
import { OPERATION_LABELS } from "~/utils/teacher-messages";
import type { RosterReply } from "./roster-reply";

/*
 * The roster import's page, for a teacher's class and an admin's class or school (docs/product.md#roster-import):
 * the list (pasted, or a CSV file), then the preview of every row with `Import {n} pupils`, then the pupils added
 * with their codes and links to their login cards. Plain multipart POST forms through the one form pattern; the
 * server (app/school/roster-import.server.ts) reads and checks everything.
 */

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** A row's settings in words, as the class page shows them: "Addition, Subtraction · Tables 2, 5 · Normal". */
function settingsText(settings: NonNullable<RosterRowView["settings"]>): string {
  const operations = STUDENT_OPERATIONS.filter((op) => settings.allowedOperations.includes(op))
    .map((op) => OPERATION_LABELS[op].replace(/ \(.*\)$/, ""))
    .join(", ");
  const tables = settings.timesTables.length ? `Tables ${settings.timesTables.join(", ")}` : "All tables";
  return `${operations} · ${tables} · ${studentDifficultyLabel(settings.difficulty)}`;
}

export function RosterImport({
  target,
  page,
  cardsPage,
  backTo,
  reply,
  result,
}: {
  target: RosterTargetView;
  /** This page: the forms post here. */
  page: string;
  /** A class's login cards page, for the links after an import. */
  cardsPage: (classId: string) => string;
  backTo: { to: string; label: string };
  reply: RosterReply | undefined;
  result: RosterResultView | null;
}) {
  const back = (
    <p>
      <Link to={backTo.to}>{backTo.label}</Link>
    </p>
  );
  if (result) return <RosterResult result={result} page={page} cardsPage={cardsPage} back={back} />;
  const preview = reply?.kind === "preview" ? reply : undefined;
  return (
    <>
      {back}
      {preview ? <RosterPreview target={target} preview={preview} page={page} /> : null}
      <RosterForm
        target={target}
        page={page}
        lastResult={reply?.kind === "refused" ? reply.result : undefined}
        text={preview?.text}
        again={preview !== undefined}
      />
    </>
  );
}

function RosterForm({
  target,
  page,
  lastResult,
  text,
  again,
}: {
  target: RosterTargetView;
  page: string;
  lastResult: (RosterReply & { kind: "refused" })["result"] | undefined;
  text: string | undefined;
  again: boolean;
}) {
  const [form, fields] = useForm({ id: "roster", lastResult });
  const textField = fields.text!;
  const fileField = fields.file!;
  const school = target.kind === "school";
  return (
    <section className="card teacher-card" aria-labelledby="roster-form-heading">
      <h2 id="roster-form-heading">{again ? "Change the list" : "Your list of pupils"}</h2>
      {school ? (
        <p>
          Upload a CSV file whose first row names the columns: <code>name</code> and <code>class</code>, and if you like{" "}
          <code>operations</code>, <code>times tables</code> and <code>difficulty</code>. Each class must already exist
          in {target.schoolName}.
        </p>
      ) : (
        <p>
          Paste the names, one a line, or upload a CSV file. A CSV file&apos;s first row may name the columns:{" "}
          <code>name</code> (or <code>first name</code> and <code>surname</code>), and if you like{" "}
          <code>operations</code>, <code>times tables</code> and <code>difficulty</code>
          {target.ownClasses ? (
            <>
              , and <code>class</code>: a row for another of your classes goes into that class
            </>
          ) : null}
          .
        </p>
      )}
      <p className="field-hint">
        Operations are words such as <code>addition multiplication</code>. Times tables are numbers from 2 to 12, such
        as <code>2 5 10</code>. Difficulty is Normal, Medium or Hard. An empty cell means Addition, all tables and
        Normal. At most {ROSTER_MAX_ROWS.toLocaleString("en-GB")} pupils and 1 MB at a time.
      </p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action={page} encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="preview" />
        <div className="field">
          <label htmlFor={textField.id}>{school ? "Paste the CSV text" : "Names, one a line"}</label>
          <FieldError field={textField} />
          <textarea
            id={textField.id}
            name={textField.name}
            rows={10}
            autoComplete="off"
            spellCheck={false}
            defaultValue={text ?? sentValue(lastResult, "text") ?? ""}
            {...fieldAria(textField)}
          />
        </div>
        <div className="field">
          <label htmlFor={fileField.id}>Or a CSV file</label>
          <FieldError field={fileField} />
          <input
            id={fileField.id}
            name={fileField.name}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            {...fieldAria(fileField)}
          />
        </div>
        <button type="submit" className="button button-primary">
          Check the list
        </button>
      </Form>
    </section>
  );
}

function RosterPreview({
  target,
  preview,
  page,
}: {
  target: RosterTargetView;
  preview: RosterReply & { kind: "preview" };
  page: string;
}) {
  const refused = preview.rows.length - preview.toAdd;
  // A school's list, or a teacher's with a class column, shows each row's class.
  const school = target.kind === "school" || preview.rows.some((row) => row.className !== null);
  return (
    <section className="card teacher-card" aria-labelledby="roster-preview-heading">
      <h2 id="roster-preview-heading" tabIndex={-1}>
        Check the list
      </h2>
      <p className="lead" data-testid="roster-summary">
        {plural(preview.toAdd, "pupil", "pupils")} will be added.
        {refused > 0 ? ` ${plural(refused, "row is", "rows are")} left out: see why below.` : ""} Nothing is saved until
        you press Import.
      </p>
      {preview.problem ? (
        <div className="error-summary" role="alert">
          <p>{preview.problem}</p>
        </div>
      ) : null}
      <p className="field-hint">
        A name already in the class is left out, so that no two pupils in a class share a name. To add a second Amy,
        give her a name the class can tell apart, such as Amy B.
      </p>
      <TableScroll label="The list, row by row">
        <table className="teacher-table roster-table">
          <caption className="visually-hidden">Each row of the list and what will happen to it</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Name</th>
              {school ? <th scope="col">Class</th> : null}
              <th scope="col">Settings</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {preview.header ? (
              <tr className="roster-refused" data-testid="roster-header-row">
                <td>{preview.header.line}</td>
                <td>{preview.header.text}</td>
                {school ? <td /> : null}
                <td />
                <td>Names the columns, so it is not a pupil.</td>
              </tr>
            ) : null}
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.refused ? "roster-refused" : undefined}>
                <td>{row.line}</td>
                <td>{row.name}</td>
                {school ? <td>{row.className}</td> : null}
                <td>{row.settings ? settingsText(row.settings) : ""}</td>
                <td>
                  {row.refused ? `Left out: ${row.refused}` : "Will be added"}
                  {row.notes.map((note) => (
                    <span key={note} className="roster-note">
                      {" "}
                      {note}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {preview.toAdd > 0 ? (
        <Form method="post" action={page} encType="multipart/form-data" className="teacher-actions">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="text" value={preview.text} />
          <button type="submit" className="button button-primary">
            Import {plural(preview.toAdd, "pupil", "pupils")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function RosterResult({
  result,
  page,
  cardsPage,
  back,
}: {
  result: RosterResultView;
  page: string;
  cardsPage: (classId: string) => string;
  back: React.ReactNode;
}) {
  const total = result.classes.reduce((n, c) => n + c.pupils.length, 0);
  return (
    <>
      {back}
      <section className="card teacher-card" aria-labelledby="roster-result-heading">
        <h2 id="roster-result-heading">{plural(total, "pupil", "pupils")} added</h2>
        <p>Each pupil has a new login code. Print their login cards now and hand them out.</p>
        {result.classes.map((klass) => (
          <div key={klass.id}>
            <h3>{klass.name}</h3>
            <p>
              <Link to={cardsPage(klass.id)}>
                Print login cards<span className="visually-hidden"> for {klass.name}</span>
              </Link>
            </p>
            <TableScroll label={`Pupils added to ${klass.name}`}>
              <table className="teacher-table roster-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Login code</th>
                  </tr>
                </thead>
                <tbody>
                  {klass.pupils.map((pupil) => (
                    <tr key={pupil.id}>
                      <td>{pupil.name}</td>
                      <td>{pupil.loginCode}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </div>
        ))}
        <p>
          <Link to={page}>Import more pupils</Link>
        </p>
      </section>
    </>
  );
}
