import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, groupAria } from "~/components/forms/field-error";
import { StartDialog } from "~/components/game/start-dialog";
import { parseSoloSettings } from "~/forms/solo-settings.server";
import { specFromStartParams } from "~/routes/game/start-params.server";
import { SETTINGS_MESSAGES, defaultSoloSettings, soloSettingsSent } from "~/utils/solo-settings";

/** The start dialog as the server renders it after refusing `query` (the page without JavaScript). */
function refusedDialog(query: string): string {
  const parsed = parseSoloSettings(new URLSearchParams(query));
  if (parsed.ok) throw new Error(`expected ${query} to be refused`);
  return renderToStaticMarkup(
    createElement(StartDialog, { defaults: defaultSoloSettings(), lastResult: parsed.result }),
  );
}

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with id ${id}`);
  return match[0];
}

describe("the form error components", () => {
  it("summarise each field's first message as a link to the field, and list form-wide errors as text", () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, {
        formId: "sign-in",
        errors: { email: ["Enter your email address.", "second"], password: null, "": ["Too many tries."] },
        problem: "Check your connection.",
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('<h2 id="sign-in-summary">There is a problem</h2>');
    expect(html).toContain('<a href="#sign-in-email">Enter your email address.</a>');
    expect(html).not.toContain("second");
    expect(html).toContain("<li>Too many tries.</li>");
    expect(html).toContain("<li>Check your connection.</li>");
    expect(renderToStaticMarkup(createElement(ErrorSummary, { formId: "x", errors: { a: [] } }))).toBe("");
  });

  it("give a field its message and aria attributes only when it has an error", () => {
    const bad = { id: "f-name", errorId: "f-name-error", errors: ["Enter a name."] };
    const good = { id: "f-name", errorId: "f-name-error", errors: undefined };
    expect(renderToStaticMarkup(createElement(FieldError, { field: bad }))).toBe(
      '<p id="f-name-error" class="field-error">Enter a name.</p>',
    );
    expect(renderToStaticMarkup(createElement(FieldError, { field: good }))).toBe("");
    expect(fieldAria(bad)).toEqual({ "aria-invalid": true, "aria-describedby": "f-name-error" });
    expect(fieldAria(good)).toEqual({});
    expect(groupAria(bad)).toEqual({ "aria-describedby": "f-name-error" });
  });

  it("render a refused start form with the summary linking to the group's first choice, the message beside it, and the valid choices kept", () => {
    const html = refusedDialog("difficulty=hard&timeLimit=7&operations=add");
    expect(html).toContain(`<a href="#start-timeLimit">${SETTINGS_MESSAGES.timeLimit}</a>`);
    expect(tagWithId(html, "start-timeLimit-error")).toContain('class="field-error"');
    expect(tagWithId(html, "start-timeLimit")).toMatch(/type="radio".*value="30"/);
    expect(html).toMatch(/<fieldset class="choice-group" aria-describedby="start-timeLimit-error">/);
    // What was sent stays chosen; the refused time limit shows the default again.
    expect(tagWithId(html, "start-difficulty-hard")).toContain('checked=""');
    expect(tagWithId(html, "start-timeLimit-60")).toContain('checked=""');
    expect(tagWithId(html, "start-operations")).toMatch(/type="checkbox".*checked="".*value="add"/);
    expect(tagWithId(html, "start-operations-divide")).not.toContain("checked");
    // The field without an error says nothing.
    expect(html).not.toContain("start-difficulty-error");
  });
});

describe("the start dialog's operations", () => {
  const start = (query: string) => specFromStartParams(new URLSearchParams(query));

  it("are refused beside the boxes when the dialog sent none, the other choices kept", () => {
    const refused = start("from=start&difficulty=hard&timeLimit=30");
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.result.error).toEqual({ operations: [SETTINGS_MESSAGES.operations] });
    const html = renderToStaticMarkup(
      createElement(StartDialog, { defaults: defaultSoloSettings(), lastResult: refused.result }),
    );
    expect(html).toContain(`<a href="#start-operations">${SETTINGS_MESSAGES.operations}</a>`);
    expect(html).toMatch(/<fieldset class="choice-group" aria-describedby="start-operations-error">/);
    expect(tagWithId(html, "start-operations-error")).toContain('class="field-error"');
    // None ticked stays none ticked; Hard and 30s stay chosen.
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(tagWithId(html, "start-difficulty-hard")).toContain('checked=""');
    expect(tagWithId(html, "start-timeLimit")).toContain('checked=""');
  });

  it("join any other refusal in the same reply", () => {
    const refused = start("from=start&difficulty=impossible&timeLimit=60");
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.result.error).toEqual({
      difficulty: [SETTINGS_MESSAGES.difficulty],
      operations: [SETTINGS_MESSAGES.operations],
    });
  });

  it("are all four when a link names none, and as ticked when the dialog sends some", () => {
    expect(start("difficulty=hard")).toEqual({
      ok: true,
      value: { mode: "solo", difficulty: "hard", operations: ["+", "-", "*", "/"], timeLimit: 60 },
    });
    expect(start("from=start&timeLimit=30&operations=subtract&operations=divide")).toEqual({
      ok: true,
      value: { mode: "solo", difficulty: "normal", operations: ["-", "/"], timeLimit: 30 },
    });
  });
});

describe("the settings a refused start form sent", () => {
  const fallback = defaultSoloSettings();
  it("keeps each one the dialog offers and falls back for the rest", () => {
    expect(
      soloSettingsSent({ difficulty: "extreme", timeLimit: "7", operations: ["add", "add", "divide"] }, fallback),
    ).toEqual({
      difficulty: "extreme",
      timeLimit: 60,
      operations: ["+", "/"],
    });
    expect(soloSettingsSent({ timeLimit: "300", operations: "multiply" }, fallback)).toEqual({
      difficulty: "normal",
      timeLimit: 300,
      operations: ["*"],
    });
    for (const odd of [undefined, null, "x", { difficulty: "constructor", operations: ["add", "constructor"] }]) {
      expect(soloSettingsSent(odd, fallback)).toEqual(fallback);
    }
  });
});
