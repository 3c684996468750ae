import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ClassWorkList } from "~/components/teacher/set-work";
import type { ClassWorkView } from "~/types/set-work";

/*
 * The teacher's list of a class's set work (docs/product.md#set-work) as the server renders it: open work under
 * `Work set`, work past its date apart under `Ended` with how long it stays.
 */

const view = (id: string, words: string, open: boolean): ClassWorkView => ({
  id,
  words,
  target: words,
  due: "2030-01-15",
  open,
  note: null,
  setOn: "Monday 6 January",
  pupils: 2,
  done: [],
  started: [],
  notStarted: ["Ada", "Ben"],
});

const render = (work: ClassWorkView[]) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(ClassWorkList, { classId: "class-1", work })));

/** The text of the section headed `heading`, tags left out. */
function section(html: string, heading: string): string {
  const sections = html
    .split("<section")
    .map((part) => `<section${part}`.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
  const found = sections.find((part) => part.trim().startsWith(heading));
  if (!found) throw new Error(`no section headed ${heading}`);
  return found;
}

describe("the teacher's list of set work", () => {
  it("lists open work under Work set and ended work apart under Ended", () => {
    const html = render([view("a", "Play 5 games by Friday 10 January", false), view("b", "Play 3 games", true)]);
    const open = section(html, "Work set");
    const ended = section(html, "Ended");
    expect(open).toContain("Play 3 games");
    expect(open).not.toContain("Play 5 games");
    expect(ended).toContain("Play 5 games by Friday 10 January (Ended)");
    expect(ended).toContain("Work stays here for 8 weeks after its due date. Then it goes for good.");
    expect(ended).not.toContain("Play 3 games");
  });

  it("says when nothing is open but some work has ended, and has no Ended part with nothing ended", () => {
    expect(section(render([view("a", "Play 5 games", false)]), "Work set")).toContain("No work open just now.");
    const none = render([]);
    expect(section(none, "Work set")).toContain("No work set yet.");
    expect(none).not.toContain("Ended");
    expect(render([view("b", "Play 3 games", true)])).not.toContain("Ended");
  });
});
