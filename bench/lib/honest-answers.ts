import { checkAnswer, problemSequence, type RunSpec, type SubmittedAnswer } from "../../app/game";

/**
 * A run's answers as a person gives them: all right, `count` of them over `spreadMs`, at a person's uneven pace
 * (evenly spaced answers are held as a script's: docs/decisions/0024-human-pace.md).
 */
export function honestAnswers(spec: RunSpec, seed: string, count: number, spreadMs: number): SubmittedAnswer[] {
  const problemAt = problemSequence(spec, seed);
  const gap = spreadMs / count;
  return Array.from({ length: count }, (_, i) => {
    const problem = problemAt(i);
    const value = String(problem.answer);
    if (checkAnswer(spec.mode, problem, value) !== true) throw new Error(`no right answer for problem ${i}`);
    const noise = Math.abs(Math.sin((i + 1) * 12.9898) * 43758.5453) % 1;
    const wobble = i === 0 || i === count - 1 ? 0 : (noise - 0.5) * 0.5 * gap;
    return { i, value, t: Math.round((i + 1) * gap + wobble) };
  });
}
