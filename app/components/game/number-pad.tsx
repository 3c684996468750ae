const KEYS = ["7", "8", "9", "4", "5", "6", "1", "2", "3", ".", "0", "Backspace"] as const;
type Key = (typeof KEYS)[number];

function label(key: Key) {
  if (key === "Backspace") return <span aria-hidden="true">⌫</span>;
  return key;
}

function accessibleName(key: Key) {
  if (key === "Backspace") return "Delete last digit";
  if (key === ".") return "Decimal point";
  return undefined;
}

/**
 * The on-screen number pad. In the island each key edits the answer in the browser; in the
 * server-driven game (no JavaScript) each key is a submit button the server applies. The decimal point is
 * there only when the game's answers can be decimals (`decimal`: app/game answersMayBeDecimal); without it its
 * place stays empty, so 0 and ⌫ keep their places and the pad its shape.
 */
export function NumberPad(
  props: { decimal: boolean } & (
    { mode: "island"; onKey: (key: string) => void; disabled: boolean } | { mode: "form"; disabled?: boolean }
  ),
) {
  return (
    <div className="number-pad" role="group" aria-label="Number pad">
      {KEYS.map((key) =>
        key === "." && !props.decimal ? (
          <span key={key} className="pad-key pad-key-none" aria-hidden="true" />
        ) : props.mode === "island" ? (
          <button
            key={key}
            type="button"
            className="pad-key"
            aria-label={accessibleName(key)}
            disabled={props.disabled}
            onClick={() => props.onKey(key)}
          >
            {label(key)}
          </button>
        ) : (
          <button
            key={key}
            type="submit"
            name="key"
            value={key}
            className="pad-key"
            aria-label={accessibleName(key)}
            disabled={props.disabled}
            formNoValidate
          >
            {label(key)}
          </button>
        ),
      )}
    </div>
  );
}
