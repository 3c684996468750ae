/*
 * The words of a member's or visitor's calm game's own pages (docs/product.md#calm-play). The setting's words are
 * beside its form (CALM_SETTING), the results' beside them (CALM_RESULTS), so the pages that share those load none of
 * these (docs/decisions/0026-client-weight-budget.md).
 */

/** The calm game's own pages. */
export const CALM_PLAY_TEXTS = {
  heading: "Calm play",
  lead: "No clock on the screen. Answer 20 questions at your own speed. If you miss one, you see the right answer.",
  button: "Start calm play",
  always: "Always play calmly on this browser",
  alwaysHint: "Then Play brings you here. You can still play with the clock.",
  alwaysInvalid: "Always play calmly is either ticked or not.",
  withClock: "Play with the clock",
  waiting: "Getting your calm game ready…",
  saved: "Score saved!",
} as const;

/** The calm game's page name, for its start page and its page-by-page play alike. */
export const CALM_PAGE_META = {
  title: "Calm play",
  description: "Maths with no clock on the screen: 20 questions at your own speed.",
  path: "/game/calm",
} as const;

/** The feedback after an answer: a miss shows the right answer (docs/product.md#calm-play). */
export function calmFeedback(correct: boolean, answer: string): string {
  return correct ? "✓ Correct!" : `✗ Not quite. The answer is ${answer}.`;
}
