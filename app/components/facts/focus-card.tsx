import { PlainLink } from "~/components/plain-link";
import { FOCUS_WORK, type ClassFocus } from "~/facts/focus";

/* The class's focus on its facts page (docs/product.md#heat-maps): what to teach next, and who needs it. */

/** The set work form's fields for the focus, filled in by the server (app/school/class-facts.server.ts). */
export type FocusWork = { action: string; fields: [string, string][] };

/** 'a', 'a and b', 'a, b and c'. */
function inWords(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * Rendered inside the kept overview markup, so a plain form, not Remix's: one click posts the set work page's own
 * form, which checks it as if typed, with JavaScript on or off.
 */
export function FocusCard({
  focus,
  work,
  hrefOf,
}: {
  focus: ClassFocus | null;
  work: FocusWork | null;
  hrefOf: (id: string) => string;
}) {
  return (
    <section className="card fact-card" aria-labelledby="focus-heading">
      <h2 id="focus-heading">Focus for the class</h2>
      {focus ? (
        <>
          <p>
            <strong>{focus.words.charAt(0).toUpperCase() + focus.words.slice(1)}</strong>: {focus.pupils.length}{" "}
            {focus.pupils.length === 1 ? "pupil keeps" : "pupils keep"} missing facts of it, most often{" "}
            {inWords(focus.facts)}.
          </p>
          <p>
            Who needs it:{" "}
            {focus.pupils.map((pupil, i) => (
              <span key={pupil.id}>
                {i > 0 ? ", " : null}
                <PlainLink to={hrefOf(pupil.id)}>{pupil.name}</PlainLink>
              </span>
            ))}
          </p>
          {work ? (
            <form method="post" action={work.action} className="fact-focus-form">
              {work.fields.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button button-primary">
                Set it as work
              </button>{" "}
              <span>
                {FOCUS_WORK.games} games of Practise my facts within {FOCUS_WORK.days} days, with a note naming the
                focus.
              </span>
            </form>
          ) : null}
        </>
      ) : (
        <p>No focus yet: nobody keeps missing a fact.</p>
      )}
    </section>
  );
}
