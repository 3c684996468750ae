import { Form } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, type MatchSettings } from "~/game";
import { DEFAULT_MATCH, MAX_NAME_LENGTH, parseMatchSettings, type MatchErrors } from "~/utils/match-settings";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The match setup. The server checks it too (without JavaScript); with JavaScript the same rules run here
 * and the match starts on the device. Before hydration every name field shows, so the plain form works.
 */
export function SetupForm({
  errors,
  values,
  hydrated,
  onStart,
}: {
  errors?: MatchErrors;
  /** What was sent, when the server refused it: shown again so nothing typed is lost. */
  values?: Record<string, string>;
  hydrated: boolean;
  onStart: (settings: MatchSettings) => void;
}) {
  const sentCount = Number(values?.playerCount);
  const [playerCount, setPlayerCount] = useState<number>(
    sentCount >= MIN_PLAYERS && sentCount <= MAX_PLAYERS ? sentCount : DEFAULT_MATCH.playerCount,
  );
  const [clientErrors, setClientErrors] = useState<MatchErrors | undefined>();
  const shown = clientErrors ?? errors;
  const nameFields = hydrated ? playerCount : MAX_PLAYERS;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseMatchSettings(new FormData(event.currentTarget));
    if (!parsed.ok) return setClientErrors(parsed.errors);
    setClientErrors(undefined);
    onStart(parsed.settings);
  }

  const messages = shown
    ? [shown.playerCount, shown.rounds, shown.difficulty, ...Object.values(shown.names ?? {})].filter(Boolean)
    : [];

  return (
    <section className="page page-narrow" aria-labelledby="setup-heading">
      <h1 id="setup-heading">Two Player Maths</h1>
      <p className="lead">Take turns on one device: 60 seconds each to answer as many questions as you can.</p>
      {/* Shown until the page comes alive, so browsers that never run the game (no JavaScript, or too old) keep it. */}
      {hydrated ? null : (
        <p className="notice">
          Taking turns needs JavaScript, which is off in this browser. You can still set up a match, or play solo.
        </p>
      )}
      {messages.length > 0 ? (
        <div className="error-summary" role="alert">
          <h2>There is a problem</h2>
          <ul>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" onSubmit={hydrated ? handleSubmit : undefined} noValidate>
        <div className="field">
          <label htmlFor="playerCount">Players</label>
          {shown?.playerCount ? (
            <p className="field-error" id="playerCount-error">
              {shown.playerCount}
            </p>
          ) : null}
          <select
            id="playerCount"
            name="playerCount"
            value={playerCount}
            onChange={(e) => setPlayerCount(Number(e.target.value))}
            aria-describedby={shown?.playerCount ? "playerCount-error" : undefined}
          >
            {range(MIN_PLAYERS, MAX_PLAYERS).map((n) => (
              <option key={n} value={n}>
                {n} players
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field names">
          <legend>Player names</legend>
          {!hydrated ? <p className="field-hint">Only the names of the players chosen above are used.</p> : null}
          {range(1, nameFields).map((n) => (
            <div key={n} className="field">
              <label htmlFor={`name${n}`}>Player {n}</label>
              {shown?.names?.[n] ? (
                <p className="field-error" id={`name${n}-error`}>
                  {shown.names[n]}
                </p>
              ) : null}
              <input
                id={`name${n}`}
                name={`name${n}`}
                defaultValue={values ? (values[`name${n}`] ?? "") : `Player ${n}`}
                maxLength={MAX_NAME_LENGTH}
                autoComplete="off"
                aria-invalid={shown?.names?.[n] ? true : undefined}
                aria-describedby={shown?.names?.[n] ? `name${n}-error` : undefined}
              />
            </div>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="rounds">Rounds</label>
          {shown?.rounds ? <p className="field-error">{shown.rounds}</p> : null}
          <select id="rounds" name="rounds" defaultValue={values?.rounds ?? DEFAULT_MATCH.rounds}>
            {range(MIN_ROUNDS, MAX_ROUNDS).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "round" : "rounds"}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="choice-group">
          <legend>Difficulty</legend>
          {shown?.difficulty ? <p className="field-error">{shown.difficulty}</p> : null}
          <div className="choices">
            {(["Normal", "Hard", "Extreme"] as const).map((d) => (
              <label key={d} className="choice choice-compact">
                <input
                  type="radio"
                  name="difficulty"
                  value={d}
                  defaultChecked={d === (values?.difficulty ?? DEFAULT_MATCH.difficulty)}
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
