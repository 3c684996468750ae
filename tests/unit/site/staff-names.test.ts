import { describe, expect, it } from "vitest";
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "~/accounts/pseudonym-words";
import { checkPublicName } from "~/accounts/public-name.server";

/*
 * Names that pass for staff are refused (docs/product.md#public-names, rule 8): spaced, dotted, joined, in capitals,
 * with leet digits and look-alike letters; names that merely look a little like a staff word pass.
 */

const STAFF = "Names must not sound like school staff, such as Head Teacher or Admin Team.";
const refusal = (raw: string) => {
  const result = checkPublicName(raw);
  return result.ok ? `accepted: ${result.name}` : result.message;
};

describe("a name that passes for staff", () => {
  it("is refused with its own message, however it is written", () => {
    const staff = [
      ...["Head Teacher", "Admin Team", "head teacher", "HEAD TEACHER", "HeadTeacher", "headteacher", "Head.Teacher"],
      ...[
        "Head_Teacher",
        "Head-Teacher",
        "Mr T e a c h e r",
        "T.e.a.c.h.e.r.s",
        "T.e.a.c.h.e.r Tom",
        "A d m i n  T e a m",
      ],
      ...["AdminTeam", "adminteam", "The Admins", "Admin 2", "Site Admin", "Mr Teacher", "Teachers Pet", "T3acher Tom"],
      ...["Adm1n Team", "Adrnin Team", "Head Master", "Headmistress", "Moderator Max", "Staff Room", "School Office"],
      ...["Deputy Head", "Head of Year", "Maths Sprint Team", "Official Otter", "Tėacher Tom", "Ａｄｍｉｎ Ｔｅａｍ"],
    ];
    for (const raw of staff) expect(refusal(raw), raw).toBe(STAFF);
  });

  it("the reserved words alone keep their message, and look-alikes of other scripts are refused too", () => {
    expect(refusal("Admin")).toBe("That name is reserved. Please choose another.");
    expect(refusal("A d m i n")).toBe("That name is reserved. Please choose another.");
    expect(refusal("Teacher")).toBe("That name is reserved. Please choose another.");
    // Spelled out it is too long for a name: refused for that first.
    expect(refusal("H e a d  T e a c h e r")).toBe("Choose a name between 3 and 20 characters.");
    // A Cyrillic е in Latin letters: refused for mixing alphabets, before any staff word is looked for.
    expect(refusal("hеadteacher")).toBe(
      "Use letters from one alphabet only, not a mix such as Latin and Greek letters.",
    );
    expect(refusal("Неаd Тeacher")).not.toMatch(/^accepted/);
  });

  it("names that only look a little like a staff word pass", () => {
    const ordinary = [
      ...["Headley", "Adminah", "Badminton Ace", "Stafford", "Staffy Dog", "Principality", "Teach Her Maths"],
      ...["Head Girl", "Ahead Otter", "Admiral Kid", "Team Otter", "Mod Fox", "Officer Dibble", "Headstrong"],
    ];
    for (const raw of ordinary) expect(refusal(raw), raw).toBe(`accepted: ${raw}`);
    // The boundary, chosen: split where it still reads as a staff word, it is one.
    expect(refusal("Tea Cher")).toBe("That name is reserved. Please choose another.");
    expect(refusal("Tea Cher Tom")).toBe(STAFF);
  });

  it("every pseudonym passes", () => {
    for (const adjective of PSEUDONYM_ADJECTIVES)
      for (const animal of PSEUDONYM_ANIMALS) {
        const result = checkPublicName(`${adjective} ${animal}`);
        expect(result.ok, `${adjective} ${animal}`).toBe(true);
      }
  });
});
