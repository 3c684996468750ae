const KEYS = ["7", "8", "9", "4", "5", "6", "1", "2", "3", ".", "0", "Backspace"] as const;
export type PadKey = (typeof KEYS)[number];

/** What a key shows. */
function keyFace(key: PadKey) {
  if (key === "Backspace") return <span aria-hidden="true">⌫</span>;
  return key;
}

/** A key's accessible name where its face does not say it. */
function keyName(key: PadKey) {
  if (key === "Backspace") return "Delete last digit";
  if (key === ".") return "Decimal point";
  return undefined;
}

/**
 * The number pad. With `onKey` it is the game in the page's: each key edits the answer in the browser. Without it,
 * the server-driven game's (number-pad-form.tsx): each key is a submit button the server applies to the pending
 * answer (docs/product.md#server-driven-game-without-javascript). The decimal point is there only when the game's
 * answers can be decimals (`decimal`: app/game answersMayBeDecimal); without it its place stays empty, so 0 and ⌫
 * keep their places and the pad its shape.
 */
export function NumberPad({
  decimal,
  disabled,
  onKey,
}: {
  decimal: boolean;
  disabled?: boolean;
  onKey?: (key: string) => void;
}) {
  return (
    <div className="number-pad" role="group" aria-label="Number pad">
      {KEYS.map((key) =>
        key === "." && !decimal ? (
          <span key={key} className="pad-key pad-key-none" aria-hidden="true" />
        ) : (
          <button
            key={key}
            type={onKey ? "button" : "submit"}
            name={onKey ? undefined : "key"}
            value={onKey ? undefined : key}
            className="pad-key"
            aria-label={keyName(key)}
            disabled={disabled}
            onClick={onKey ? () => onKey(key) : undefined}
            formNoValidate={onKey ? undefined : true}
          >
            {keyFace(key)}
          </button>
        ),
      )}
    </div>
  );
}
