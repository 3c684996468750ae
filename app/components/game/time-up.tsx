/**
 * A page by page game whose time ran out, or whose questions are all answered: how many were answered, and the
 * button that sends them to be checked and saved (docs/product.md#server-driven-game-without-javascript).
 */
export function TimeUp({
  heading,
  view,
  button,
  className = "page page-narrow",
}: {
  heading: string;
  view: { answered: number; token: string; sealed: string };
  button: string;
  className?: string;
}) {
  return (
    <section className={className} aria-labelledby="time-up-heading">
      <h1 id="time-up-heading">{heading}</h1>
      <p className="lead">You answered {view.answered === 1 ? "1 question" : `${view.answered} questions`}.</p>
      <form method="post">
        <input type="hidden" name="token" value={view.token} />
        <input type="hidden" name="answers" value={view.sealed} />
        <button type="submit" name="intent" value="finish" className="button button-primary button-large">
          {button}
        </button>
      </form>
    </section>
  );
}
