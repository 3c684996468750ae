import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { feedbackText, sumWithAnswer, type Feedback } from "~/components/game/answer-feedback";
import { AnswerField } from "~/components/game/answer-field";
import { NumberPad } from "~/components/game/number-pad";
import { PlayStatus } from "~/components/game/play-status";
import { ProblemDisplay } from "~/components/game/problem-display";
import { checkAnswer } from "~/game/check";
import { answersMayBeDecimal } from "~/game/format";
import { applyKey, sanitizeAnswer } from "~/game/numpad";
import type { RunSpec } from "~/game/run-spec";
import type { SubmittedAnswer } from "~/game/verify";
import { liveSequence } from "~/live/problems";
import { livePaths, type ClosedEvent, type PlayerState } from "~/live/protocol";
import { resultWords } from "~/live/result-words";
import { secondsUntil, useServerClock, useTicking } from "./live-clock";

/*
 * A player's live game with JavaScript (docs/product.md#live-game): it follows the player's own event stream, counts
 * down to the server's start on the device's corrected clock, and plays the problems on the device: answers are sent
 * in the background, with retries, and the game never waits on the network between them. The play screen is the
 * solo game's own parts (timer, score, feedback, problem, answer field and number pad), the same on every device:
 * on a touch screen the pad is the keyboard (docs/decisions/0087-live-player-and-big-screen-for-every-device.md).
 */

const RETRY_MS = 1_000;
/** Where answers not yet held by the server wait, so a reload sends them rather than losing them. */
const unsentKey = (code: string, round: string) => `live-unsent:${code}:${round}`;

function readUnsent(key: string): SubmittedAnswer[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(stored) ? (stored as SubmittedAnswer[]) : [];
  } catch {
    return []; // No storage (a private window may refuse it), or not ours: nothing to send.
  }
}

function keepUnsent(key: string, answers: SubmittedAnswer[]) {
  try {
    if (answers.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // No storage: a reload then loses what the server had not taken yet, as before.
  }
}
/** Answers the server will never take: malformed, not this player's, or the game is not playing. */
const GIVE_UP = new Set([400, 403, 409, 413]);

export function PlayerIsland({ code, first }: { code: string; first: PlayerState }) {
  const [state, setState] = useState(first);
  const [gone, setGone] = useState<"removed" | ClosedEvent["reason"] | null>(null);
  const clock = useServerClock();
  const [given, setGiven] = useState<SubmittedAnswer[]>([]);
  const [right, setRight] = useState(first.right);
  const [value, setValue] = useState("");
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const playRef = useRef<HTMLElement>(null);
  const pending = useRef<SubmittedAnswer[]>([]);
  const sending = useRef(false);
  const round = `${state.seed ?? ""}`;
  // The answers the server held when this round reached this page: this device's answers follow on from there. A
  // snapshot after a dropped stream says how many the server holds now, which may already count some of `given`.
  const [base, setBase] = useState(first.answered);

  useEffect(() => {
    clock.heard(first.now);
    const source = new EventSource(livePaths.events(code));
    source.addEventListener("state", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as PlayerState;
      clock.heard(next.now);
      setState(next);
    });
    source.addEventListener("removed", () => {
      setGone("removed");
      source.close();
    });
    source.addEventListener("closed", (event) => {
      setGone((JSON.parse((event as MessageEvent<string>).data) as ClosedEvent).reason);
      source.close();
    });
    return () => source.close();
  }, [code, clock, first.now]);

  // A new round (the start, Play again): afresh from what the server holds.
  const [roundSeen, setRoundSeen] = useState(round);
  if (roundSeen !== round) {
    setRoundSeen(round);
    setBase(state.answered);
    setGiven([]);
    setRight(state.right);
    setFeedback(null);
    pending.current = [];
  }

  const problems = useMemo(
    () => (state.seed ? liveSequence(state.spec as RunSpec, state.seed) : null),
    [state.seed, state.spec],
  );
  const playing = state.phase === "countdown" || state.phase === "playing";
  const decimal = state.spec ? answersMayBeDecimal(state.spec as RunSpec) : false;
  useTicking(playing);
  const now = clock.serverNow();
  const started = state.startsAt !== null && now >= state.startsAt;
  const over = state.endsAt !== null && now >= state.endsAt;
  const index = base + given.length;
  const onScreen = playing && started && !over && problems !== null;

  // The game fills the screen from its top as it starts, as the solo game does (docs/product.md#play-screen-sizes).
  useEffect(() => {
    if (!onScreen) return;
    playRef.current?.scrollIntoView();
    inputRef.current?.focus({ preventScroll: true });
  }, [onScreen]);

  const send = useCallback(
    function sendPending() {
      if (sending.current || pending.current.length === 0) return;
      sending.current = true;
      const batch = pending.current.slice(0, 20);
      fetch(livePaths.answer(code), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: batch }),
        credentials: "same-origin",
      })
        .then(async (response) => {
          sending.current = false;
          if (response.ok) {
            const reply = (await response.json()) as { held: number; refused?: string };
            // Held ones leave the queue; a refused one (and what follows it) is dropped: the server will not take it.
            pending.current = reply.refused ? [] : pending.current.filter((answer) => answer.i >= reply.held);
            keepUnsent(unsentKey(code, round), pending.current);
            sendPending();
          } else if (GIVE_UP.has(response.status)) {
            pending.current = [];
            keepUnsent(unsentKey(code, round), []);
          } else {
            // Too many at once, or the server is busy: the same answers again shortly.
            setTimeout(sendPending, RETRY_MS);
          }
        })
        .catch(() => {
          sending.current = false;
          setTimeout(sendPending, RETRY_MS);
        });
    },
    [code, round],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = sanitizeAnswer(value);
    if (!problems || !started || over || answer === "" || state.startsAt === null) return;
    const t = Math.max(0, Math.round(clock.serverNow() - state.startsAt));
    const item = { i: index, value: answer, t };
    const problem = problems(index);
    const correct = checkAnswer((state.spec as RunSpec).mode, problem, answer) === true;
    if (correct) setRight((n) => n + 1);
    setFeedback({ question: index + 1, correct, text: feedbackText(correct), sum: sumWithAnswer(problem) });
    setGiven((list) => [...list, item]);
    pending.current.push(item);
    keepUnsent(unsentKey(code, round), pending.current);
    setValue("");
    inputRef.current?.focus();
    send();
  };

  // After a reload: the answers given here that the server had not taken yet, in order from what it holds. Once for
  // the round this page opened on (a later round starts empty).
  const restoredFor = useRef<string | null>(null);
  const openedAnswered = first.answered;
  useEffect(() => {
    if (!problems || !state.seed || restoredFor.current !== null) return;
    restoredFor.current = round;
    const restored: SubmittedAnswer[] = [];
    for (const answer of readUnsent(unsentKey(code, round))) {
      if (answer.i === openedAnswered + restored.length) restored.push(answer);
    }
    if (restored.length === 0) return;
    const mode = (state.spec as RunSpec).mode;
    setGiven(restored);
    setRight(
      (n) => n + restored.filter((answer) => checkAnswer(mode, problems(answer.i), answer.value) === true).length,
    );
    pending.current = restored;
    send();
  }, [problems, round, code, openedAnswered, state.seed, state.spec, send]);

  if (gone) {
    const words =
      gone === "removed"
        ? "Your teacher took you out of this game."
        : gone === "restart"
          ? "The game had to stop because the server is restarting. Ask your teacher to start a new one."
          : "This game has ended.";
    return (
      <p className="lead" role="status">
        {words}
      </p>
    );
  }

  return (
    <div className="live-player">
      <p>
        You are <strong data-testid="my-name">{state.name}</strong>
      </p>
      {state.phase === "lobby" ? (
        <p className="lead" role="status">
          You are in! Wait for your teacher to start.
        </p>
      ) : null}
      {playing && !started ? (
        <p className="live-countdown" role="status">
          Get ready… {secondsUntil(state.startsAt, now)}
        </p>
      ) : null}
      {onScreen ? (
        <section ref={playRef} id="play" className="game-play live-play" aria-label="Play">
          <PlayStatus
            secondsLeft={((state.endsAt ?? now) - now) / 1000}
            total={((state.endsAt ?? 0) - (state.startsAt ?? 0)) / 1000}
            score={right}
            feedback={feedback}
          />
          <ProblemDisplay problem={problems(index)} number={index + 1} />
          <form className="answer-form" onSubmit={submit} autoComplete="off" noValidate>
            <AnswerField
              ref={inputRef}
              decimal={decimal}
              // On a touch screen the pad is the keyboard: no system keyboard over it (the solo game's rule).
              touch={matchMedia("(pointer: coarse)").matches}
              input={{ value, onChange: (event) => setValue(sanitizeAnswer(event.target.value)) }}
              enter={{ disabled: value === "" }}
            />
            <NumberPad
              decimal={decimal}
              disabled={false}
              onKey={(key) => setValue((current) => applyKey(current, key))}
            />
          </form>
        </section>
      ) : null}
      {playing && over ? (
        <p className="lead" role="status">
          Time is up! {right} right. Wait for the results…
        </p>
      ) : null}
      {state.phase === "podium" ? (
        <div role="status" data-testid="my-result">
          <p className="lead">{resultWords(state)}</p>
          <p>Wait here: your teacher may start another game.</p>
        </div>
      ) : null}
    </div>
  );
}
