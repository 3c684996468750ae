/**
 * The sound switch above the game in the page: a plain checkbox (its state is what it shows), off unless turned on.
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
      <span aria-hidden="true">{on ? "🔊" : "🔈"}</span> Sound
    </label>
  );
}
