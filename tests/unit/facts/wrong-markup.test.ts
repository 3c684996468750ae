import { describe, expect, it } from "vitest";
import { WRONG_TEXTS } from "~/components/game/wrong-answers";
import { wrongAnswersMarkup } from "~/markup/wrong-answers.server";

/*
 * "The ones to practise" as the finish's reply draws them for /game (docs/product.md#wrong-answers-after-a-game):
 * the same list as the results pages, its button asking for the practice in the page, every text escaped.
 */
describe("wrongAnswersMarkup", () => {
  it("draws each sum with its right answer and what was said, and Practise these for the game in the page", () => {
    const html = wrongAnswersMarkup(
      [
        { problem: "7 × 8 = ?", userAnswer: "54", correctAnswer: 56 },
        { problem: "15 - 7 = ?", userAnswer: "9", correctAnswer: 8 },
      ],
      "run-1",
      true,
    );
    expect(html).toContain(`<h2 id="wrong-heading">${WRONG_TEXTS.heading}</h2>`);
    expect(html).toContain(`<p>${WRONG_TEXTS.intro}</p>`);
    expect(html).toContain("<strong>7 × 8 = 56</strong>");
    // As the game showed it: minus as −.
    expect(html).toContain("<strong>15 \u2212 7 = 8</strong>");
    expect(html).toContain(`(${WRONG_TEXTS.said} 54)`);
    expect(html).toContain('<form method="post" action="/game/practice">');
    expect(html).toContain('<input type="hidden" name="runId" value="run-1"/>');
    expect(html).toContain(`name="go" value="island" class="button button-primary">${WRONG_TEXTS.button}</button>`);
    expect(html).toContain('data-testid="wrong-answers"');
  });

  it("has no button when no wrong answer is a fact, and nothing at all when none was wrong", () => {
    const html = wrongAnswersMarkup(
      [{ problem: "£2.50 + £1.25 = ?", userAnswer: "3.5", correctAnswer: 3.75 }],
      "r",
      false,
    );
    expect(html).toContain(WRONG_TEXTS.heading);
    expect(html).not.toContain("<form");
    expect(html).not.toContain(WRONG_TEXTS.button);
    expect(wrongAnswersMarkup([], "r", true)).toBe("");
  });

  it("escapes every text: a problem, an answer or a run id cannot inject markup", () => {
    const html = wrongAnswersMarkup(
      [
        {
          problem: '<img src=x onerror="alert(1)"> + 1 = ?',
          userAnswer: "<script>alert(2)</script>",
          correctAnswer: 2,
        },
      ],
      '"><script>alert(3)</script>',
      true,
    );
    expect(html).not.toMatch(/<img|<script/i);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; + 1 = 2");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
  });
});
