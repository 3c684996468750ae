import { KEYS, keyFace, keyName } from "./number-pad";

/**
 * The number pad of the server-driven game (no JavaScript), the same keys in the same places as the game in the page
 * (number-pad.tsx): each key is a submit button the server applies to the pending answer
 * (docs/product.md#server-driven-game-without-javascript).
 */
export function FormNumberPad({ decimal }: { decimal: boolean }) {
  return (
    <div className="number-pad" role="group" aria-label="Number pad">
      {KEYS.map((key) =>
        key === "." && !decimal ? (
          <span key={key} className="pad-key pad-key-none" aria-hidden="true" />
        ) : (
          <button
            key={key}
            type="submit"
            name="key"
            value={key}
            className="pad-key"
            aria-label={keyName(key)}
            formNoValidate
          >
            {keyFace(key)}
          </button>
        ),
      )}
    </div>
  );
}
