import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeRoster, parseRoster } from "~/school/roster-parse.server";
import { INVISIBLE_CHARACTERS_MESSAGE } from "~/utils/invisible-characters";
import { WEB_ADDRESS_IN_NAME_MESSAGE } from "~/accounts/web-addresses.server";
import { ROSTER_MAX_BYTES, ROSTER_MESSAGES as M } from "~/utils/roster-messages";

/*
 * Reading a roster list (docs/product.md#roster-import): pasted names or a CSV file, every row either added with
 * its settings or refused with a reason, the whole list refused only when it cannot be read. Pure: no database.
 */

const rowsOf = (text: string, target: "class" | "school" = "class") => {
  const parsed = parseRoster(text, target);
  if (!parsed.ok) throw new Error(`refused: ${parsed.message}`);
  return parsed.rows;
};

describe("parseRoster: pasted names", () => {
  it("reads one name a line, blank lines dropped, with the form's defaults", () => {
    const rows = rowsOf("Amy Smith\r\n\n  Ben Jones  \nCara\n");
    expect(rows.map((r) => [r.line, r.name, r.refused])).toEqual([
      [1, "Amy Smith", null],
      [3, "Ben Jones", null],
      [4, "Cara", null],
    ]);
    expect(rows[0]!.settings).toEqual({ allowedOperations: ["addition"], timesTables: [], difficulty: "easy" });
  });

  it("keeps a comma in a pasted name, and takes the quotes off a quoted line", () => {
    expect(rowsOf('Smith, Amy\n"Jones, Ben"').map((r) => r.name)).toEqual(["Smith, Amy", "Jones, Ben"]);
  });

  it("refuses a name too long, one with invisible characters, and the same name twice (any case)", () => {
    const rows = rowsOf(`${"a".repeat(61)}\nAmy\u200b\nBen\nBEN\n${"é".repeat(60)}`);
    expect(rows.map((r) => r.refused)).toEqual([M.nameLong, INVISIBLE_CHARACTERS_MESSAGE, null, M.duplicate(3), null]);
  });

  it("keeps a formula-like name as plain text and says so", () => {
    const rows = rowsOf("=SUM(1+2)\n+44\n-Amy\n@Ben");
    for (const row of rows) {
      expect(row.refused).toBeNull();
      expect(row.notes).toEqual([M.formula]);
    }
    expect(rows[0]!.name).toBe("=SUM(1+2)");
  });

  it("refuses a name holding a web address, however it is spelled out, as the forms do", () => {
    const rows = rowsOf('=HYPERLINK("http://x","y")\nAmy at www . evil . com\nevil [dot] co [dot] uk\nDr. Amy');
    expect(rows.map((r) => r.refused)).toEqual([
      WEB_ADDRESS_IN_NAME_MESSAGE,
      WEB_ADDRESS_IN_NAME_MESSAGE,
      WEB_ADDRESS_IN_NAME_MESSAGE,
      null,
    ]);
  });

  it("refuses more than 1,000 names", () => {
    const text = Array.from({ length: 1001 }, (_, i) => `Pupil ${i}`).join("\n");
    expect(parseRoster(text, "class")).toEqual({ ok: false, message: M.tooManyRows });
    expect(rowsOf(Array.from({ length: 1000 }, (_, i) => `Pupil ${i}`).join("\n"))).toHaveLength(1000);
  });

  it("needs a header with a class column for a school", () => {
    expect(parseRoster("Amy\nBen", "school")).toEqual({ ok: false, message: M.classColumnNeeded });
  });
});

describe("parseRoster: CSV with a header row", () => {
  it("reads the columns by their names, any case, commas or semicolons, quotes and a BOM", () => {
    const csv = '\uFEFFName,Times Tables,OPERATIONS,difficulty\r\n"Smith, Amy","2 5",addition multiplication,hard\r\n';
    const semi = "name;operations;times tables\nBen;division;12\n";
    expect(rowsOf(csv)[0]).toMatchObject({
      line: 2,
      name: "Smith, Amy",
      refused: null,
      settings: { allowedOperations: ["addition", "multiplication"], timesTables: ["2", "5"], difficulty: "hard" },
    });
    expect(rowsOf(semi)[0]!.settings).toEqual({
      allowedOperations: ["division"],
      timesTables: ["12"],
      difficulty: "easy",
    });
  });

  it("accepts Normal, Medium and Hard, and refuses bad settings with why", () => {
    const rows = rowsOf(
      "name,operations,times tables,difficulty\nA,,,Normal\nB,,,medium\nC,sums,,\nD,,13,\nE,,,easy\n,addition,,\n",
    );
    expect(rows.map((r) => r.refused)).toEqual([
      null,
      null,
      M.badOperation("sums"),
      M.badTable("13"),
      M.badDifficulty("easy"),
      M.noName,
    ]);
    expect(rows.map((r) => r.settings?.difficulty)).toEqual([
      "easy",
      "medium",
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("refuses unknown or doubled columns, and a class column in a class's list", () => {
    expect(parseRoster("name,age\nAmy,7", "class")).toEqual({ ok: false, message: M.unknownColumn("age") });
    expect(parseRoster("name,Name\nAmy,Amy", "class")).toEqual({ ok: false, message: M.twiceColumn("Name") });
    expect(parseRoster("name,class\nAmy,3B", "class")).toEqual({ ok: false, message: M.classColumnHere });
  });

  it("reads a school's class column; the same name in two classes is two pupils", () => {
    const rows = rowsOf("name,class\nAmy,3B\nAmy,4C\nAmy,3b\nBen,\n", "school");
    expect(rows.map((r) => [r.className, r.refused])).toEqual([
      ["3B", null],
      ["4C", null],
      ["3b", M.duplicate(2)],
      ["", M.noClass],
    ]);
  });

  it("counts lines inside a quoted cell, and a line break in a name is a space", () => {
    const rows = rowsOf('name\n"Amy\nSmith"\nBen\n');
    expect(rows.map((r) => [r.line, r.name])).toEqual([
      [2, "Amy Smith"],
      [4, "Ben"],
    ]);
  });
});

describe("decodeRoster", () => {
  it("reads UTF-8 with or without a BOM", () => {
    expect(decodeRoster(Buffer.from("\uFEFFZoë\n", "utf8"))).toEqual({ ok: true, text: "Zoë\n" });
    expect(decodeRoster(Buffer.from("Zoë\n", "utf8"))).toEqual({ ok: true, text: "Zoë\n" });
  });

  it("refuses another encoding, binary junk and a file over 1 MB", () => {
    expect(decodeRoster(Buffer.from("Zo\xeb\n", "latin1"))).toEqual({ ok: false, message: M.notUtf8 });
    expect(decodeRoster(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]))).toEqual({
      ok: false,
      message: M.notText,
    });
    expect(decodeRoster(Buffer.from("ab\u0000cd", "utf8"))).toEqual({ ok: false, message: M.notText });
    expect(decodeRoster(new Uint8Array(ROSTER_MAX_BYTES + 1))).toEqual({ ok: false, message: M.tooLarge });
  });
});

describe("parseRoster: properties", () => {
  const anyText = fc.oneof(
    fc.string({ unit: "binary", maxLength: 400 }),
    fc
      .array(
        fc.oneof(
          fc.constantFrom("name", "class", "operations", "times tables", "difficulty", '"', ",", ";", "\n", "\r\n"),
          fc.constantFrom("=1+1", "+44", "-x", "@a", "addition", "hard", "2 5", "\u200b", "é"),
          fc.string({ maxLength: 12 }),
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join("")),
  );

  it("never throws, and every row is either added with settings or refused with a reason", () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom("class" as const, "school" as const), (text, target) => {
        const parsed = parseRoster(text, target);
        if (!parsed.ok) {
          expect(parsed.message.length).toBeGreaterThan(0);
          return;
        }
        for (const row of parsed.rows) {
          if (row.refused === null) {
            expect(row.settings).not.toBeNull();
            expect(row.name.length).toBeGreaterThan(0);
            expect(row.settings!.allowedOperations.length).toBeGreaterThan(0);
          } else {
            expect(row.refused.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a formula cell's text exactly, as text, with a note", () => {
    const name = fc
      .tuple(fc.constantFrom("=", "+", "-", "@"), fc.stringMatching(/^[A-Za-z0-9()+*/ ]{0,30}$/))
      .map(([start, rest]) => (start + rest).trim());
    fc.assert(
      fc.property(name, (formula) => {
        const [row] = rowsOf(`name\n"${formula}"\n`);
        expect(row!.name).toBe(formula);
        expect(row!.refused).toBeNull();
        expect(row!.notes).toEqual([M.formula]);
      }),
    );
  });

  it("never throws on any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const decoded = decodeRoster(bytes);
        if (decoded.ok) expect(() => parseRoster(decoded.text, "class")).not.toThrow();
      }),
    );
  });
});

describe("header lines a teacher pastes (issue 44)", () => {
  it("recognises Pupil name, Name and First name, Surname, and never takes them for a pupil", () => {
    for (const [text, names] of [
      ["Pupil name\nAmy Smith\nBen Jones", ["Amy Smith", "Ben Jones"]],
      ["Name\nAmy Smith", ["Amy Smith"]],
      ["First name, Surname\nAmy, Smith\nBen,Jones", ["Amy Smith", "Ben Jones"]],
      ["Surname;First name\nSmith;Amy", ["Amy Smith"]],
      ["STUDENT NAME,Times tables\nAmy,7", ["Amy"]],
    ] as const) {
      const parsed = parseRoster(text, "class");
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.rows.map((r) => r.name)).toEqual(names);
      expect(parsed.header).toEqual({ line: 1, text: text.split("\n")[0] });
    }
  });

  it("reads a first line that is a pupil's name as a pupil", () => {
    const parsed = parseRoster("Amy Name\nPupil Ben\nBen", "class");
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.header).toBeNull();
    expect(parsed.rows.map((r) => r.name)).toEqual(["Amy Name", "Pupil Ben", "Ben"]);
  });
});
