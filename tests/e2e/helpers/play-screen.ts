import type { Page } from "@playwright/test";

/*
 * The play screen on one screen (docs/product.md#number-pad-and-answer-entry): the solo game's and the live player's
 * alike, read as the page stands.
 */

/** What of the game is not wholly on the screen as it stands, and whether the timer's digits are cut. */
export async function playScreenOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const view = { width: window.innerWidth, height: window.innerHeight };
    const check = (name: string, el: Element | null) => {
      if (!el) return out.push(`${name}: missing`);
      const b = el.getBoundingClientRect();
      if (b.top < 0 || b.left < 0 || b.bottom > view.height + 0.5 || b.right > view.width + 0.5)
        out.push(
          `${name}: ${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}`,
        );
    };
    check("problem", document.querySelector("[data-testid=problem]"));
    check("timer", document.querySelector(".timer"));
    check("feedback", document.querySelector(".play-feedback"));
    check("answer field", document.querySelector("#answer"));
    check("Enter", document.querySelector(".answer-submit"));
    const keys = document.querySelectorAll(".number-pad button");
    if (keys.length < 11) out.push(`pad: ${keys.length} buttons`);
    keys.forEach((key) => check(`pad key ${key.getAttribute("aria-label") ?? key.textContent}`, key));
    for (const cut of [".timer-value", ".timer-text", ".timer"]) {
      const el = document.querySelector(cut);
      if (el && el.scrollWidth > el.clientWidth) out.push(`${cut} cut: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });
}
