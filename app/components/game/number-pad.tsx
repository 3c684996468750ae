export const KEYS = ["7", "8", "9", "4", "5", "6", "1", "2", "3", ".", "0", "Backspace"] as const;
export type PadKey = (typeof KEYS)[number];

/** What a key shows. */
export function keyFace(key: PadKey) {
  if (key === "Backspace") return <span aria-hidden="true">⌫</span>;
  return key;
}

/** A key's accessible name where its face does not say it. */
export function keyName(key: PadKey) {
  if (key === "Backspace") return "Delete last digit";
  if (key === ".") return "Decimal point";
  return undefined;
}

/**
 * The number pad of the game in the page: each key edits the answer in the browser. The decimal point is there only
 * when the game's answers can be decimals (`decimal`: app/game answersMayBeDecimal); without it its place stays
 * empty, so 0 and ⌫ keep their places and the pad its shape. The server-driven game's pad, whose keys are submit
 * buttons, is number-pad-form.tsx (a module of its own, so the game in the page does not carry it:
 * docs/decisions/0026-client-weight-budget.md).
 */
export function NumberPad({
  decimal,
  disabled,
  onKey,
}: {
  decimal: boolean;
  disabled: boolean;
  onKey: (key: string) => void;
}) {
  return (
    <div className="number-pad" role="group" aria-label="Number pad">
      {KEYS.map((key) =>
        key === "." && !decimal ? (
          <span key={key} className="pad-key pad-key-none" aria-hidden="true" />
        ) : (
          <button
            key={key}
            type="button"
            className="pad-key"
            aria-label={keyName(key)}
            disabled={disabled}
            onClick={() => onKey(key)}
          >
            {keyFace(key)}
          </button>
        ),
      )}
    </div>
  );
}
