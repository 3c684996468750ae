/*
 * The words of a member's or visitor's calm game (docs/product.md#calm-play). Loaded by the calm game's pages and the
 * settings forms, never by /game (docs/decisions/0026-client-weight-budget.md).
 */
export const CALM_PLAY_TEXTS = {
  heading: "Calm play",
  lead: "No clock on the screen. Answer 20 questions at your own speed. If you miss one, you see the right answer.",
  button: "Start calm play",
  always: "Always play calmly on this browser",
  alwaysHint: "Then Play takes you here. You can still play with the clock.",
  withClock: "Play with the clock",
  setting: "Play calmly",
  settingHint: "No clock on the screen: 20 questions at your own speed. Play takes you to the calm game.",
  settingInvalid: "Play calmly is either ticked or not.",
  alwaysInvalid: "Always play calmly is either ticked or not.",
  link: "Play calmly, with no clock",
  waiting: "Getting your calm game ready…",
  note: "This was a calm game, so it is not on a leaderboard.",
  allDone: "All done!",
} as const;

/** The feedback after a miss shows the right answer (docs/product.md#calm-play). */
export function calmFeedback(correct: boolean, answer: string): string {
  return correct ? "✓ Correct!" : `✗ Not quite. The answer is ${answer}.`;
}
