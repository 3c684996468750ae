import fs from "node:fs";
import path from "node:path";
import { Fragment, createElement, isValidElement, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClassOverview } from "~/components/facts/class-facts";
import { PlayerGridTable } from "~/components/facts/heat-map";
import { applyToBook, emptyBook } from "~/facts/state";
import { classGrid, compactClassGrid, factGrid } from "~/facts/summary";
import { RankedTable } from "~/components/leaderboard/board-table";
import { StickerSymbols, StickerTable } from "~/components/facts/stickers";
import { stickerGrid } from "~/facts/stickers";
import { ChoiceTabs } from "~/components/leaderboard/board-tabs";
import { WordSelectContent } from "~/components/live/word-select";
import { FooterContent } from "~/components/site-footer";
import { HeaderContent } from "~/components/site-header";

/*
 * A kept component's markup is served to every visitor with the same props
 * (docs/decisions/0032-kept-markup-for-the-site-chrome.md), so it must be a function of its props alone: one that
 * read a context, the session, the clock or state would be kept with the first visitor's output and served to the
 * next (docs/speed-shortcuts.md). Every component passed to useCachedMarkup in app/ is checked here.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A book with 7 × 8 missed once, for the heat maps' grids. */
const missedBook = applyToBook(emptyBook(), [{ key: "*7,8", op: "*", correct: false, ms: 2_000, at: 0 }]);

/** Each kept component, with props to draw it; a new kept component needs a row here (the first test says so). */
const KEPT: Record<string, { component: unknown; props: object[] }> = {
  HeaderContent: {
    component: HeaderContent,
    props: [
      { siteName: "Maths Sprint", member: null, school: null, section: "game" },
      { siteName: "Maths Sprint", member: { name: "Ada <b>" }, school: "teacher", section: "leaderboard" },
      { siteName: "Maths Sprint", member: null, school: "student", section: "leaderboard" },
    ],
  },
  WordSelectContent: {
    component: WordSelectContent,
    props: [
      { list: "adjectives", id: "a", name: "adjective", value: "", errorId: null },
      { list: "animals", id: "b", name: "animal", value: "Otter", errorId: "b-error" },
    ],
  },
  FooterContent: { component: FooterContent, props: [{ siteName: "Maths Sprint", year: 2026 }] },
  ChoiceTabs: { component: ChoiceTabs, props: [{ period: "daily", board: "hard", time: "all" }] },
  PlayerGridTable: {
    component: PlayerGridTable,
    props: [
      { grid: factGrid("*", missedBook), words: "child" },
      { grid: factGrid("-", undefined), words: "teacher" },
    ],
  },
  ClassOverview: {
    component: ClassOverview,
    props: [
      {
        classId: "c1",
        path: "/teacher-dashboard/facts",
        klass: {
          ops: ["*"],
          op: "*",
          grid: compactClassGrid(classGrid("*", [{ id: "a", name: "Ada", books: { "*": missedBook } }])),
          needsHelp: [{ id: "a", name: "Ada", weak: 1, fell: 0 }],
          mostMissed: [{ key: "*7,8", op: "*", a: 7, b: 8, pupils: 1, misses: 2 }],
          pupils: [{ id: "a", name: "Ada <b>" }],
        },
      },
      {
        classId: "c2",
        path: "/admin/facts",
        klass: { ops: [], op: null, grid: null, needsHelp: [], mostMissed: [], pupils: [] },
      },
    ],
  },
  StickerTable: {
    component: StickerTable,
    props: [
      {
        grid: stickerGrid(
          "*",
          new Map([["*7,8", Date.UTC(2026, 10, 24)]]),
          { "*": missedBook },
          Date.UTC(2026, 10, 28),
        ),
      },
      { grid: stickerGrid("+", new Map(), {}, Date.UTC(2026, 10, 28)) },
    ],
  },
  StickerSymbols: { component: StickerSymbols, props: [{}] },
  RankedTable: {
    component: RankedTable,
    props: [
      {
        caption: "Today's hard board",
        rows: [
          { rank: 1, name: "Bo", score: 20, totalQuestions: 20, accuracy: 100, mine: false },
          { rank: 2, name: "Ada", score: 18, totalQuestions: 20, accuracy: 90, mine: true },
        ],
      },
    ],
  },
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every `useCachedMarkup(Name, …)` in app/, with its file. */
const uses = sourceFiles(path.join(ROOT, "app")).flatMap((file) =>
  [...fs.readFileSync(file, "utf8").matchAll(/useCachedMarkup\((\w+),/g)].map((m) => ({ name: m[1]!, file })),
);

/**
 * Draws the tree by calling every function component as a plain function, outside any React render: a hook (and
 * so a context, state or effect) throws there, wherever in the kept tree it is.
 */
function callAsPlainFunctions(node: ReactNode): void {
  if (Array.isArray(node)) return node.forEach(callAsPlainFunctions);
  if (!isValidElement(node)) return;
  const { type, props } = node as { type: unknown; props: { children?: ReactNode } };
  if (typeof type === "function") return callAsPlainFunctions((type as (p: unknown) => ReactNode)(props));
  if (typeof type !== "string" && type !== Fragment)
    throw new Error(`renders ${String(type)}, which is not a plain function component`);
  callAsPlainFunctions(props.children);
}

const elementOf = (component: unknown, props: object) => createElement(component as FunctionComponent<object>, props);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("kept components are functions of their props alone", () => {
  it("names every component that app/ keeps", () => {
    expect(uses.length).toBeGreaterThan(0);
    expect([...new Set(uses.map((use) => use.name))].sort()).toEqual(Object.keys(KEPT).sort());
  });

  it.each(Object.entries(KEPT))("%s calls no hook, its children included", (_name, { component, props }) => {
    for (const p of props) expect(() => callAsPlainFunctions(elementOf(component, p))).not.toThrow();
  });

  it.each(Object.entries(KEPT))("%s draws the same whatever the time and chance", (_name, { component, props }) => {
    for (const p of props) {
      const draw = () => renderToStaticMarkup(elementOf(component, p));
      vi.useFakeTimers({ now: new Date("2026-01-01T08:00:00Z") });
      vi.spyOn(Math, "random").mockReturnValue(0.1);
      const first = draw();
      vi.setSystemTime(new Date("2031-07-15T23:59:59Z"));
      vi.spyOn(Math, "random").mockReturnValue(0.9);
      expect(draw()).toBe(first);
    }
  });

  it("their files import nothing of the server, the session or the clock", () => {
    for (const file of new Set(uses.map((use) => use.file))) {
      const imports = [...fs.readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]!);
      expect(
        imports.filter((name) => /\.server$|session|clock|cookie/.test(name)),
        path.relative(ROOT, file),
      ).toEqual([]);
    }
  });
});
