import { PlainLink } from "~/components/plain-link";
import type { FactOp } from "~/game/facts";
import {
  SHARE_BANDS,
  OP_NAMES,
  OP_SLUGS,
  bandOf,
  countsOf,
  factText,
  factWithAnswer,
  type CompactClassGrid,
  type FactGrid,
  type MissedFact,
  type NeedsHelp,
  type ShareBand,
} from "~/facts/summary";
import type { FactLevel } from "~/facts/state";
import { useCachedMarkup, type KeptContent } from "~/utils/markup-cache";

/*
 * The heat maps (docs/product.md#heat-maps): a real table per operation, row a and column b, each cell with a symbol
 * and a colour for its level and a name a screen reader reads ("7 × 8: weak"). Server markup only: the operation is
 * chosen by plain links (?op=), and nothing here needs JavaScript.
 */

export const LEVEL_SYMBOLS: Record<FactLevel, string> = {
  unseen: "·",
  weak: "✗",
  learning: "~",
  fluent: "✓",
  secure: "★",
};

/**
 * Whose words a player's map speaks: a child's (the pupil's, member's, visitor's and parent's pages) or a teacher's
 * (the class facts pages). "Fluent" and "secure" are teachers' words; a seven-year-old reads "quick" and "know it
 * well" (docs/product.md#heat-maps).
 */
export type MapWords = "child" | "teacher";

export const LEVEL_WORDS: Record<MapWords, Record<FactLevel, string>> = {
  child: {
    unseen: "not tried yet",
    weak: "needs practice",
    learning: "getting there",
    fluent: "quick",
    secure: "know it well",
  },
  teacher: {
    unseen: "not met yet",
    weak: "weak",
    learning: "learning",
    fluent: "fluent",
    secure: "secure",
  },
};

const LEVEL_HELP: Record<MapWords, Record<FactLevel, string>> = {
  child: {
    unseen: "not tried yet",
    weak: "needs practice: wrong last time",
    learning: "getting there: right, but slow",
    fluent: "quick: right in 3 seconds",
    secure: "know it well: quick on 3 days",
  },
  teacher: {
    unseen: "not met yet",
    weak: "weak: got it wrong lately",
    learning: "learning: right, but slow",
    fluent: "fluent: right in 3 seconds",
    secure: "secure: fluent on 3 days",
  },
};

const ORDER: readonly FactLevel[] = ["secure", "fluent", "learning", "weak", "unseen"];

/** The links that choose the operation: one per operation met, the shown one marked. */
export function OpTabs({ ops, shown, hrefOf }: { ops: FactOp[]; shown: FactOp; hrefOf: (op: FactOp) => string }) {
  if (ops.length < 2) return null;
  return (
    <nav className="fact-tabs" aria-label="Operation">
      <ul>
        {ops.map((op) => (
          <li key={op}>
            <PlainLink to={hrefOf(op)} aria-current={op === shown ? "page" : undefined} preventScrollReset>
              {OP_NAMES[op]}
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The legend of a player's map: every symbol with its word. */
export function LevelLegend({ counts, words }: { counts?: Record<FactLevel, number>; words: MapWords }) {
  return (
    <ul className="fact-legend" aria-label="Key">
      {ORDER.map((level) => (
        <li key={level}>
          <span className={`fact-swatch fact-${level}`} aria-hidden="true">
            {LEVEL_SYMBOLS[level]}
          </span>
          <span>
            {LEVEL_HELP[words][level]}
            {counts ? <strong className="fact-count"> ({counts[level]})</strong> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function captionOf(op: FactOp): string {
  switch (op) {
    case "+":
      return "Adding: row a, column b is a + b";
    case "-":
      return "Taking away: row a, column b is (a + b) − a";
    case "*":
      return "Times tables: row a, column b is a × b";
    case "/":
      return "Dividing: row a, column b is (a × b) ÷ a";
  }
}

/** A grid's header row: the operation's sign in the corner, then the numbers 1 to 12. */
export function HeaderRow({ op }: { op: FactOp }) {
  const numbers = Array.from({ length: 12 }, (_, i) => i + 1);
  return (
    <thead>
      <tr>
        <th scope="col" className="fact-corner">
          <span aria-hidden="true">{OP_SIGN[op]}</span>
          <span className="visually-hidden">a, b</span>
        </th>
        {numbers.map((b) => (
          <th scope="col" key={b}>
            {b}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const OP_SIGN: Record<FactOp, string> = { "+": "+", "-": "−", "*": "×", "/": "÷" };

/** One player's grid for one operation: the table, kept as markup on the server (it depends on its props alone). */
export function PlayerGridTable({ grid, words }: { grid: FactGrid; words: MapWords }) {
  return (
    <table className="fact-grid">
      <caption>{captionOf(grid.op)}</caption>
      <HeaderRow op={grid.op} />
      <tbody>
        {grid.rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{i + 1}</th>
            {row.map((cell) => {
              const name = `${factText({ op: grid.op, a: cell.a, b: cell.b })}: ${LEVEL_WORDS[words][cell.level]}`;
              const detail =
                cell.attempts > 0
                  ? `, ${cell.attempts} ${cell.attempts === 1 ? "try" : "tries"}, ${cell.misses} wrong`
                  : "";
              return (
                <td key={cell.key} className={`fact-${cell.level}`} title={name + detail}>
                  <span aria-hidden="true">{LEVEL_SYMBOLS[cell.level]}</span>
                  <span className="visually-hidden">{name}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A grid table (kept as markup on the server) in its own scrolling region, so a phone never scrolls sideways. */
export function GridRegion({ label, table }: { label: string; table: KeptContent }) {
  return (
    <div
      className="table-scroll fact-scroll"
      role="region"
      aria-label={label}
      tabIndex={0}
      dangerouslySetInnerHTML={table.dangerouslySetInnerHTML}
    >
      {table.children}
    </div>
  );
}

/** One player's grid for one operation, with its key. */
export function HeatMap({ grid, label, words }: { grid: FactGrid; label: string; words: MapWords }) {
  const table = useCachedMarkup(PlayerGridTable, { grid, words });
  return (
    <div className="fact-map">
      <GridRegion label={label} table={table} />
      <LevelLegend counts={grid.counts} words={words} />
    </div>
  );
}

const BAND_WORDS: Record<ShareBand, string> = {
  all: "everyone knows it",
  most: "most know it (two thirds or more)",
  some: "some know it (a third or more)",
  few: "a few know it (under a third)",
  none: "nobody knows it yet",
  unseen: "nobody has met it yet",
};

/** A class's grid as a table: each cell the number of pupils who know the fact by heart, coloured by the share. */
export function ClassGridTable({ grid }: { grid: CompactClassGrid }) {
  const numbers = Array.from({ length: 12 }, (_, i) => i + 1);
  const knownOf = countsOf(grid.known);
  const weakOf = countsOf(grid.weak);
  const unseenOf = countsOf(grid.unseen);
  return (
    <table className="fact-grid fact-class-grid">
      <caption>
        {captionOf(grid.op)}. Each box: how many of the {grid.pupils} pupils know it by heart
      </caption>
      <HeaderRow op={grid.op} />
      <tbody>
        {numbers.map((a) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            {numbers.map((b) => {
              const at = (a - 1) * 12 + (b - 1);
              const known = knownOf[at] ?? 0;
              const weak = weakOf[at] ?? 0;
              const band = bandOf(known, unseenOf[at] ?? 0, grid.pupils);
              const name = `${factText({ op: grid.op, a, b })}: ${known} of ${grid.pupils} know it, ${weak} weak`;
              return (
                <td key={b} className={`fact-band-${band}`}>
                  <span aria-hidden="true">
                    {band === "unseen" ? "·" : known}
                    {weak > 0 ? <span className="fact-weak-mark">✗</span> : null}
                  </span>
                  <span className="visually-hidden">{name}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A class's grid with its key. No hook: it is drawn inside the class's overview, whose whole markup the server keeps
 * (ClassOverview in ./class-facts.tsx).
 */
export function ClassHeatMap({ grid, label }: { grid: CompactClassGrid; label: string }) {
  return (
    <div className="fact-map">
      <GridRegion label={label} table={{ children: <ClassGridTable grid={grid} /> }} />
      <ul className="fact-legend" aria-label="Key">
        {[...SHARE_BANDS].reverse().map((band) => (
          <li key={band}>
            <span className={`fact-swatch fact-band-${band}`} aria-hidden="true">
              {band === "unseen" ? "·" : null}
            </span>
            <span>{BAND_WORDS[band]}</span>
          </li>
        ))}
        <li>
          <span className="fact-swatch" aria-hidden="true">
            ✗
          </span>
          <span>someone has it weak</span>
        </li>
      </ul>
    </div>
  );
}

/** "Needs help": pupils whose secure facts fell, then those with the most weak facts; each a link to their map. */
export function NeedsHelpList({ list, hrefOf }: { list: NeedsHelp[]; hrefOf: (id: string) => string }) {
  if (list.length === 0) return <p>Nobody right now. Well done!</p>;
  return (
    <ul className="fact-list">
      {list.map((pupil) => (
        <li key={pupil.id}>
          <PlainLink to={hrefOf(pupil.id)}>{pupil.name}</PlainLink>:{" "}
          {[
            pupil.fell > 0 ? `${pupil.fell} secure ${pupil.fell === 1 ? "fact" : "facts"} slipped` : null,
            `${pupil.weak} weak ${pupil.weak === 1 ? "fact" : "facts"}`,
          ]
            .filter(Boolean)
            .join(", ")}
        </li>
      ))}
    </ul>
  );
}

/** The five facts most of the class has weak. */
export function MostMissedList({ list }: { list: MissedFact[] }) {
  if (list.length === 0) return <p>No weak facts in this class yet.</p>;
  return (
    <ol className="fact-list">
      {list.map((fact) => (
        <li key={fact.key}>
          <strong>{factWithAnswer(fact)}</strong>: weak for {fact.pupils} {fact.pupils === 1 ? "pupil" : "pupils"}
        </li>
      ))}
    </ol>
  );
}

/** A player's map with its tabs, or a line saying there is nothing yet. */
export function PlayerFacts({
  view,
  hrefOf,
  label,
  empty,
  words = "child",
}: {
  view: { ops: FactOp[]; op: FactOp | null; grid: FactGrid | null };
  hrefOf: (op: FactOp) => string;
  label: string;
  empty: string;
  /** A child's words unless a teacher reads the map. */
  words?: MapWords;
}) {
  if (!view.op || !view.grid) return <p className="fact-empty">{empty}</p>;
  return (
    <>
      <OpTabs ops={view.ops} shown={view.op} hrefOf={hrefOf} />
      <HeatMap grid={view.grid} label={`${label}: ${OP_NAMES[view.op]}`} words={words} />
    </>
  );
}

/** `path?op=…` keeping the page's other parameters. */
export function opHref(path: string, params: Record<string, string>, op: FactOp): string {
  const query = new URLSearchParams({ ...params, op: OP_SLUGS[op] });
  return `${path}?${query.toString()}`;
}
