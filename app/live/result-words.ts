// A player's result at the podium, in the words both the island and the page without JavaScript show
// (docs/product.md#live-game). A run being checked for its pace has no place: kind words, never blame.
import { ordinal } from "./problems";
import type { PlayerState } from "./protocol";

export const CHECKING_WORDS = "Your score is being checked, so it is not on the podium.";

export function resultWords(state: Pick<PlayerState, "place" | "of" | "right" | "checking">): string {
  const where = state.checking
    ? CHECKING_WORDS
    : state.place !== null
      ? `You came ${ordinal(state.place)} of ${state.of}.`
      : "The game is over.";
  return `${where} ${state.right} right.`;
}
