/**
 * The sound switch under the game in the page: a plain checkbox (its state is what it shows), off unless turned on,
 * with a speaker drawn beside its word (sound waves when on; app/styles/game.css).
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
      />
      {/* The speaker, and its sound waves when on, drawn by the stylesheet: no script pays for a picture. */}
      <span className="sound-icon" aria-hidden="true" />
      Sound
    </label>
  );
}
