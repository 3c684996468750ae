import { Form, Link } from "@remix-run/react";
import { DIGEST_MESSAGES as M } from "~/utils/digest-messages";

/*
 * The page a weekly digest mail's link opens (docs/product.md#weekly-digest), to start the digest or to stop it:
 * one button until it is pressed (mail scanners follow links, so the GET writes nothing), then what was done.
 */
export function DigestLinkPage({
  id,
  title,
  lead,
  button,
  done,
}: {
  id: string;
  title: string;
  lead: string;
  button: string;
  /** What the POST did, once it has been pressed. */
  done: string | null;
}) {
  return (
    <section className="page page-narrow" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {done ? (
        <>
          <p className="lead" role="status" data-testid="digest-done">
            {done}
          </p>
          <Link to="/teacher-dashboard" className="button button-primary">
            {M.toDashboard}
          </Link>
        </>
      ) : (
        <>
          <p className="lead">{lead}</p>
          <Form method="post">
            <button type="submit" className="button button-primary button-large">
              {button}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
