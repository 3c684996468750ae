import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_REPEAT_ATTEMPTS,
  REPEAT_WINDOW,
  problemAt,
  problemSequence,
  studentDifficultyLabel,
  studentProblem,
  type Problem,
  type Rng,
  type RunSpec,
  type StudentDifficulty,
  type StudentOperation,
} from "../../../app/game";
import { expectConsistent, seedArb } from "./helpers";

// Spec section 9: + and - operands 1-9, easy capped at 5, hard at least 3; × and ÷ use 1-12.
const ADD: Record<StudentDifficulty, [number, number]> = { easy: [1, 5], medium: [1, 9], hard: [3, 9] };
const within = (n: number, [min, max]: [number, number]) => n >= min && n <= max;

function student(
  difficulty: StudentDifficulty,
  operations: StudentOperation[],
  timesTables: string[] = [],
): Extract<RunSpec, { mode: "student" }> {
  return { mode: "student", difficulty, operations, timesTables };
}

function run(spec: RunSpec, count: number, seed = "student"): Problem[] {
  const at = problemSequence(spec, seed);
  return Array.from({ length: count }, (_, i) => at(i));
}

const same = (a: Problem, b: Problem) => a.operator === b.operator && a.num1 === b.num1 && a.num2 === b.num2;

/** An Rng that always gives 0 (so always the same problem), counting how often it is asked. */
function stuckRng(): Rng & { calls: number } {
  const rng = {
    calls: 0,
    next() {
      rng.calls++;
      return 0;
    },
    int(min: number) {
      rng.next();
      return min;
    },
    pick<T>(items: readonly T[]): T {
      rng.next();
      return items[0] as T;
    },
  };
  return rng;
}

describe("student difficulty labels", () => {
  it("shows 'easy' as 'Normal'", () => {
    expect(studentDifficultyLabel("easy")).toBe("Normal");
    expect(studentDifficultyLabel("medium")).toBe("Medium");
    expect(studentDifficultyLabel("hard")).toBe("Hard");
  });
});

describe("student problems", () => {
  it.each(["easy", "medium", "hard"] as const)("%s: + and - operands in range, reaching both ends", (difficulty) => {
    const problems = run(student(difficulty, ["addition", "subtraction"]), 500);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["+", "-"]));
    for (const p of problems) {
      expectConsistent(p);
      expect(within(p.num1, ADD[difficulty]) && within(p.num2, ADD[difficulty])).toBe(true);
    }
    const operands = problems.flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...operands), Math.max(...operands)]).toEqual(ADD[difficulty]);
  });

  it("× and ÷ use 1-12 without times tables; ÷ is whole", () => {
    const problems = run(student("easy", ["multiplication", "division"]), 600);
    expect(new Set(problems.map((p) => p.operator))).toEqual(new Set(["*", "/"]));
    for (const p of problems) {
      expectConsistent(p);
      if (p.operator === "*") expect(within(p.num1, [1, 12]) && within(p.num2, [1, 12])).toBe(true);
      else expect(within(p.num2, [1, 12]) && within(p.answer, [1, 12])).toBe(true);
    }
    const factors = problems.filter((p) => p.operator === "*").flatMap((p) => [p.num1, p.num2]);
    expect([Math.min(...factors), Math.max(...factors)]).toEqual([1, 12]);
  });

  it("with times tables set, one factor of × and the divisor of ÷ come from them", () => {
    const problems = run(student("medium", ["multiplication", "division"], ["3", "7"]), 600);
    for (const p of problems) {
      expect([3, 7]).toContain(p.num2);
      if (p.operator === "*") expect(within(p.num1, [1, 12])).toBe(true);
      else expect(within(p.answer, [1, 12])).toBe(true);
    }
    expect(new Set(problems.map((p) => p.num2))).toEqual(new Set([3, 7]));
  });

  it("uses only the allowed operations", () => {
    const cases: [StudentOperation[], string[]][] = [
      [["addition"], ["+"]],
      [["subtraction"], ["-"]],
      [["multiplication"], ["*"]],
      [["division"], ["/"]],
      [
        ["addition", "division"],
        ["+", "/"],
      ],
    ];
    for (const [operations, operators] of cases) {
      expect(new Set(run(student("hard", operations), 200).map((p) => p.operator))).toEqual(new Set(operators));
    }
  });

  it("is consistent for any seed, settings and index", () => {
    const specArb = fc.record({
      mode: fc.constant("student" as const),
      difficulty: fc.constantFrom<StudentDifficulty>("easy", "medium", "hard"),
      operations: fc.uniqueArray(
        fc.constantFrom<StudentOperation>("addition", "subtraction", "multiplication", "division"),
        { minLength: 1 },
      ),
      timesTables: fc.uniqueArray(fc.constantFrom("2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")),
    });
    fc.assert(
      fc.property(specArb, seedArb, fc.nat(40), (spec, seed, i) => {
        const p = problemAt(spec, seed, i);
        expectConsistent(p);
        expect(Number.isInteger(p.answer)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("repeat avoidance", () => {
  it("looks back over the last 10 problems and tries 50 times", () => {
    expect(REPEAT_WINDOW).toBe(10);
    expect(MAX_REPEAT_ATTEMPTS).toBe(50);
  });

  it("never repeats one of the last 10 problems when there is plenty of choice", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const problems = run(student("medium", ["addition", "subtraction", "multiplication"]), 120, seed);
        problems.forEach((p, i) => {
          for (const earlier of problems.slice(Math.max(0, i - 10), i)) expect(same(p, earlier)).toBe(false);
        });
      }),
      { numRuns: 30 },
    );
  });

  it("gives up after 50 draws that all repeat, and accepts the repeat", () => {
    const settings = { difficulty: "easy" as const, operations: ["addition" as const], timesTables: [] };
    const rng = stuckRng();
    const p = studentProblem(settings, [{ num1: 1, num2: 1, operator: "+", answer: 2 }], rng);
    expect(p).toEqual({ num1: 1, num2: 1, operator: "+", answer: 2 });
    expect(rng.calls).toBe(50 * 3); // each draw: pick an operation, then two operands
  });

  it("draws once when the problem is new, or when its twin is more than 10 problems back", () => {
    const settings = { difficulty: "easy" as const, operations: ["addition" as const], timesTables: [] };
    const fresh = stuckRng();
    studentProblem(settings, [{ num1: 2, num2: 1, operator: "+", answer: 3 }], fresh);
    expect(fresh.calls).toBe(3);

    const twin: Problem = { num1: 1, num2: 1, operator: "+", answer: 2 };
    const others: Problem[] = Array.from({ length: 10 }, (_, k) => ({
      num1: 5,
      num2: k,
      operator: "+",
      answer: 5 + k,
    }));
    const old = stuckRng();
    studentProblem(settings, [twin, ...others], old);
    expect(old.calls).toBe(3);
    const recent = stuckRng();
    studentProblem(settings, [...others.slice(1), twin], recent);
    expect(recent.calls).toBe(150);
  });

  it("treats a different operator or order as a different problem", () => {
    const settings = { difficulty: "easy" as const, operations: ["addition" as const], timesTables: [] };
    const rng = stuckRng();
    studentProblem(settings, [{ num1: 1, num2: 1, operator: "-", answer: 0 }], rng);
    expect(rng.calls).toBe(3);
  });
});

describe("problemSequence for students", () => {
  const spec = student("easy", ["addition", "multiplication"], ["4"]);

  it("is the same however it is read", () => {
    const inOrder = run(spec, 30, "seq");
    const jumping = problemSequence(spec, "seq");
    expect(jumping(29)).toEqual(inOrder[29]);
    expect(jumping(3)).toEqual(inOrder[3]);
    for (let i = 0; i < 30; i++) expect(problemAt(spec, "seq", i)).toEqual(inOrder[i]);
  });

  it("refuses a negative or fractional index", () => {
    expect(() => problemSequence(spec, "seq")(-1)).toThrow(RangeError);
    expect(() => problemAt(spec, "seq", 1.5)).toThrow(RangeError);
  });
});
