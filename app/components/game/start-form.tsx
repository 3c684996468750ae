import type { FormEvent, ReactNode } from "react";

/**
 * A game's start that works without JavaScript: a GET form to the page by page game (which makes the run on the
 * server), taken over with JavaScript by `onStart`, the game then running in the page
 * (docs/decisions/0004-server-driven-game.md). A refused start's message stands above it; `children` are the links
 * beside the button.
 */
export function StartForm({
  action,
  fields,
  button,
  primary = true,
  onStart,
  busy,
  error,
  children,
}: {
  action: string;
  /** Hidden fields the start sends (the day's challenge: `mode=daily`). */
  fields?: Readonly<Record<string, string>>;
  button: string;
  /** The start button's colour: the primary one, else the accent (the day's challenge). */
  primary?: boolean;
  onStart?: () => void;
  busy?: boolean;
  error?: string;
  children?: ReactNode;
}) {
  function handleSubmit(event: FormEvent) {
    if (!onStart) return;
    event.preventDefault();
    onStart();
  }
  return (
    <>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="get" action={action} onSubmit={handleSubmit}>
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="button-row">
          <button
            type="submit"
            className={`button ${primary ? "button-primary" : "button-accent"} button-large`}
            disabled={busy}
          >
            {busy ? "Starting…" : button}
          </button>
          {children}
        </div>
      </form>
    </>
  );
}
