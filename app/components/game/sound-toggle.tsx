/**
 * The sound switch under the game in the page: a plain checkbox (its state is what it shows), off unless turned on,
 * with a speaker drawn beside its word (sound waves when on).
 * Changing it hands the focus back to the answer (`afterChange`), so a player never has to click back.
 */
export function SoundToggle({
  on,
  onToggle,
  afterChange,
}: {
  on: boolean;
  onToggle: () => void;
  afterChange: () => void;
}) {
  return (
    <label className="sound-toggle">
      <input
        type="checkbox"
        checked={on}
        onChange={() => {
          onToggle();
          afterChange();
        }}
      />{" "}
      <svg className="sound-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 9v6h4l5 4V5L7 9z" />
        {on ? <path d="M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12" /> : null}
      </svg>{" "}
      Sound
    </label>
  );
}
