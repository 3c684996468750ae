import { useForm, type SubmissionResult } from "~/components/forms/use-form";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, groupAria } from "~/components/forms/field-error";
import { MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS } from "~/game";
import { DEFAULT_MATCH, MATCH_DIFFICULTIES, MAX_NAME_LENGTH, nameField } from "~/utils/match-settings";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function validCount(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= MIN_PLAYERS && n <= MAX_PLAYERS ? n : null;
}

/**
 * The match setup: a plain form posted to the page's action, which checks it
 * (app/forms/match-setup.server.ts) with JavaScript on or off and replies with the errors (`lastResult`,
 * input kept) or the settings.
 *
 * The Players select sits first, in a GET form of its own. Until the page comes alive (without JavaScript, or in a
 * browser too old to run it) that form has a button: it reloads the page with `?players=N` (`players`), which shows
 * exactly that many name fields, and the setup sends that count in a hidden field. Once alive, the select belongs to
 * the setup itself (`form="setup"`) and shows or hides the name fields as it changes.
 */
export function SetupForm({
  lastResult,
  players,
  hydrated,
}: {
  lastResult?: SubmissionResult<string[]>;
  players?: number | null;
  hydrated: boolean;
}) {
  const [form, fields] = useForm({ id: "setup", lastResult });
  const sent = lastResult?.initialValue as Record<string, unknown> | undefined;
  const [playerCount, setPlayerCount] = useState<number>(
    validCount(sent?.playerCount) ?? players ?? DEFAULT_MATCH.playerCount,
  );
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the page came alive is in the select already: start from it, not from the default.
  useEffect(() => {
    const chosen = validCount(select.current?.value);
    if (chosen) setPlayerCount(chosen);
  }, []);
  const text = (value: unknown, fallback: string) => (sent ? (typeof value === "string" ? value : "") : fallback);

  return (
    <section className="page page-narrow" aria-labelledby="setup-heading">
      <h1 id="setup-heading">Two Player Maths</h1>
      <p className="lead">Take turns on one device: 60 seconds each to answer as many questions as you can.</p>
      {/* Shown until the page comes alive, so browsers that never run the game (no JavaScript, or too old) keep it. */}
      {hydrated ? null : (
        <div className="js-needed">
          <p>
            <strong>Taking turns needs JavaScript.</strong> This browser has it turned off, so a match cannot start
            here. You can play on your own instead: <Link to="/game">solo play</Link> and{" "}
            <Link to="/daily-challenge">the daily challenge</Link> work without it.
          </p>
          <p className="button-row">
            <Link to="/game" className="button button-primary">
              Play Solo
            </Link>
          </p>
        </div>
      )}
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <form method="get" action="/two-player" className="players-form">
        <div className="field">
          <label htmlFor={fields.playerCount.id}>Players</label>
          <FieldError field={fields.playerCount} />
          <select
            ref={select}
            id={fields.playerCount.id}
            name={hydrated ? fields.playerCount.name : "players"}
            form={hydrated ? form.id : undefined}
            value={playerCount}
            onChange={(e) => setPlayerCount(Number(e.target.value))}
            {...fieldAria(fields.playerCount)}
          >
            {range(MIN_PLAYERS, MAX_PLAYERS).map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button type="submit" className="button button-secondary">
            Show name fields
          </button>
        )}
      </form>
      <Form id={form.id} method="post" noValidate>
        {hydrated ? null : <input type="hidden" name={fields.playerCount.name} value={playerCount} />}
        <fieldset className="field names">
          <legend>Player names</legend>
          {range(1, hydrated ? MAX_PLAYERS : playerCount).map((n) => {
            const field = form.getFieldset()[nameField(n)]!;
            // Without JavaScript the page has the chosen players' fields only. Alive, every field stays in the page
            // (only the chosen players' show), so a name typed before the count went down and up again is kept; the
            // server reads only the chosen ones.
            return (
              <div key={n} className="field" hidden={hydrated && n > playerCount}>
                <label htmlFor={field.id}>Player {n}</label>
                <FieldError field={field} />
                {/* Empty, so tapping and typing gives 'Mia', not 'Player 1Mia'; left empty, it plays as 'Player N'. */}
                <input
                  id={field.id}
                  name={field.name}
                  defaultValue={text(sent?.[field.name], "")}
                  placeholder={`Player ${n}`}
                  maxLength={MAX_NAME_LENGTH}
                  autoComplete="off"
                  {...fieldAria(field)}
                />
              </div>
            );
          })}
        </fieldset>
        <div className="field">
          <label htmlFor={fields.rounds.id}>Rounds</label>
          <FieldError field={fields.rounds} />
          <select
            id={fields.rounds.id}
            name={fields.rounds.name}
            defaultValue={text(sent?.rounds, String(DEFAULT_MATCH.rounds))}
            {...fieldAria(fields.rounds)}
          >
            {range(MIN_ROUNDS, MAX_ROUNDS).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "round" : "rounds"}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="choice-group" {...groupAria(fields.difficulty)}>
          <legend>Difficulty</legend>
          <FieldError field={fields.difficulty} />
          <div className="choices">
            {MATCH_DIFFICULTIES.map((d, i) => (
              <label key={d} className="choice choice-compact">
                <input
                  type="radio"
                  // The summary links to the group's first choice.
                  id={i === 0 ? fields.difficulty.id : `${fields.difficulty.id}-${d}`}
                  name={fields.difficulty.name}
                  value={d}
                  defaultChecked={d === text(sent?.difficulty, DEFAULT_MATCH.difficulty)}
                />
                <span className="choice-label">{d}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button-primary button-large">
            Start Game
          </button>
        </div>
      </Form>
    </section>
  );
}
