import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { applyKey } from "~/game/numpad";
import { sanitizeAnswer } from "~/game/numpad";
import {
  MTC_PRACTICE_QUESTIONS,
  MTC_STEPS,
  mtcSecondsOf,
  mtcSequence,
  questionOfStep,
  stepAppearsAt,
  stepLimitMs,
} from "~/game/mtc";
import type { SubmittedAnswer } from "~/game/verify";
import type { FinishResponse } from "~/types/runs";
import { AnswerField } from "./answer-field";
import { finishRunRequest } from "./finish-run";
import type { IslandRun } from "./island";
import {
  MtcGetReady,
  MTC_CHECK_NOT_STARTED,
  MTC_PRACTICE_DONE,
  MTC_START_CHECK,
  MtcBar,
  MtcHeading,
  mtcCheckIntro,
} from "./mtc-parts";
import { NumberPad } from "./number-pad";
import { ProblemDisplay } from "./problem-display";

type Phase = "pause" | "question" | "start" | "sending";

/**
 * The Multiplication Tables Check rehearsal in the page (docs/product.md#multiplication-tables-check-rehearsal):
 * each step on the browser's own clock, the answers kept in memory and sent once at the end, as every game does.
 * Each entry is the moment its step ended (ms since the game began); a step appears 3 s after the one before ended
 * (the "Get ready" pause), by the same rules the server checks (app/game/mtc.ts).
 */
export function MtcGame({
  run,
  finishUrl,
  resultsUrl,
}: {
  run: IslandRun;
  finishUrl: string;
  /** Where the saved result is shown. */
  resultsUrl: (runId: string) => string;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <section className="page page-narrow">
        <p className="lead">Getting your check ready…</p>
      </section>
    );
  }
  return <MtcPlay run={run} finishUrl={finishUrl} resultsUrl={resultsUrl} />;
}

function MtcPlay({ run, finishUrl, resultsUrl }: Parameters<typeof MtcGame>[0]) {
  // The check's questions come from a seed the server gives only when it stamps the check's start, so no page can
  // see them before (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own seed").
  const [checkSeed, setCheckSeed] = useState<string | null>(null);
  const problems = useMemo(() => mtcSequence(run.spec, run.seed, checkSeed), [run.spec, run.seed, checkSeed]);
  const starting = useRef(false);
  const [startFailed, setStartFailed] = useState("");
  const seconds = mtcSecondsOf(run.spec);
  const zero = useRef(performance.now());
  const entries = useRef<SubmittedAnswer[]>([]);
  // When the step on screen appears and when the step before it ended, as the server reads them.
  const lastEnd = useRef(0);
  const [step, setStep] = useState(0);
  const [phase, setPhase] = useState<Phase>("pause");
  const [input, setInput] = useState("");
  const [failed, setFailed] = useState<FinishResponse | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const elapsed = () => Math.round(performance.now() - zero.current);
  const appearsAt = stepAppearsAt(step, lastEnd.current);
  const limitMs = stepLimitMs(step, seconds);

  const send = useCallback(() => {
    setFailed(null);
    void finishRunRequest(run.token, entries.current.slice(), finishUrl).then((result) => {
      if (result.ok) window.location.assign(resultsUrl(result.runId));
      else setFailed(result);
    });
  }, [run.token, finishUrl, resultsUrl]);

  const endStep = useCallback(
    (value: string) => {
      if (entries.current.length !== step) return;
      const t = Math.max(elapsed(), appearsAt);
      entries.current.push({ i: step, value, t });
      lastEnd.current = Math.min(t, appearsAt + limitMs);
      setInput("");
      if (step + 1 === MTC_STEPS) {
        setPhase("sending");
        send();
        return;
      }
      setStep(step + 1);
      setPhase(questionOfStep(step + 1) === null ? "start" : "pause");
    },
    [step, appearsAt, limitMs, send],
  );

  // `Start the check`, pressed or when its minute is up: the server stamps the check's start on its own clock (a
  // cookie the finish sends itself) and gives the check's seed; the step ends when it comes, naming it
  // (docs/decisions/0074-fair-play-for-classes-and-addresses.md, "The check's own start").
  const startCheck = useCallback(() => {
    if (starting.current) return;
    starting.current = true;
    setStartFailed("");
    fetch(finishUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: run.token, checkStart: true }),
    })
      .then((response) => response.json() as Promise<{ checkSeed?: unknown; message?: unknown }>)
      .then(({ checkSeed: seed, message }) => {
        if (typeof seed !== "string") throw message;
        setCheckSeed(seed);
        endStep(seed);
      })
      // The server's own refusal is said as it is; anything else (no network, a page that is not its answer, whose
      // errors speak of fetches and tokens) as the one message (docs/product.md#multiplication-tables-check-rehearsal).
      .catch((refusal: unknown) => {
        starting.current = false;
        setStartFailed(typeof refusal === "string" && refusal ? refusal : MTC_CHECK_NOT_STARTED);
      });
  }, [finishUrl, run.token, endStep]);

  // Each phase moves on by itself: the pause to its question, a question or the start step at its time.
  useEffect(() => {
    if (phase === "sending") return;
    const at = phase === "pause" ? appearsAt : appearsAt + limitMs;
    const timer = window.setTimeout(
      () => (phase === "pause" ? setPhase("question") : phase === "start" ? startCheck() : endStep("")),
      Math.max(0, at - elapsed()),
    );
    return () => window.clearTimeout(timer);
  }, [phase, appearsAt, limitMs, endStep, startCheck]);

  useEffect(() => {
    sectionRef.current?.scrollIntoView();
  }, []);
  useEffect(() => {
    if (phase === "question") inputRef.current?.focus({ preventScroll: true });
  }, [phase, step]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (phase !== "question" || input === "") return;
    endStep(input);
  }

  const question = questionOfStep(step);
  const practice = question !== null && question < MTC_PRACTICE_QUESTIONS;
  const number = question === null ? 0 : practice ? question + 1 : question - MTC_PRACTICE_QUESTIONS + 1;

  if (phase === "sending") {
    return (
      <section className="page page-narrow" aria-labelledby="mtc-sending">
        <h1 id="mtc-sending">{failed ? "Your answers were not saved" : "Saving your answers…"}</h1>
        {failed && !failed.ok ? (
          <>
            <p className="lead" role="alert">
              {failed.message}
            </p>
            {failed.retryable ? (
              <button type="button" className="button button-primary" onClick={send}>
                Try again
              </button>
            ) : null}
          </>
        ) : null}
      </section>
    );
  }

  if (phase === "start") {
    return (
      <section ref={sectionRef} className="page page-narrow mtc-step" aria-labelledby="mtc-start-heading">
        <h1 id="mtc-start-heading">{MTC_PRACTICE_DONE}</h1>
        <p className="lead">{mtcCheckIntro(seconds)}</p>
        <button type="button" className="button button-primary button-large" onClick={startCheck}>
          {MTC_START_CHECK}
        </button>
        {startFailed ? (
          <p className="lead" role="alert">
            {startFailed}
          </p>
        ) : null}
      </section>
    );
  }

  const problem = question === null ? null : problems(question);
  return (
    <section ref={sectionRef} className="game-play mtc-play" aria-labelledby="mtc-heading">
      <MtcHeading practice={practice} number={number} />
      {phase === "question" && problem ? (
        <>
          <MtcBar key={step} seconds={seconds} />
          <ProblemDisplay problem={problem} number={number} />
        </>
      ) : (
        <MtcGetReady />
      )}
      <form className="answer-form" onSubmit={submit} autoComplete="off">
        <AnswerField
          ref={inputRef}
          decimal={false}
          touch={matchMedia("(pointer: coarse)").matches}
          input={{
            value: input,
            disabled: phase !== "question",
            onChange: (e) => setInput(sanitizeAnswer(e.target.value)),
          }}
          enter={{ disabled: phase !== "question" || input === "" }}
        />
        <NumberPad
          decimal={false}
          disabled={phase !== "question"}
          onKey={(key) => setInput((current) => applyKey(current, key))}
        />
      </form>
    </section>
  );
}
