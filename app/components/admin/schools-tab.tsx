import { useForm } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { TextField, sentValue } from "~/components/auth/text-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import type { SchoolView } from "~/types/admin";
import type { AdminReply, Reply } from "./admin-reply";
import { LogoField, LogoForm, LogoImage } from "./logo-form";
import { SelectField } from "./select-field";

/*
 * The Schools & Classes tab (docs/product.md#admin): a new school, then every school with its logo and classes.
 * Each class links to its own page (`?tab=schools&class={id}`: ./class-page.tsx), where its students are managed.
 */

export function SchoolsTab({ schools, reply }: { schools: SchoolView[]; reply: AdminReply | undefined }) {
  return (
    <>
      {/* A new key after each school is added, so the form starts empty again (with JavaScript it stays mounted). */}
      <CreateSchoolForm
        key={`school-${schools.length}`}
        lastResult={reply?.intent === "create-school" ? reply.result : undefined}
      />
      <section aria-labelledby="schools-heading">
        <h2 id="schools-heading">Schools</h2>
        {schools.length === 0 ? <p>No schools yet. Create the first one above.</p> : null}
        {schools.map((school) => (
          <SchoolCard
            key={school.id}
            school={school}
            lastResult={reply?.intent === "create-class" && reply.target === school.id ? reply.result : undefined}
            logoResult={
              reply?.intent === "upload-logo" && reply.target === `school-${school.id}` ? reply.result : undefined
            }
          />
        ))}
      </section>
    </>
  );
}

function CreateSchoolForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useForm({ id: "create-school", lastResult });
  return (
    <section className="card admin-card" aria-labelledby="create-school-heading">
      <h2 id="create-school-heading">Create a school</h2>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/admin?tab=schools" noValidate>
        <input type="hidden" name="intent" value="create-school" />
        <TextField
          field={fields.name!}
          label="School name"
          autoComplete="off"
          maxLength={100}
          defaultValue={sentValue(lastResult, "name")}
        />
        <button type="submit" className="button button-primary">
          Create School
        </button>
      </Form>
    </section>
  );
}

function SchoolCard({ school, lastResult, logoResult }: { school: SchoolView; lastResult: Reply; logoResult: Reply }) {
  const headingId = `school-${school.id}-heading`;
  return (
    <section className="card admin-card" aria-labelledby={headingId} data-testid="school">
      <h3 id={headingId}>{school.name}</h3>
      <p>
        <Link to={`/admin/export?school=${encodeURIComponent(school.id)}`}>
          Export data and erasures<span className="visually-hidden"> of {school.name}</span>
        </Link>
      </p>
      <h4>Logo</h4>
      <LogoForm
        key={school.logoUrl ?? "none"}
        owner="school"
        ownerId={school.id}
        name={school.name}
        logoUrl={school.logoUrl}
        action="/admin?tab=schools"
        lastResult={logoResult}
      />
      <h4>Classes</h4>
      {school.classes.length === 0 ? (
        <p>No classes yet.</p>
      ) : (
        <ul className="admin-list admin-classes">
          {school.classes.map((c) => (
            <li key={c.id} data-testid="class">
              {c.logoUrl ? <LogoImage url={c.logoUrl} name={c.name} small /> : null}
              <span>
                <strong>{c.name}</strong> <span className="admin-muted">· Teacher: {c.teacherName}</span>{" "}
                <Link to={`/admin?tab=schools&class=${encodeURIComponent(c.id)}`}>
                  Students and logo<span className="visually-hidden"> of {c.name}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {school.classes.length > 0 ? (
        <p>
          <Link to={`/admin/import?school=${encodeURIComponent(school.id)}`}>
            Import pupils<span className="visually-hidden"> into {school.name}</span>
          </Link>
        </p>
      ) : null}
      {school.classes.length > 1 ? (
        <p>
          <Link to={`/admin/competitions?school=${encodeURIComponent(school.id)}`}>
            Class competitions<span className="visually-hidden"> of {school.name}</span>
          </Link>
        </p>
      ) : null}
      {school.classes.length > 0 ? (
        <p>
          <Link to={`/admin/new-year?school=${encodeURIComponent(school.id)}`}>
            New school year<span className="visually-hidden"> of {school.name}</span>
          </Link>
        </p>
      ) : null}
      {school.teachers.length === 0 ? (
        <p className="notice">
          A class needs a teacher: <Link to="/admin?tab=teachers">add a teacher to this school</Link> first.
        </p>
      ) : (
        <CreateClassForm key={`class-${school.classes.length}`} school={school} lastResult={lastResult} />
      )}
    </section>
  );
}

function CreateClassForm({ school, lastResult }: { school: SchoolView; lastResult: Reply }) {
  const [form, fields] = useForm({ id: `create-class-${school.id}`, lastResult });
  return (
    <div className="admin-subform">
      <h4 id={`${form.id}-heading`}>Add a class</h4>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" action="/admin?tab=schools" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="create-class" />
        <input type="hidden" name="schoolId" value={school.id} />
        <TextField
          field={fields.name!}
          label="Class name"
          autoComplete="off"
          maxLength={60}
          defaultValue={sentValue(lastResult, "name")}
        />
        <SelectField
          field={fields.teacherId!}
          label="Teacher"
          placeholder="Choose a teacher"
          options={school.teachers}
          defaultValue={sentValue(lastResult, "teacherId")}
        />
        <LogoField field={fields.logo!} label="Class logo (optional)" />
        <button type="submit" className="button button-primary">
          Create Class
        </button>
      </Form>
    </div>
  );
}
