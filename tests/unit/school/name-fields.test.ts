import { describe, expect, it } from "vitest";
import { parseCreateClass, parseCreateSchool, parseCreateTeacher, parseEditTeacher } from "~/forms/admin.server";
import { parseAddStudent, parseEditStudent } from "~/forms/student.server";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { WEB_ADDRESS_IN_NAME_MESSAGE } from "~/accounts/web-addresses.server";

/*
 * Names that other school users see (pupils', schools', classes', teachers') never hold invisible characters: a
 * name of Hangul fillers looks blank, a zero-width space makes a clone of another name
 * (docs/product.md#public-names).
 */

const ID = "a1B2c3D4e5F6g7H8";
const forms = {
  student: (name: string) => parseAddStudent(new URLSearchParams({ name, operations: "addition" })),
  studentEdit: (name: string) => parseEditStudent(new URLSearchParams({ name, operations: "addition" })),
  school: (name: string) => parseCreateSchool(new URLSearchParams({ name })),
  class: (name: string) => parseCreateClass(new URLSearchParams({ name, schoolId: ID, teacherId: ID })),
  teacher: (name: string) => parseCreateTeacher(new URLSearchParams({ name, schoolId: ID, email: "" })),
  teacherEdit: (name: string) => parseEditTeacher(new URLSearchParams({ name, teacherId: ID, email: "" })),
};

const INVISIBLE_NAMES = [
  "\u3164\u3164\u3164", // Hangul fillers only: looks blank
  "\u115F\u1160",
  "\uFFA0",
  "\u2800\u2800", // blank braille
  "Amy\u3164",
  "Ne\u034Fwt", // combining grapheme joiner
  "Sam\u200BSmith",
  "Sam\u00ADSmith", // soft hyphen
  "Sam\uFE0F",
  "Sam\u{E0041}", // a tag
  "\u202ESam", // right-to-left override
  "Sam\u2066",
  "Sam\uE000", // private use
  "Sam\u0000",
];

describe("hasInvisibleCharacters", () => {
  it("finds default-ignorable, format, control, private-use and unassigned code points and blank braille", () => {
    for (const name of INVISIBLE_NAMES) expect(hasInvisibleCharacters(name), JSON.stringify(name)).toBe(true);
    expect(hasInvisibleCharacters("Sam\u{40000}")).toBe(true); // unassigned
    expect(hasInvisibleCharacters("Sam\uD800")).toBe(true); // a lone surrogate
  });

  it("passes ordinary names, accents and all, and plain white space", () => {
    for (const name of ["Zoë", "José", "Siobhán", "Łukasz", "李明", "Ólafur", "O'Brien", "Ava-Mae", "Mrs Smith"]) {
      expect(hasInvisibleCharacters(name), name).toBe(false);
    }
    expect(hasInvisibleCharacters("Ann\tLee\nSmith")).toBe(false);
  });
});

describe("school name fields", () => {
  for (const [form, parse] of Object.entries(forms)) {
    it(`${form}: refuses a name with invisible characters, with the message on the name field`, () => {
      for (const name of INVISIBLE_NAMES) {
        const parsed = parse(name);
        expect(parsed.ok, `${form} ${JSON.stringify(name)}`).toBe(false);
        if (!parsed.ok) expect(parsed.result.error?.name).toContain(INVISIBLE_CHARACTERS_MESSAGE);
      }
    });

    it(`${form}: refuses a name holding a web address, however it is spelled out, with the message on the field`, () => {
      for (const name of ["www . evil . com", "Oak at evil [dot] com", "evil。com", "e v i l . c o m", "https : //x"]) {
        const parsed = parse(name);
        expect(parsed.ok, `${form} ${JSON.stringify(name)}`).toBe(false);
        if (!parsed.ok) expect(parsed.result.error?.name).toContain(WEB_ADDRESS_IN_NAME_MESSAGE);
      }
    });

    it(`${form}: still takes ordinary names`, () => {
      for (const name of [
        "Zoë Brown",
        "Siobhán",
        "Łukasz",
        "李明",
        "St Mary's C of E",
        "Year 6 - Ash",
        "St. Mary's C.E. Primary",
        "Mrs. Brown",
        "Dr. Who",
      ]) {
        const parsed = parse(name);
        expect(parsed.ok, `${form} ${name}`).toBe(true);
        if (parsed.ok) expect(parsed.value.name).toBe(name);
      }
    });
  }
});
