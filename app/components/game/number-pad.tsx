import type { ReactNode } from "react";

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

/** What every key's button carries: its class, its name where its face does not say it, and its face. */
export type PadKeyParts = { className: string; "aria-label": string | undefined; children: ReactNode };

/**
 * The pad's keys in their places, each key's button drawn by `button` from its parts. The decimal point is there only
 * when the game's answers can be decimals (`decimal`: app/game answersMayBeDecimal); without it its place stays
 * empty, so 0 and ⌫ keep their places and the pad its shape.
 */
export function PadKeys({
  decimal,
  button,
}: {
  decimal: boolean;
  button: (key: PadKey, parts: PadKeyParts) => ReactNode;
}) {
  return (
    <div className="number-pad" role="group" aria-label="Number pad">
      {KEYS.map((key) =>
        key === "." && !decimal ? (
          <span key={key} className="pad-key pad-key-none" aria-hidden="true" />
        ) : (
          button(key, { className: "pad-key", "aria-label": keyName(key), children: keyFace(key) })
        ),
      )}
    </div>
  );
}

/**
 * The number pad of the game in the page: each key edits the answer in the browser. The server-driven game's pad,
 * whose keys are submit buttons, is number-pad-form.tsx (a module of its own, so the game in the page does not carry
 * it: docs/decisions/0026-client-weight-budget.md).
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
    <PadKeys
      decimal={decimal}
      button={(key, parts) => (
        <button key={key} type="button" {...parts} disabled={disabled} onClick={() => onKey(key)} />
      )}
    />
  );
}
