import { formatProblem, type Problem } from "~/game";

/** One problem, inline ('7 × 8 = ?') or stacked like a written sum when an operand has two digits or more. */
export function ProblemDisplay({ problem, number }: { problem: Problem; number: number }) {
  const f = formatProblem(problem);
  const spoken = f.text.replace("= ?", "equals what?");
  return (
    <div className="problem" data-testid="problem" data-problem={f.text}>
      <p className="visually-hidden">
        Question {number}: {spoken}
      </p>
      {f.vertical ? (
        <div className="problem-vertical" aria-hidden="true">
          <span className="problem-top">{f.top}</span>
          <span className="problem-bottom">
            <span className="problem-symbol">{f.symbol}</span> {f.bottom}
          </span>
          <span className="problem-rule" />
        </div>
      ) : (
        <p className="problem-inline" aria-hidden="true">
          {f.text}
        </p>
      )}
    </div>
  );
}
