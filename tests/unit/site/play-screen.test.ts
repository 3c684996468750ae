import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnswerFeedback, feedbackText, sumWithAnswer } from "~/components/game/answer-feedback";
import { Countdown, formatClock } from "~/components/game/countdown";
import { pagedTimer } from "~/components/game/timer-reel";
import { GameScore } from "~/components/game/game-score";
import { FormNumberPad } from "~/components/game/number-pad-form";
import { ProblemDisplay } from "~/components/game/problem-display";
import type { Problem } from "~/game";

/*
 * The play screen's pieces as the server renders them (the page without JavaScript draws exactly this):
 * docs/product.md#problem-display and #number-pad-and-answer-entry.
 */

const render = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
const problem = (num1: number, operator: Problem["operator"], num2: number, answer: number): Problem => ({
  num1,
  num2,
  operator,
  answer,
});

describe("the feedback after an answer", () => {
  it("says right or not in words, and names the sum it is about with its answer", () => {
    expect(feedbackText(true)).toBe("✓ Correct!");
    expect(feedbackText(false)).toBe("✗ Not quite");
    expect(sumWithAnswer(problem(7, "*", 8, 56))).toBe("7 × 8 = 56");
    expect(sumWithAnswer(problem(23, "-", 5, 18))).toBe("23 \u2212 5 = 18");
    expect(sumWithAnswer(problem(10.5, "+", 2.25, 12.75))).toBe("£10.50 + £2.25 = £12.75");
    expect(sumWithAnswer(problem(25, "% of", 40, 10))).toBe("25% of 40 = 10");
  });

  it("is one polite live region, there before any answer, its words and sum replaced by each answer", () => {
    const empty = render(createElement(AnswerFeedback, { feedback: null }));
    expect(empty).toBe('<p class="play-feedback" aria-live="polite" aria-atomic="true"></p>');
    const html = render(
      createElement(AnswerFeedback, {
        feedback: { question: 3, correct: false, text: feedbackText(false), sum: "7 × 8 = 56" },
      }),
    );
    expect(html.match(/aria-live/g)).toHaveLength(1);
    expect(html).toContain("play-feedback-wrong");
    expect(html).toContain('<span class="visually-hidden">Question 3: </span>');
    expect(html).toContain('data-testid="feedback">✗ Not quite</span>');
    expect(html).toContain('data-testid="feedback-sum">7 × 8 = 56</span>');
    expect(html.replace(/<[^>]+>/g, "")).toBe("Question 3: 7 × 8 = 56 ✗ Not quite");
  });
});

describe("the problem", () => {
  it("writes division on one line and stacks a sum with a two-digit number, minus as U+2212", () => {
    const division = render(createElement(ProblemDisplay, { problem: problem(56, "/", 8, 7), number: 1 }));
    expect(division).toContain('data-problem="56 ÷ 8 = ?"');
    expect(division).toContain("problem-inline");
    expect(division).not.toContain("problem-vertical");
    const stacked = render(createElement(ProblemDisplay, { problem: problem(23, "-", 5, 18), number: 2 }));
    expect(stacked).toContain("problem-vertical");
    expect(stacked).toContain('data-problem="23 \u2212 5 = ?"');
    expect(stacked).toContain('<span class="problem-symbol">\u2212</span>');
    expect(stacked).not.toMatch(/ - /);
    expect(stacked).toContain("23 minus 5 equals what?");
  });

  it("uses a smaller size for a long line, so money fits a phone", () => {
    const money = render(createElement(ProblemDisplay, { problem: problem(99.99, "-", 0.01, 99.98), number: 1 }));
    expect(money).toContain('class="problem-inline problem-long"');
    // The daily challenge's percentages: 13 characters, which wrapped their `?` at 390 px (issue 44).
    const percent = render(createElement(ProblemDisplay, { problem: problem(75, "% of", 20, 15), number: 1 }));
    expect(percent).toContain('class="problem-inline problem-long"');
    const short = render(createElement(ProblemDisplay, { problem: problem(7, "*", 8, 56), number: 1 }));
    expect(short).toContain('class="problem-inline"');
  });
});

describe("the number pad", () => {
  it("has a decimal point only in a game whose answers can be decimals, keeping its place", () => {
    const whole = render(createElement(FormNumberPad, { decimal: false }));
    expect(whole).not.toContain("Decimal point");
    expect(whole).not.toContain('value="."');
    expect(whole).toContain('<span class="pad-key pad-key-none" aria-hidden="true"></span>');
    expect(whole.match(/class="pad-key/g)).toHaveLength(12);
    const money = render(createElement(FormNumberPad, { decimal: true }));
    expect(money).toContain('aria-label="Decimal point"');
    expect(money.match(/<button/g)).toHaveLength(12);
  });
});

describe("the timer and the score", () => {
  it("show the time left and a bar; a server-drawn page times its own urgency", () => {
    expect(formatClock(45)).toBe("0:45");
    const paged = render(createElement(Countdown, { secondsLeft: 45, total: 60, paged: pagedTimer(45) }));
    expect(paged).toContain("timer timer-paged");
    expect(paged).toContain("--time-left:45.00s");
    expect(paged).toContain("--urgent-in:35.00s");
    expect(paged).toContain("width:75.00%");
    expect(paged).toContain('role="timer"');
    expect(paged).not.toContain("<progress");
    const low = render(createElement(Countdown, { secondsLeft: 8, total: 60 }));
    expect(low).toContain(">0:08<");
    expect(low).toContain("timer timer-low timer-live");
  });

  it("without JavaScript step down second by second from the time left, by CSS alone", () => {
    const html = render(createElement(Countdown, { secondsLeft: 29.4, total: 30, paged: pagedTimer(29.4) }));
    // Every second from 0:30 to 0:00, one a line, stepped on once a second from 0.6 s into the first.
    expect(html).toContain(">0:30\n0:29\n");
    expect(html).toContain("\n0:01\n0:00<");
    expect(html).toContain("animation:timer-reel 30s steps(30, end) -0.60s forwards");
    expect(html).toContain('<span class="visually-hidden">0:30</span>');
  });

  it("keep the score's words exactly, the number drawn big", () => {
    const score = render(createElement(GameScore, { value: 12 }));
    expect(score.replace(/<[^>]+>/g, "")).toBe("Score: 12");
    expect(score).toContain('<span class="game-score-value">12</span>');
    // Two-player: the brief's 'N questions answered', and the right answers beside it, as big.
    const answered = render(createElement(GameScore, { value: 3, right: 2 }));
    expect(answered.replace(/<\/p>/g, "|").replace(/<[^>]+>/g, "")).toBe("3 questions answered|2 correct|");
    expect(answered).toContain('<span class="game-score-value">2</span>');
  });
});
