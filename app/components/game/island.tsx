import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  applyKey,
  checkAnswer,
  sanitizeAnswer,
  type Problem,
  type RunPlay,
  type RunSpec,
  type SubmittedAnswer,
} from "~/game";
import { feedbackText, sumWithAnswer, type Feedback } from "./answer-feedback";
import { AnswerField } from "./answer-field";
import { NumberPad } from "./number-pad";
import { PlayStatus } from "./play-status";
import { useGameSound } from "./sound";
import { SoundToggle } from "./sound-toggle";
import { ProblemDisplay } from "./problem-display";

export type IslandRun = { token: string; spec: RunSpec; seed: string };

/** A mode's engine for the game in the page: soloPlay, dailyPlay, studentPlay or multiplayerPlay. */
export type MakePlay = (spec: RunSpec, seed: string) => RunPlay;

export type IslandProps = {
  run: IslandRun;
  /**
   * The run's problems, time limit and decimals from its spec, by its mode's own engine (soloPlay, dailyPlay, …), so a
   * page loads its own mode's generator only (docs/decisions/0026-client-weight-budget.md).
   */
  play: MakePlay;
  onFinish: (answers: SubmittedAnswer[]) => void;
  /**
   * Each checked answer, as it happens, with the answers so far (the hot-seat scoreboard; a calm game, which its page
   * ends after its last question: docs/product.md#calm-mode).
   */
  onAnswer?: (correct: boolean, answers: SubmittedAnswer[]) => void;
  /** Time already gone, problems already answered and how many right, when a turn resumes after a reload. */
  initialElapsedMs?: number;
  firstIndex?: number;
  firstScore?: number;
  /** What the status line counts: the score, or (multiplayer) the questions answered and the right ones. */
  counter?: "score" | "answered";
  /**
   * The feedback in words after each answer (the pupils' game has the brief's own). By default '✓ Correct!' or
   * '✗ Not quite'; the sum with its answer ('7 × 8 = 56') shows beside them either way.
   */
  describeAnswer?: (correct: boolean, problem: Problem) => string;
  /**
   * The sum the feedback is about, before its words: by default with its answer ('7 × 8 = 56'); words that name the
   * answer after a miss show it as it was asked ('7 × 8 = ?'), so the answer is said once (docs/product.md#student-game).
   */
  sumOf?: (problem: Problem, correct: boolean) => string;
  /** Controls below the game (the pupils' back button). */
  children?: ReactNode;
  /** In place of the countdown (a calm game's question count); the countdown when absent. */
  clock?: ReactNode;
};

/**
 * The countdown game in the browser: problems come from the shared engine with the run's seed, answers
 * are checked here for instant feedback and kept in memory; nothing goes over the network until the
 * time is up, when `onFinish` receives the answers for the server to verify and score.
 */
export function Island({
  run,
  play: makePlay,
  onFinish,
  onAnswer,
  initialElapsedMs = 0,
  firstIndex = 0,
  firstScore = 0,
  counter = "score",
  describeAnswer = feedbackText,
  sumOf = sumWithAnswer,
  children,
  clock,
}: IslandProps) {
  const {
    limitSeconds,
    decimal,
    problems: problemAt,
  } = useMemo(() => makePlay(run.spec, run.seed), [makePlay, run.spec, run.seed]);
  const startedAt = useRef(performance.now() - initialElapsedMs);
  const answers = useRef<SubmittedAnswer[]>([]);
  const finished = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const [index, setIndex] = useState(firstIndex);
  const [input, setInput] = useState("");
  const [score, setScore] = useState(firstScore);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(limitSeconds - initialElapsedMs / 1000);
  const active = secondsLeft > 0;

  const sound = useGameSound();
  const { play } = sound;

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    play("end");
    onFinish(answers.current.slice());
  }, [onFinish, play]);

  useEffect(() => {
    const tick = () => {
      const left = limitSeconds - (performance.now() - startedAt.current) / 1000;
      setSecondsLeft(Math.max(0, left));
      if (left <= 0) finish();
    };
    const timer = window.setInterval(tick, 200);
    return () => window.clearInterval(timer);
  }, [limitSeconds, finish]);

  // The game fills the screen from its top as it starts, wherever the start button was
  // (docs/product.md#play-screen-sizes); the answer takes the focus without moving it again.
  useEffect(() => {
    sectionRef.current?.scrollIntoView();
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const problem = problemAt(index);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    // An empty submit counts as nothing (docs/product.md#number-pad-and-answer-entry).
    if (!active || finished.current || input.trim() === "") return;
    const t = Math.round(performance.now() - startedAt.current);
    answers.current.push({ i: index, value: input, t });
    const correct = checkAnswer(run.spec.mode, problem, input) === true;
    if (correct) setScore((s) => s + 1);
    play(correct ? "right" : "wrong");
    onAnswer?.(correct, answers.current);
    // The next problem is there at once; the words about this one show above it without holding anything up.
    setFeedback({ question: index + 1, correct, text: describeAnswer(correct, problem), sum: sumOf(problem, correct) });
    setIndex((i) => i + 1);
    setInput("");
    inputRef.current?.focus();
  }

  return (
    <section ref={sectionRef} className="game-play" aria-labelledby="play-heading">
      <h2 id="play-heading" className="visually-hidden">
        Play
      </h2>
      <PlayStatus
        secondsLeft={secondsLeft}
        total={limitSeconds}
        score={counter === "score" ? score : index}
        right={counter === "score" ? undefined : score}
        feedback={feedback}
        clock={clock}
      />
      <ProblemDisplay problem={problem} number={index + 1} />
      <form className="answer-form" onSubmit={submit} autoComplete="off">
        <AnswerField
          ref={inputRef}
          decimal={decimal}
          // Where the screen's main pointer is a finger the on-screen pad is the keyboard: the field asks for none of
          // the system's (docs/product.md#number-pad-and-answer-entry). The island is drawn in the browser only, so
          // this holds from its first paint.
          touch={matchMedia("(pointer: coarse)").matches}
          input={{ value: input, disabled: !active, onChange: (e) => setInput(sanitizeAnswer(e.target.value)) }}
          enter={{ disabled: !active || input === "" }}
        />
        <NumberPad
          decimal={decimal}
          disabled={!active}
          onKey={(key) => setInput((current) => applyKey(current, key))}
        />
      </form>
      {/* Below the pad, out of the way of a fast finger. */}
      <SoundToggle on={sound.on} onToggle={sound.toggle} afterChange={() => inputRef.current?.focus()} />
      {children}
    </section>
  );
}
