/**
 * Sparky, the site's mascot: a friendly lightning bolt drawn inline (no image to download), decorative only, so it is
 * hidden from screen readers. `mood`: smiling, or cheering with its arms up (results).
 */
export function Mascot({ mood = "happy", size = 96 }: { mood?: "happy" | "cheer"; size?: number }) {
  return (
    <svg
      className={`mascot mascot-${mood}`}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
    >
      {mood === "cheer" ? (
        <g stroke="#2a2199" strokeWidth="5" strokeLinecap="round">
          <path d="M24 46 L10 28" />
          <path d="M76 46 L90 28" />
        </g>
      ) : (
        <g stroke="#2a2199" strokeWidth="5" strokeLinecap="round">
          <path d="M24 54 L12 62" />
          <path d="M76 54 L88 62" />
        </g>
      )}
      <path
        d="M58 4 L22 56 H46 L38 96 L80 40 H55 Z"
        fill="#ffd23f"
        stroke="#2a2199"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="45" cy="40" r="4.5" fill="#2a2199" />
      <circle cx="60" cy="40" r="4.5" fill="#2a2199" />
      <path d="M44 50 Q52 58 61 50" fill="none" stroke="#2a2199" strokeWidth="4" strokeLinecap="round" />
      <circle cx="38" cy="49" r="3.5" fill="#ff8fa3" />
      <circle cx="67" cy="49" r="3.5" fill="#ff8fa3" />
    </svg>
  );
}
