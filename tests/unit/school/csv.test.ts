import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, safeFileName, toCsv } from "~/utils/csv";

/* The results export's CSV (docs/product.md#teachers): quoting, formula injection, BOM, safe file names. */

describe("csvCell", () => {
  it("writes plain text and numbers as they are, nothing for no value", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("Smith, John")).toBe('"Smith, John"');
    expect(csvCell('Jo "JJ" Jones')).toBe('"Jo ""JJ"" Jones"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvCell('"')).toBe('""""');
  });

  it("neutralises text a spreadsheet would read as a formula with a leading apostrophe", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+44 7700")).toBe("'+44 7700");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tTab")).toBe("'\tTab");
    expect(csvCell("\rCR")).toBe('"\'\rCR"');
    // Both at once: neutralised, then quoted.
    expect(csvCell('=HYPERLINK("http://x","click")')).toBe('"\'=HYPERLINK(""http://x"",""click"")"');
    // Only the first character counts; numbers are never formulas.
    expect(csvCell("Ann-Marie")).toBe("Ann-Marie");
    expect(csvCell(-5)).toBe("-5");
  });

  it("keeps accented and other non-ASCII names", () => {
    expect(csvCell("Zoë Ñúñez 李")).toBe("Zoë Ñúñez 李");
  });
});

describe("a whole file", () => {
  it("starts with the byte-order mark and ends every row with CRLF", () => {
    const file = toCsv([
      ["Student", "Score"],
      ["O'Brien, Seán", 9],
    ]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(file).toBe(`${CSV_BOM}Student,Score\r\n"O'Brien, Seán",9\r\n`);
    expect(csvRow(["a", 1, null, "=x"])).toBe("a,1,,'=x");
  });
});

describe("safeFileName", () => {
  it("keeps ASCII letters, digits and dashes only", () => {
    expect(safeFileName("Year 4 Owls results 2026-11-22", "csv")).toBe("year-4-owls-results-2026-11-22.csv");
    expect(safeFileName('Élan "Class"; rm -rf /\r\n', "csv")).toBe("elan-class-rm-rf.csv");
    expect(safeFileName("李", "csv")).toBe("file.csv");
    expect(safeFileName("x".repeat(100), "csv")).toBe(`${"x".repeat(60)}.csv`);
  });

  it("always keeps the date: a long class name is trimmed to make room for it", () => {
    const long = safeFileName("Year 6 ".repeat(20), "csv", "results 2026-11-22");
    expect(long).toMatch(/^year-6-year-6-.*-results-2026-11-22\.csv$/);
    expect(long.length).toBeLessThanOrEqual(60 + ".csv".length);
    expect(long).not.toContain("--");
    // Accented letters lose their accents; other scripts leave nothing, so the date alone names the file.
    const accented = safeFileName("Élève ".repeat(30), "csv", "results 2026-11-22");
    expect(accented).toMatch(/^eleve-eleve-.*-results-2026-11-22\.csv$/);
    expect(accented.length).toBeLessThanOrEqual(64);
    expect(safeFileName("李老师的班级".repeat(40), "csv", "results 2026-11-22")).toBe("results-2026-11-22.csv");
    expect(safeFileName("Owls", "csv", "results 2026-11-22")).toBe("owls-results-2026-11-22.csv");
  });
});
