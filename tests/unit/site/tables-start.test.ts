import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TablesStart } from "~/components/game/tables-start";
import { parseTablesSettings } from "~/forms/tables-settings.server";
import {
  TABLES_MESSAGES,
  defaultTablesSettings,
  tablesSettingsSent,
  tablesSettingsToParams,
  tablesSpec,
} from "~/utils/tables-settings";

/*
 * The times-tables start (docs/product.md#times-tables-game) as the server renders it, and its settings: the one form
 * pattern's summary and inline message, the input kept, links that say the same settings.
 */

function refused(body: string): string {
  const parsed = parseTablesSettings(new URLSearchParams(body), { noOperationsMeansNone: true });
  if (parsed.ok) throw new Error(`expected ${body} to be refused`);
  return renderToStaticMarkup(
    createElement(TablesStart, { defaults: defaultTablesSettings(), lastResult: parsed.result }),
  );
}

/** Whether the input of this id is ticked. */
function ticked(html: string, id: string): boolean {
  const match = new RegExp(`<input[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no input with id ${id}`);
  return match[0].includes('checked=""');
}

describe("the times-tables start", () => {
  it("shows eleven tables, none ticked at first, both operations and a minute", () => {
    const html = renderToStaticMarkup(createElement(TablesStart, { defaults: defaultTablesSettings() }));
    expect(html.match(/name="tables"/g)).toHaveLength(11);
    expect(html).not.toMatch(/name="tables" checked/);
    expect(ticked(html, "tables-operations")).toBe(true);
    expect(ticked(html, "tables-operations-divide")).toBe(true);
    expect(ticked(html, "tables-timeLimit-60")).toBe(true);
    expect(html).toContain('<form id="tables" method="post" action="/game/tables"');
    expect(html).toContain(
      'href="/game/tables?tables=2&amp;tables=3&amp;tables=4&amp;tables=5&amp;tables=6&amp;tables=7&amp;tables=8&amp;tables=9&amp;tables=10&amp;tables=11&amp;tables=12&amp;operations=multiply&amp;operations=divide&amp;timeLimit=60"',
    );
  });

  it("refuses no table ticked in the summary and beside the boxes, the other choices kept", () => {
    const html = refused("from=start&operations=divide&timeLimit=300");
    expect(html).toContain(`<a href="#tables-tables">${TABLES_MESSAGES.tables}</a>`);
    expect(html).toContain(`<p id="tables-tables-error" class="field-error">${TABLES_MESSAGES.tables}</p>`);
    expect(html).toMatch(/<fieldset class="choice-group" aria-describedby="tables-tables-error">/);
    expect(ticked(html, "tables-timeLimit-300")).toBe(true);
    expect(ticked(html, "tables-operations-divide")).toBe(true);
    expect(ticked(html, "tables-operations")).toBe(false);
  });

  it("refuses no operation ticked beside its boxes, the tables kept", () => {
    const html = refused("from=start&tables=7&tables=12");
    expect(html).toContain(`<p id="tables-operations-error" class="field-error">${TABLES_MESSAGES.operations}</p>`);
    expect(ticked(html, "tables-tables-7")).toBe(true);
    expect(ticked(html, "tables-tables-12")).toBe(true);
    expect(ticked(html, "tables-tables-8")).toBe(false);
  });
});

describe("times-tables settings", () => {
  it("keep only what the form offers of what was sent", () => {
    const fallback = defaultTablesSettings();
    expect(tablesSettingsSent({ tables: ["9", "07", "13", "2", "9"], operations: "multiply" }, fallback)).toEqual({
      tables: [2, 9],
      operations: ["*"],
      timeLimit: 60,
    });
    expect(tablesSettingsSent({ timeLimit: "30", operations: ["add", "divide"] }, fallback)).toEqual({
      tables: [],
      operations: ["/"],
      timeLimit: 30,
    });
  });

  it("make a link and a spec in order, whatever order they were ticked in", () => {
    const settings = { tables: [8, 3], operations: ["/", "*"], timeLimit: 120 } as const;
    const mixed = { tables: [...settings.tables], operations: [...settings.operations], timeLimit: 120 as const };
    expect(tablesSettingsToParams(mixed).toString()).toBe(
      "mode=tables&tables=3&tables=8&operations=divide&operations=multiply&timeLimit=120",
    );
    expect(tablesSpec(mixed)).toEqual({ mode: "tables", tables: [3, 8], operations: ["*", "/"], timeLimit: 120 });
    const parsed = parseTablesSettings(tablesSettingsToParams(mixed));
    expect(parsed.ok && tablesSpec(parsed.value)).toEqual(tablesSpec(mixed));
  });
});
