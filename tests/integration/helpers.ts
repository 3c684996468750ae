import { checkAnswer, formatNumber, problemSequence, type RunSpec, type SubmittedAnswer } from "~/game";
import type { RunTicket } from "~/runs/tokens.server";

export const SOLO: RunSpec = { mode: "solo", difficulty: "normal", operations: ["+", "-", "*", "/"], timeLimit: 60 };

/** Honest answers to a run's first `count` problems, `gapMs` apart; `wrong` lists indexes answered wrongly. */
export function honestAnswers(ticket: RunTicket, count: number, { gapMs = 1000, wrong = [] as number[] } = {}) {
  const problemAt = problemSequence(ticket.spec, ticket.seed);
  return Array.from({ length: count }, (_, i): SubmittedAnswer => {
    const answer = problemAt(i).answer;
    const value = wrong.includes(i) ? String(answer + 1) : String(answer);
    if (!wrong.includes(i) && checkAnswer(ticket.spec.mode, problemAt(i), value) !== true) {
      throw new Error(`test helper produced a wrong answer for ${formatNumber(answer)}`);
    }
    // A person's pace varies from sum to sum (evenly spaced answers look like a script:
    // docs/decisions/0024-human-pace.md): up to a quarter of a gap either way, none on the first and last answers.
    const noise = Math.abs(Math.sin((i + 1) * 12.9898) * 43758.5453) % 1;
    const wobble = i === 0 || i === count - 1 ? 0 : (noise - 0.5) * 0.5 * gapMs;
    return { i, value, t: Math.round((i + 1) * gapMs + wobble) };
  });
}
