import { ReadFailed } from "~/components/read-failed";
import type { Read } from "~/types/read";

/*
 * A school's data rights on the admin panel (docs/product.md#data-rights): the export's choice, a plain POST form
 * (the browser downloads the file and stays on the page, with or without JavaScript), and the erasure records.
 */

export type ErasureView = { id: number; when: string; className: string; by: string };

export function DataRightsPage({
  school,
  erasures,
}: {
  school: { id: string; name: string };
  erasures: Read<ErasureView[]>;
}) {
  return (
    <>
      <section className="card admin-card" aria-labelledby="export-choice-heading">
        <h2 id="export-choice-heading">Download everything</h2>
        <p>
          Everything we keep about this school: its teachers, classes and pupils, every result and game, and what each
          pupil knows of each fact. Login codes are left out: a code is a password.
        </p>
        {/* A plain form, not Remix's: the answer is a file to save, not a page. */}
        <form method="post" action="/admin/export/file" className="admin-actions">
          <input type="hidden" name="school" value={school.id} />
          <button type="submit" name="format" value="zip" className="button button-primary">
            Download a zip of CSV files
          </button>
          <button type="submit" name="format" value="json" className="button button-secondary">
            Download one JSON file
          </button>
        </form>
      </section>
      <section className="card admin-card" aria-labelledby="erasures-heading">
        <h2 id="erasures-heading">Pupils erased</h2>
        <p>
          A pupil is erased from their class&apos;s page. We keep a note that it was done, for a year, but never their
          name.
        </p>
        {!erasures.ok ? (
          <ReadFailed message="Failed to fetch the erasures" />
        ) : erasures.value.length === 0 ? (
          <p>No pupil of this school has been erased.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="erasures">
              <caption className="visually-hidden">Pupils erased, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When (UK time)</th>
                  <th scope="col">Class</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {erasures.value.map((e) => (
                  <tr key={e.id}>
                    <td>{e.when}</td>
                    <td>{e.className}</td>
                    <td>{e.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
