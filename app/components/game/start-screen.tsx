import type { FormEvent, ReactNode } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, groupDescribedBy } from "~/components/forms/field-error";
import type { FormField, FormMeta, SubmissionResult } from "~/components/forms/use-form";
import { useFocusWhenShown } from "~/components/use-focus-when-shown";
import { START_FORM_MARK } from "~/utils/start-form-mark";

/*
 * What every start screen is built from (docs/decisions/0080-game-page-skeleton-and-weight.md): the screen with its
 * heading, error summary and form; a group of choice cards (real radio buttons or checkboxes, the chosen card marked
 * by CSS `:checked`, so it works without JavaScript); and the start button that says, with JavaScript, to play in
 * the page. The solo game's own groups (difficulty, operations, time limit) are in ./start-choices.tsx, so a page
 * whose start has none of them does not load them.
 */

/** One card: its value, and what it shows (a big symbol, a label, a hint; words only a screen reader hears). */
export type Choice = {
  value: string | number;
  label?: string;
  /** Big beside the label; `said`: it is the choice's name (a table's number), not a picture of it (a sign). */
  symbol?: string | number;
  said?: boolean;
  /** Heard after the symbol, not shown (` times table`). */
  heard?: string;
  hint?: string;
  /** The card's own class (`op-add`). */
  className?: string;
};

/** A group of choice cards: radio buttons (one) or checkboxes (some), its message beside it. */
export function ChoiceCards({
  field,
  legend,
  type,
  choices,
  checked,
  wide,
  listClass,
  children,
}: {
  field: FormField;
  legend: string;
  type: "radio" | "checkbox";
  choices: readonly Choice[];
  /** Whether a card starts chosen (by its value). */
  checked: (value: Choice["value"]) => boolean;
  /** Wide cards (a label with a hint), else compact ones. */
  wide?: boolean;
  listClass?: string;
  /** After the cards (a link that ticks them all). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="choice-group" aria-describedby={groupDescribedBy(field)}>
      <legend>{legend}</legend>
      <FieldError field={field} />
      <div className={listClass ? `choices ${listClass}` : "choices"}>
        {choices.map((choice, i) => (
          <label
            key={choice.value}
            className={`choice choice-card ${wide ? "choice-wide" : "choice-compact"}${choice.className ? ` ${choice.className}` : ""}`}
          >
            <input
              type={type}
              className="choice-input"
              // The summary links to the group's first choice.
              id={i === 0 ? field.id : `${field.id}-${choice.value}`}
              name={field.name}
              value={choice.value}
              defaultChecked={checked(choice.value)}
            />
            <span className="choice-face">
              {/* The tick a chosen card shows (drawn by CSS: it is no text, so it changes no choice's name). */}
              <span className="choice-check" aria-hidden="true" />
              {choice.symbol === undefined ? null : (
                <span className="choice-symbol" aria-hidden={choice.said ? undefined : "true"}>
                  {choice.symbol}
                </span>
              )}
              {choice.heard ? <span className="visually-hidden">{choice.heard}</span> : null}
              {choice.label ? <span className="choice-label">{choice.label}</span> : null}
              {choice.hint ? <span className="choice-hint">{choice.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/**
 * A start screen: its heading (focused when shown), lead, the error summary of the server's reply, and its form
 * (the start mark first), the choices and buttons inside; `after` below the form.
 */
export function StartScreen({
  form,
  heading,
  lead,
  action,
  method = "post",
  lastResult,
  problem,
  onSubmit,
  children,
  after,
}: {
  form: FormMeta;
  heading: string;
  lead: string;
  action: string;
  method?: "get" | "post";
  lastResult?: SubmissionResult<string[]>;
  /** Why the game could not start when the server gave no reply (the connection). */
  problem?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const focused = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <section className="start-dialog page page-narrow" aria-labelledby={`${form.id}-heading`}>
      <h1 id={`${form.id}-heading`} ref={focused} tabIndex={-1}>
        {heading}
      </h1>
      <p className="lead">{lead}</p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} problem={problem} />
      <form id={form.id} method={method} action={action} onSubmit={onSubmit} noValidate>
        <input type="hidden" name={START_FORM_MARK.name} value={START_FORM_MARK.value} />
        {children}
      </form>
      {after}
    </section>
  );
}

/**
 * A start button: without JavaScript the run plays page by page (`go=paged`); with it the click says so (`island`)
 * and the run plays in the page (app/pages/game-page.server.ts).
 */
export function StartButton({ label }: { label: string }) {
  return (
    <button
      type="submit"
      name="go"
      value="paged"
      className="button button-primary button-large"
      onClick={(event) => (event.currentTarget.value = "island")}
    >
      {label}
    </button>
  );
}
