import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONFUSABLES } from "~/accounts/confusables-table.server";
import {
  mixesScripts,
  publicNameCapsKey,
  publicNameKey,
  scripts,
  scriptsOf,
  skeleton,
} from "~/accounts/name-lookalikes.server";
import { PUBLIC_NAME_MESSAGES as M, checkPublicName } from "~/accounts/public-name.server";

/*
 * Invisible and look-alike letters in public names (issue 26, finding 6; docs/product.md#public-names,
 * docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
 */

const refusal = (raw: string) => {
  const result = checkPublicName(raw);
  return result.ok ? `accepted: ${result.name}` : result.message;
};

/** Ordinary names from the classrooms the site serves, with accents, apostrophes, hyphens and other scripts. */
const ORDINARY = [
  "Zoë",
  "José",
  "Siobhán",
  "Łukasz",
  "李明",
  "Ólafur",
  "O'Brien",
  "D'Arcy",
  "Ava-Mae",
  "Jean-Luc",
  "Mary Jane",
  "Nguyễn Anh",
  "Bjørn",
  "Søren",
  "Çağla",
  "Şükrü",
  "Ağnieszka",
  "Ðorđe",
  "Ewa Ścisło",
  "Αλέξανδρος",
  "Дмитрий",
  "Саша",
  "محمد",
  "אביגיל",
  "Արամ",
  "ნინო",
  "प्रिया",
  "สมชาย",
  "민수",
  "山田はなこ",
  "Yuki 雪",
  "ゆき",
  "Swift Otter 42",
  "Year 6 Star",
  "Ninja_Cat",
];

/** Code points that show nothing or change their neighbours: each must make any name refused. */
const INVISIBLES = [
  "\u00AD", // soft hyphen
  "\u034F", // combining grapheme joiner
  "\u061C", // Arabic letter mark
  "\u115F", // Hangul choseong filler
  "\u1160", // Hangul jungseong filler
  "\u17B4", // Khmer vowel inherent
  "\u180B", // Mongolian variation selector
  "\u180E", // Mongolian vowel separator
  "\u200B", // zero width space
  "\u200C", // zero width non-joiner
  "\u200D", // zero width joiner
  "\u200E", // left-to-right mark
  "\u202A", // left-to-right embedding
  "\u202E", // right-to-left override
  "\u2060", // word joiner
  "\u2062", // invisible times
  "\u2066", // left-to-right isolate
  "\u2800", // braille pattern blank
  "\u3164", // Hangul filler
  "\uFE00", // variation selector 1
  "\uFE0F", // variation selector 16
  "\uFEFF", // zero width no-break space
  "\uFFA0", // halfwidth Hangul filler
  "\u{1BCA0}", // shorthand format letter overlap
  "\u{1D173}", // musical symbol begin beam
  "\u{E0001}", // language tag
  "\u{E0041}", // tag latin capital letter a
  "\u{E0100}", // variation selector 17
  "\uE000", // private use
  "\u{F0000}", // private use, plane 15
  "\u{40000}", // unassigned
  "\u0007", // a control character
];

describe("the finding's names", () => {
  it("are refused, each for its invisible letter", () => {
    expect(M.invisible).toBe("Names cannot contain invisible or blank characters.");
    for (const raw of ["Admin\u3164", "\u3164\u3164\u3164\u3164", "Anonymous\u3164Player", "Tester Ne\u034Fwt"]) {
      expect(refusal(raw), JSON.stringify(raw)).toBe(M.invisible);
    }
  });

  it("are refused whatever else they hold: every invisible, anywhere in an ordinary name", () => {
    for (const name of ORDINARY) {
      for (const invisible of INVISIBLES) {
        for (const at of [0, 1, [...name].length]) {
          const letters = [...name];
          letters.splice(at, 0, invisible);
          expect(refusal(letters.join("")), `${name} + U+${invisible.codePointAt(0)!.toString(16)}`).toBe(M.invisible);
        }
      }
    }
  });
});

describe("ordinary names", () => {
  it("still pass, unchanged", () => {
    for (const name of ORDINARY) expect(refusal(name), name).toBe(`accepted: ${name}`);
  });
});

describe("mixed scripts", () => {
  it("are refused: letters from two scripts, such as a Cyrillic or Greek letter in a Latin name", () => {
    expect(M.mixedScripts).toBe("Use letters from one alphabet only, not a mix such as Latin and Greek letters.");
    for (const raw of ["Теster", "Тоm", "Αdmin", "Jοhn", "Dаvid Smith", "Sаm", "Ζoe", "Alex Дмитрий", "Sam محمد"]) {
      expect(refusal(raw), raw).toBe(M.mixedScripts);
    }
  });

  it("allow Latin with the ways Japanese, Chinese and Korean are written (UTS #39 Highly Restrictive)", () => {
    for (const text of ["Yuki 雪", "山田はなこ", "カタカナ漢字", "Kim 민수 金", "ㄅㄆ李"])
      expect(mixesScripts(text), text).toBe(false);
    for (const text of ["민수 はな", "Tom Саша", "Ωmega"]) expect(mixesScripts(text), text).toBe(true);
  });

  it("know every assigned code point's script: each is Common, Inherited or in one of the listed scripts", () => {
    const patterns = [...scripts().values()];
    const anyScript = /[\p{scx=Common}\p{scx=Inherited}\p{Cn}\p{Co}\p{Cs}]/u;
    const unknown: string[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      const ch = String.fromCodePoint(cp);
      if (!anyScript.test(ch) && !patterns.some((pattern) => pattern.test(ch))) unknown.push(cp.toString(16));
    }
    expect(unknown).toEqual([]);
    expect(scriptsOf("a")).toEqual(["Latin"]);
    expect(scriptsOf("ー")).toEqual(["Hiragana", "Katakana"]);
  });
});

describe("look-alike keys", () => {
  const sameKey = (a: string, b: string) => expect(publicNameKey(a), `${a} / ${b}`).toBe(publicNameKey(b));
  const otherKey = (a: string, b: string) => expect(publicNameKey(a), `${a} / ${b}`).not.toBe(publicNameKey(b));

  it("meet for names that look the same, whatever their case or script", () => {
    sameKey("Tom", "Тоm"); // Cyrillic Т and о
    sameKey("TOM", "ТОМ"); // all Cyrillic capitals
    sameKey("Tom", "TOM");
    sameKey("Tom", "Torn"); // m and rn
    sameKey("Alex", "AIex"); // capital I for l
    sameKey("Bill", "BiII");
    sameKey("Ollie", "0llie");
    sameKey("Tester Newt", "Tester Ne\u034Fwt");
    sameKey("Admin", "Αdmin");
    sameKey("José", "Jose\u0301");
  });

  it("in capitals, meet for names whose capitals look the same, without making i and l one letter", () => {
    const caps = (name: string) => publicNameCapsKey(name);
    expect(caps("ТОМ ЅМІТН")).toBe(caps("Tom Smith"));
    expect(caps("tom smith")).toBe(caps("TOM SMITH"));
    expect(caps("Ollie")).toBe(caps("0LLIE"));
    expect(caps("Eli")).not.toBe(caps("Ell"));
    expect(publicNameKey("Eli")).not.toBe(publicNameKey("Ell"));
  });

  it("stay apart for names that look different", () => {
    otherKey("José", "Jose");
    otherKey("Zoë", "Zoe");
    otherKey("Tom", "Tim");
    otherKey("Swift Otter", "Swift Otters");
    otherKey("李明", "李朋");
  });

  it("follow Unicode's table: every look-alike has its prototype's skeleton, and a skeleton is its own", () => {
    const entries = CONFUSABLES.split(" ").map((entry) =>
      entry.split(":").map((codes) => String.fromCodePoint(...codes.split(".").map((c) => parseInt(c, 16)))),
    );
    expect(entries.length).toBeGreaterThan(3000);
    for (const [from, to] of entries) {
      expect(from!.normalize("NFD"), from).toBe(from);
      expect(skeleton(from!), `U+${from!.codePointAt(0)!.toString(16)}`).toBe(skeleton(to!));
      expect(skeleton(skeleton(from!))).toBe(skeleton(from!));
    }
  });
});

describe("property: accepted names", () => {
  /** Tricky names: ordinary ones, with letters swapped for look-alikes, invisibles and marks mixed in. */
  const LOOK_ALIKE_SWAPS: Record<string, string[]> = {
    a: ["а", "ɑ", "α"],
    c: ["с", "ϲ"],
    e: ["е", "ҽ"],
    i: ["і", "ı", "ι"],
    j: ["ј"],
    o: ["о", "ο", "0", "օ"],
    p: ["р", "ρ"],
    s: ["ѕ"],
    x: ["х", "χ"],
    y: ["у", "γ"],
    A: ["А", "Α"],
    B: ["В", "Β"],
    E: ["Е", "Ε"],
    H: ["Н", "Η"],
    K: ["К", "Κ"],
    M: ["М", "Μ"],
    O: ["О", "Ο", "0"],
    P: ["Р", "Ρ"],
    T: ["Т", "Τ"],
    X: ["Х", "Χ"],
    l: ["I", "1", "ӏ"],
    m: ["rn"],
  };
  const base = fc.constantFrom(...ORDINARY, "Tom", "Alex", "Sophie", "Max", "Jessica", "Pete", "Kaya", "Oscar");
  const swapped = fc.tuple(base, fc.nat(), fc.nat()).map(([name, at, pick]) => {
    const letters = [...name];
    const index = at % letters.length;
    const swaps = LOOK_ALIKE_SWAPS[letters[index]!];
    if (swaps) letters[index] = swaps[pick % swaps.length]!;
    return { name, tricky: letters.join("") };
  });
  const inserted = fc
    .tuple(base, fc.nat(), fc.constantFrom(...INVISIBLES, "\u0301", "\u0308", " ", "'", "-"))
    .map(([name, at, extra]) => {
      const letters = [...name];
      letters.splice(at % (letters.length + 1), 0, extra);
      return letters.join("");
    });
  const tricky = fc.oneof(
    base,
    swapped.map(({ tricky }) => tricky),
    inserted,
    fc.string({ unit: "binary", maxLength: 12 }),
  );

  it("are NFKC-stable, hold no invisible or format code point, and keep to one script", () => {
    fc.assert(
      fc.property(tricky, (raw) => {
        const result = checkPublicName(raw);
        if (!result.ok) return;
        expect(result.name.normalize("NFKC")).toBe(result.name);
        expect(result.name).not.toMatch(/[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Co}\p{Cn}]/u);
        expect(mixesScripts(result.name)).toBe(false);
        // Letters that share no script must make up one of the allowed writing systems: check one by one.
        const letters = [...result.name].filter((ch) => /\p{L}/u.test(ch));
        const systems = [
          ["Latin", "Han", "Hiragana", "Katakana"],
          ["Latin", "Han", "Bopomofo"],
          ["Latin", "Han", "Hangul"],
        ];
        const shared = letters.map(scriptsOf).reduce((a, b) => a.filter((s) => b.includes(s)));
        if (letters.length > 0 && shared.length === 0) {
          expect(systems.some((sys) => letters.every((ch) => scriptsOf(ch).some((s) => sys.includes(s))))).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("are refused once any invisible is put into them", () => {
    fc.assert(
      fc.property(base, fc.nat(), fc.constantFrom(...INVISIBLES), (name, at, invisible) => {
        const letters = [...name];
        letters.splice(at % (letters.length + 1), 0, invisible);
        expect(refusal(letters.join(""))).toBe(M.invisible);
      }),
      { numRuns: 1000 },
    );
  });

  it("with a letter swapped for another script's look-alike: refused, or the same key as the original", () => {
    fc.assert(
      fc.property(swapped, ({ name, tricky }) => {
        const result = checkPublicName(tricky);
        if (result.ok && result.name !== name) expect(publicNameKey(result.name)).toBe(publicNameKey(name));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("reserved names", () => {
  it("are found by look-alike key too: rn for m, Greek or Cyrillic capitals", () => {
    for (const raw of ["Adrnin", "ADRNIN", "Anonyrnous", "Moderat0r", "Adm1n"])
      expect(refusal(raw), raw).toBe(M.reserved);
    for (const raw of ["Αdmin", "Рlayer"]) expect(refusal(raw), raw).toBe(M.mixedScripts);
  });
});
