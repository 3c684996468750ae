import { PlainLink } from "~/components/plain-link";
import type { FactOp } from "~/game/facts";
import { parseFactKey } from "~/game/facts";
import {
  type Badge,
  type CompactStickerGrid,
  type Milestone,
  type Sticker,
  practiseFactsOf,
  sinceWords,
  stickerCellNames,
} from "~/facts/stickers";
import { OP_NAMES, factWithAnswer } from "~/facts/summary";
import { useCachedMarkup } from "~/utils/markup-cache";
import { GridRegion, HeaderRow, OpTabs } from "./heat-map";

/** The sticker book's own words, on the members' and the pupils' page alike (docs/product.md#sticker-book). */
export const STICKER_BOOK = {
  title: "My sticker book",
  description: "A sticker for every fact you know by heart on three different days.",
  lead: "A fact earns its sticker when you know it by heart on three different days. Stickers stay in your book.",
  empty: "No stickers yet. Play a game, and come back on other days.",
} as const;

/*
 * The sticker book (docs/product.md#sticker-book): the stickers laid out as the heat map is, a real table per
 * operation; each sticker an SVG drawn here (no emoji font), named for a screen reader ("7 × 8, secure since
 * Tuesday"). Server markup only: nothing here needs JavaScript, and the page prints as it shows.
 */

/**
 * The shapes, drawn once a page and used by each sticker (so 144 stickers cost 144 short <use>s); kept as markup on
 * the server, since they never change.
 */
export function StickerShapes() {
  const symbols = useCachedMarkup(StickerSymbols, {});
  return (
    <svg
      width="0"
      height="0"
      className="sticker-shapes"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={symbols.dangerouslySetInnerHTML}
    >
      {symbols.children}
    </svg>
  );
}

/** The star and the badge, each a <symbol> of StickerShapes. */
export function StickerSymbols() {
  return (
    <>
      <symbol id="sticker-star" viewBox="0 0 40 40">
        <circle cx="20" cy="20" r="18" fill="#fff6cc" stroke="#b7791f" strokeWidth="2" />
        <path
          d="M20 7l3.8 8.1 8.9 1-6.6 6 1.8 8.8L20 26.5l-7.9 4.4 1.8-8.8-6.6-6 8.9-1z"
          fill="#f2b705"
          stroke="#8a5a00"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </symbol>
      <symbol id="sticker-badge" viewBox="0 0 40 40">
        <path d="M12 24l-4 14 7-3 5 5 2-14zM28 24l4 14-7-3-5 5-2-14z" fill="#2f855a" />
        <circle cx="20" cy="16" r="14" fill="#e6fffa" stroke="#2f855a" strokeWidth="2.5" />
        <path d="M13 16l5 5 9-10" fill="none" stroke="#2f855a" strokeWidth="3.5" strokeLinecap="round" />
      </symbol>
    </>
  );
}

/** One sticker's drawing; its words are given beside it (visually hidden or shown). */
export function StickerIcon({ shape = "star", size = 28 }: { shape?: "star" | "badge"; size?: number }) {
  return (
    <svg className="sticker-icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#sticker-${shape}`} />
    </svg>
  );
}

function captionOf(op: FactOp): string {
  return `${OP_NAMES[op]}: row a, column b. A star is a sticker: a fact you know well.`;
}

/**
 * The book's grid for one operation: a sticker in each cell whose fact has one, the stylesheet's SVG star (one drawing
 * for the page, not one a cell), its name in words; kept as markup on the server.
 */
export function StickerTable({ grid }: { grid: CompactStickerGrid }) {
  const numbers = Array.from({ length: 12 }, (_, i) => i + 1);
  const names = stickerCellNames(grid);
  return (
    <table className="fact-grid sticker-grid">
      <caption>{captionOf(grid.op)}</caption>
      <HeaderRow op={grid.op} />
      <tbody>
        {numbers.map((a) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            {numbers.map((b) => {
              const at = (a - 1) * 12 + (b - 1);
              const name = names[at] ?? "";
              const mark = grid.marks.charAt(at);
              if (mark !== "s" && mark !== "p")
                return (
                  <td key={b} className="sticker-none">
                    <span className="visually-hidden">{name}</span>
                  </td>
                );
              return (
                <td key={b} className={mark === "p" ? "sticker-has sticker-practise" : "sticker-has"} title={name}>
                  {mark === "p" ? (
                    <span className="sticker-again" aria-hidden="true">
                      ↻
                    </span>
                  ) : null}
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

/** The grid in its own scrolling region (a phone never scrolls sideways), its table kept as markup on the server. */
function StickerRegion({ grid, label }: { grid: CompactStickerGrid; label: string }) {
  return <GridRegion label={label} table={useCachedMarkup(StickerTable, { grid })} />;
}

/** The facts whose sticker stays while the fact slipped back: said as "time to practise", never as a loss. */
function PractiseList({ grid }: { grid: CompactStickerGrid }) {
  if (grid.practise === 0) return null;
  return (
    <p className="sticker-practise-list">
      <span aria-hidden="true">↻ </span>Time to practise (your stickers stay): {practiseFactsOf(grid).join(", ")}
    </p>
  );
}

export interface StickerBookData {
  ops: FactOp[];
  op: FactOp | null;
  total: number;
  grid: CompactStickerGrid | null;
  badges: Badge[];
  milestones: Milestone[];
}

/** The whole book: the operation tabs, the grid with its key, then the badges and milestones. */
export function StickerBook({
  book,
  now,
  hrefOf,
  empty,
  owner,
}: {
  book: StickerBookData;
  now: number;
  hrefOf: (op: FactOp) => string;
  empty: string;
  /** Whose book, when it is not the reader's own (the parent page): "Ada's book". */
  owner?: string;
}) {
  const whose = owner ? `${owner}'s` : "your";
  return (
    <div className="sticker-book">
      <StickerShapes />
      <p data-testid="sticker-total">
        {book.total === 0
          ? "No stickers yet."
          : `${book.total} ${book.total === 1 ? "sticker" : "stickers"} in ${whose} book.`}
      </p>
      {book.op && book.grid ? (
        <>
          <OpTabs ops={book.ops} shown={book.op} hrefOf={hrefOf} />
          <StickerRegion grid={book.grid} label={`${owner ? `${owner}'s` : "My"} sticker book: ${OP_NAMES[book.op]}`} />
          <ul className="fact-legend" aria-label="Key">
            <li>
              <StickerIcon size={20} />
              <span>
                a sticker: a fact known well, quick on 3 days <strong>({book.grid.stickers})</strong>
              </span>
            </li>
            <li>
              <span className="fact-swatch" aria-hidden="true">
                ↻
              </span>
              <span>
                time to practise: it slipped back, the sticker stays <strong>({book.grid.practise})</strong>
              </span>
            </li>
          </ul>
          <PractiseList grid={book.grid} />
        </>
      ) : (
        <p className="fact-empty">{empty}</p>
      )}
      <section className="sticker-awards" aria-labelledby="badges-heading">
        <h2 id="badges-heading">Badges</h2>
        {book.badges.length === 0 ? (
          <p>A whole table secure earns its badge: every fact of one row.</p>
        ) : (
          <ul className="sticker-badges" data-testid="badges">
            {book.badges.map((badge) => (
              <li key={`${badge.op}${badge.n}`}>
                <StickerIcon shape="badge" size={40} />
                <span>
                  <strong>{capitalise(badge.words)}</strong>, secure since {sinceWords(badge.earnedAt, now)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sticker-awards" aria-labelledby="milestones-heading">
        <h2 id="milestones-heading">Milestones</h2>
        {book.milestones.length === 0 ? (
          <p>The first sticker, 10, 50 and all 144 facts of a grid are milestones.</p>
        ) : (
          <ul className="sticker-badges" data-testid="milestones">
            {book.milestones.map((milestone) => (
              <li key={milestone.id}>
                <StickerIcon size={32} />
                <span>
                  <strong>{milestone.words}</strong>, {sinceWords(milestone.earnedAt, now)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The results' word on the facts a game made secure: each with its new sticker, calmly (a short fade in, none when
 * the browser asks for reduced motion: app/styles/stickers.css). Nothing when the game made none secure.
 */
export function NewStickers({ stickers, bookHref }: { stickers: readonly Sticker[]; bookHref: string }) {
  const facts = stickers.map((sticker) => parseFactKey(sticker.key)).filter((fact) => fact !== null);
  if (facts.length === 0) return null;
  return (
    <section className="card sticker-news" aria-labelledby="sticker-news-heading" data-testid="new-stickers">
      <StickerShapes />
      <h2 id="sticker-news-heading">New in your sticker book</h2>
      <p>
        You know {facts.length === 1 ? "this fact" : "these facts"} well now: you knew{" "}
        {facts.length === 1 ? "it" : "them"} by heart on three different days.
      </p>
      <ul className="sticker-news-list">
        {facts.map((fact) => (
          <li key={`${fact.op}${fact.a},${fact.b}`}>
            <StickerIcon size={36} />
            <span>{factWithAnswer(fact)}</span>
          </li>
        ))}
      </ul>
      <p>
        <PlainLink to={bookHref}>Open my sticker book</PlainLink>
      </p>
    </section>
  );
}
