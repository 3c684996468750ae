import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BoardTable } from "~/components/leaderboard/board-table";
import { BoardChoice } from "~/components/leaderboard/board-tabs";
import { WordSelect } from "~/components/live/word-select";
import { SiteFooter } from "~/components/site-footer";
import { MarkupCacheProvider, useCachedMarkup } from "~/utils/markup-cache";
import type { BoardRow } from "~/types/leaderboard";
import { KEPT_PER_COMPONENT, cachedMarkup } from "~/utils/markup-cache.server";

/*
 * The server's kept markup for the site's header and footer (docs/decisions/0032-kept-markup-for-the-site-chrome.md)
 * and for the boards (docs/decisions/0033-kept-markup-for-boards.md):
 * a page rendered with it must be byte for byte the page rendered without it, or hydration would fail; and two
 * visitors share a markup only when its props are equal.
 */

/** A component that counts its renders, with adjacent text nodes (React separates them with <!-- -->). */
function counted() {
  const calls: string[] = [];
  const Greeting: FunctionComponent<{ name: string; year: number }> = ({ name, year }) => {
    calls.push(name);
    return createElement("p", null, "© ", year, " ", name, ". All rights reserved.");
  };
  return { Greeting, calls };
}

/** The same element, once through the kept markup (as on the server) and once drawn in place (as in the browser). */
function bothWays<P extends object>(component: FunctionComponent<P>, props: P) {
  const Wrapper = () => {
    const content = useCachedMarkup(component, props);
    return createElement(
      "div",
      { className: "wrap", dangerouslySetInnerHTML: content.dangerouslySetInnerHTML },
      content.children,
    );
  };
  return {
    kept: renderToString(createElement(MarkupCacheProvider, { value: cachedMarkup }, createElement(Wrapper))),
    drawn: renderToString(createElement(Wrapper)),
  };
}

describe("kept markup", () => {
  it("is exactly what React draws in its place, text separators and escaping included", () => {
    const { Greeting } = counted();
    const props = { name: `<script>alert("x")</script> & Bo`, year: 2026 };
    const { kept, drawn } = bothWays(Greeting, props);
    expect(kept).toBe(drawn);
    expect(kept).toContain("<!-- -->");
    expect(kept).toContain("&lt;script&gt;");
    expect(kept).not.toContain("<script>");
  });

  it("draws the footer as it would be drawn in place", () => {
    const page = (cache: typeof cachedMarkup | null) =>
      renderToString(
        createElement(
          MarkupCacheProvider,
          { value: cache },
          createElement(SiteFooter, { siteName: "Maths Sprint", year: 2026 }),
        ),
      );
    expect(page(cachedMarkup)).toBe(page(null));
    expect(page(cachedMarkup)).toContain('<a href="/privacy" data-discover="true">Privacy</a>');
  });

  it("draws a board and the leaderboard's tabs as they would be drawn in place", () => {
    const page = (cache: typeof cachedMarkup | null, rows: BoardRow[]) =>
      renderToString(
        createElement(
          MarkupCacheProvider,
          { value: cache },
          createElement(BoardChoice, { period: "all-time", board: "hard", time: "60" }),
          createElement(BoardTable, { rows, caption: "Hard leaderboard, All Time", emptyText: "No scores yet." }),
        ),
      );
    const rows: BoardRow[] = [
      { rank: 1, name: "<b>Ada</b> & Bo", score: 31, totalQuestions: 32, accuracy: 97, mine: false },
      { rank: 2, name: "Anonymous Player", score: 30, totalQuestions: 30, accuracy: 100, mine: true },
    ];
    expect(page(cachedMarkup, rows)).toBe(page(null, rows));
    expect(page(cachedMarkup, rows)).toContain('<a href="/leaderboard?period=all-time&amp;board=hard&amp;time=60"');
    expect(page(cachedMarkup, rows)).toContain("&lt;b&gt;Ada&lt;/b&gt; &amp; Bo");
    // The viewer's own row is part of the key: the next visitor, who has none, is not shown '(You)'.
    const theirs = rows.map((row) => ({ ...row, mine: false }));
    expect(page(cachedMarkup, theirs)).toBe(page(null, theirs));
    expect(page(cachedMarkup, theirs)).not.toContain("(You)");
    expect(page(cachedMarkup, [])).toBe(page(null, []));
  });

  it("draws a live game's word list as it would be drawn in place, the word picked before marked", () => {
    const page = (cache: typeof cachedMarkup | null, value: string, errorId: string | null = null) =>
      renderToString(
        createElement(
          MarkupCacheProvider,
          { value: cache },
          createElement(WordSelect, { list: "animals", id: "guest-animal", name: "animal", value, errorId }),
        ),
      );
    for (const [value, errorId] of [
      ["", null],
      ["Otter", null],
      ["", "guest-animal-error"],
    ] as const) {
      expect(page(cachedMarkup, value, errorId)).toBe(page(null, value, errorId));
    }
    // Each pick and each error state is its own markup: the next guest is not shown another's word or error.
    expect(page(cachedMarkup, "Otter")).toContain('<option selected="">Otter</option>');
    expect(page(cachedMarkup, "")).not.toContain('<option selected="">Otter</option>');
    expect(page(cachedMarkup, "", "guest-animal-error")).toContain('aria-invalid="true"');
    expect(page(cachedMarkup, "")).not.toContain("aria-invalid");
    // A word not in the list shows nothing picked, and is kept as nothing picked (no markup kept per sent word).
    expect(page(cachedMarkup, "<b>Unicorn</b>")).toBe(page(cachedMarkup, ""));
  });

  it("renders a component once for the same props, and again for other props", () => {
    const { Greeting, calls } = counted();
    const ada = cachedMarkup(Greeting, { name: "Ada", year: 2026 });
    expect(cachedMarkup(Greeting, { name: "Ada", year: 2026 })).toBe(ada);
    const bo = cachedMarkup(Greeting, { name: "Bo", year: 2026 });
    expect(bo).not.toBe(ada);
    expect(bo).toContain("Bo");
    expect(cachedMarkup(Greeting, { name: "Ada", year: 2027 })).toContain("2027");
    expect(calls).toEqual(["Ada", "Bo", "Ada"]);
  });

  it("keeps each component's own markups apart", () => {
    const first = counted();
    const second = counted();
    cachedMarkup(first.Greeting, { name: "Ada", year: 2026 });
    cachedMarkup(second.Greeting, { name: "Ada", year: 2026 });
    expect(first.calls).toEqual(["Ada"]);
    expect(second.calls).toEqual(["Ada"]);
  });

  it(`keeps at most ${KEPT_PER_COMPONENT} per component, the oldest going first`, () => {
    const { Greeting, calls } = counted();
    for (let i = 0; i <= KEPT_PER_COMPONENT; i++) cachedMarkup(Greeting, { name: `Player ${i}`, year: 2026 });
    expect(calls).toHaveLength(KEPT_PER_COMPONENT + 1);
    cachedMarkup(Greeting, { name: `Player ${KEPT_PER_COMPONENT}`, year: 2026 });
    cachedMarkup(Greeting, { name: "Player 1", year: 2026 });
    expect(calls).toHaveLength(KEPT_PER_COMPONENT + 1);
    cachedMarkup(Greeting, { name: "Player 0", year: 2026 });
    expect(calls.at(-1)).toBe("Player 0");
  });
});
