import { NumberPad } from "./number-pad";

/**
 * The number pad of the server-driven game (no JavaScript), the same keys in the same places as the game in the page
 * (number-pad.tsx): each key is a submit button the server applies to the pending answer
 * (docs/product.md#server-driven-game-without-javascript).
 */
export function FormNumberPad({ decimal }: { decimal: boolean }) {
  return <NumberPad decimal={decimal} />;
}
