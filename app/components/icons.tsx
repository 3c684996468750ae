/*
 * Our own icons, drawn as inline SVG so they show on every computer, with or without an emoji font
 * (docs/product.md#icons). Each is decorative and hidden from screen readers: the words beside it say what it means.
 * Lines and fills come from CSS (.icon in app.css), so each icon here is one short path: every page that shows one
 * carries them all in its JavaScript, in a chunk of their own (CLIENT_CHUNKS in vite.config.ts,
 * docs/decisions/0026-client-weight-budget.md). Not imported by the pages every game loads: the header draws its own
 * bolt, and the answers and the play screen mark right and wrong with the text marks ✓ and ✗.
 */

function Icon({ d, name }: { d: string; name: string }) {
  return (
    <svg className={`icon icon-${name}`} viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** Done (a pupil's game saved). */
export const TickIcon = () => <Icon name="tick" d="M4 12l5 5L20 6" />;
/** A game (the pupil's Start Math Game card). */
export const GameIcon = () => <Icon name="game" d="M7 7h10a5 5 0 010 10H7A5 5 0 017 7zM8 10v4m-2-2h4m5-1h0m2 2h0" />;
/** A bar chart (the pupil's View Progress card). */
export const ChartIcon = () => <Icon name="chart" d="M3 21h18M6 17v-6m5 6V5m5 12V9" />;
/** A rocket (the pupil's Ready?). */
export const RocketIcon = () => (
  <Icon name="rocket" d="M12 2c4 3 5 8 3 13H9C7 10 8 5 12 2zM9 13l-3 4 3 1m6-5l3 4-3 1m-3-9h0" />
);
/** A target (the pupil's next goal). */
export const TargetIcon = () => (
  <Icon name="target" d="M12 3a9 9 0 100 18 9 9 0 000-18zm0 5a4 4 0 100 8 4 4 0 000-8zm0 4h0" />
);
/** A flame (the pupil's streak). */
export const FlameIcon = () => (
  <Icon name="flame" d="M12 2c1 4 6 6 6 12a6 6 0 01-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-4-1-6 1-9z" />
);
/** A line going up (the pupil's improvement). */
export const RiseIcon = () => <Icon name="rise" d="M3 17l6-6 4 4 8-8m-6 0h6v6" />;

/** Gold, silver and bronze (two-player's final screen), named for screen readers by the caller. */
export function MedalIcon({ rank }: { rank: number }) {
  return (
    <svg className={`icon medal medal-${rank}`} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 1l5 8 5-8" />
      <circle cx="12" cy="15" r="7" />
      <text x="12" y="19">
        {rank}
      </text>
    </svg>
  );
}
