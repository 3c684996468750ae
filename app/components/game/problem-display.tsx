import { formatProblem, spokenProblem, type Operator, type Problem } from "~/game";

/**
 * One-line problems longer than this many characters use a smaller size, so they fit a phone on one line
 * (`75% of 20 = ?`, 13 characters, wrapped its `?` at 390 px: issue 44).
 */
const LONG_LINE = 12;

/** Each operation has its colour (game.css: .op-add …), on its sign and the problem's rule. */
const OPERATION_CLASS: Readonly<Record<Operator, string>> = {
  "+": "op-add",
  "-": "op-subtract",
  "*": "op-multiply",
  "/": "op-divide",
  "÷": "op-divide",
  "% of": "op-percent",
};

/** A one-line problem with its sign in the operation's colour. */
function InlineText({ display, symbol }: { display: string; symbol: string }) {
  const at = display.indexOf(` ${symbol} `);
  if (at < 0) return <>{display}</>;
  return (
    <>
      {display.slice(0, at + 1)}
      <span className="problem-symbol-inline">{symbol}</span>
      {display.slice(at + 1 + symbol.length)}
    </>
  );
}

/**
 * One problem, on one line ('7 × 8 = ?', '56 ÷ 8 = ?') or stacked like a written sum when an operand of +, − or ×
 * has two digits or more. Its area has the same height whatever the layout, so the answer field and the number pad
 * below never move between problems. Screen readers hear it in words ('Question 3: 9 minus 4 equals what?').
 */
export function ProblemDisplay({ problem, number }: { problem: Problem; number: number }) {
  const f = formatProblem(problem);
  return (
    <div className={`problem ${OPERATION_CLASS[problem.operator]}`} data-testid="problem" data-problem={f.display}>
      <p className="visually-hidden">
        Question {number}: {spokenProblem(problem)}
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
        <p className={`problem-inline${f.display.length > LONG_LINE ? " problem-long" : ""}`} aria-hidden="true">
          <InlineText display={f.display} symbol={f.symbol} />
        </p>
      )}
    </div>
  );
}
