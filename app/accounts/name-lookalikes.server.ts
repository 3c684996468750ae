import { CONFUSABLES } from "./confusables-table.server";

/*
 * Names that look like other names: Unicode's confusable skeletons and its mixed-script rule (UTS #39), used by the
 * public-name check and the uniqueness of public names (docs/product.md#public-names,
 * docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
 */

let prototypes: Map<string, string> | undefined;
/**
 * Each look-alike character's prototype, read from the generated table on the first use. A prototype is taken to
 * its own skeleton ("Ǆ" is "DŽ", whose decomposed caron looks like a breve), so skeleton(skeleton(x)) is skeleton(x).
 */
function lookAlikes(): Map<string, string> {
  if (prototypes) return prototypes;
  const fromHex = (codes: string) => String.fromCodePoint(...codes.split(".").map((code) => parseInt(code, 16)));
  const table = new Map(CONFUSABLES.split(" ").map((entry) => entry.split(":").map(fromHex) as [string, string]));
  const settle = (text: string) => {
    for (let round = 0; round < 4; round++) {
      const next = [...text.normalize("NFD")]
        .map((ch) => table.get(ch) ?? ch)
        .join("")
        .normalize("NFD");
      if (next === text) break;
      text = next;
    }
    return text;
  };
  prototypes = new Map([...table].map(([from, to]) => [from, settle(to)]));
  return prototypes;
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The UTS #39 skeleton: canonical decomposition, default-ignorable code points dropped, each character replaced by
 * its prototype, and decomposed again. Two strings with the same skeleton look alike ("m" and "rn" both give "rn").
 */
export function skeleton(text: string): string {
  const table = lookAlikes();
  let out = "";
  for (const ch of text.normalize("NFD").replace(DEFAULT_IGNORABLE, "")) out += table.get(ch) ?? ch;
  return out.normalize("NFD");
}

/**
 * What public names are told apart by: two names with the same key look the same on a board. The skeleton is taken
 * before lower-casing, so "ТОМ" in Cyrillic capitals meets "TOM", and after, so "AIex" with a capital I meets
 * "alex". Stored beside each profile (profiles.name_key, unique).
 */
export function publicNameKey(name: string): string {
  return skeleton(skeleton(name.normalize("NFKC")).toLowerCase());
}

/**
 * The skeleton of a name in capitals: names that look the same once written in capitals ("Tom Smith" and "ТОМ ЅМІТН"
 * in Cyrillic). Names are unique whatever their case, so a look-alike of another name's capitals is that name too.
 * A second key rather than one for both: one key would have to make "i" and "l" the same letter (i, I, l), so
 * "Eli" would be "Ell". Stored beside each profile (profiles.caps_key, unique).
 */
export function publicNameCapsKey(name: string): string {
  return skeleton(name.normalize("NFKC").toUpperCase());
}

/** The plain Latin letter a non-Latin character passes for ("о" in Cyrillic for "o"), if it passes for one. */
export function latinLookAlike(ch: string): string | undefined {
  if (ch.charCodeAt(0) < 0x80) return undefined;
  const prototype = lookAlikes().get(ch);
  return prototype && /^[A-Za-z]$/.test(prototype) ? prototype.toLowerCase() : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Scripts

// Unicode's scripts other than Common and Inherited. A script newer than the running Node's Unicode is skipped.
const SCRIPT_NAMES = (
  "Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali " +
  "Beria_Erfe Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian " +
  "Caucasian_Albanian Chakma Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic " +
  "Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay " +
  "Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul " +
  "Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inscriptional_Pahlavi " +
  "Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi " +
  "Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu " +
  "Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin " +
  "Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani " +
  "Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham " +
  "Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian " +
  "Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau " +
  "Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham " +
  "Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac " +
  "Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana Thai " +
  "Tibetan Tifinagh Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho " +
  "Warang_Citi Yezidi Yi Zanabazar_Square"
).split(" ");

let scriptPatterns: Map<string, RegExp> | undefined;
/** Each script's characters, by their Script_Extensions (a character may belong to several scripts). */
export function scripts(): Map<string, RegExp> {
  if (scriptPatterns) return scriptPatterns;
  scriptPatterns = new Map();
  for (const name of SCRIPT_NAMES) {
    try {
      scriptPatterns.set(name, new RegExp(`\\p{scx=${name}}`, "u"));
    } catch {
      // A script newer than this Node's Unicode: none of its characters are assigned here either.
    }
  }
  return scriptPatterns;
}

/** Digits, punctuation, spaces and combining marks that go with any script. */
const ANY_SCRIPT = /[\p{scx=Common}\p{scx=Inherited}]/u;

/** The scripts a character belongs to. */
export const scriptsOf = (ch: string): string[] =>
  [...scripts()].filter(([, pattern]) => pattern.test(ch)).map(([name]) => name);

/** The mixes UTS #39's "Highly Restrictive" level allows: the ways Japanese, Chinese and Korean are written. */
const WRITING_SYSTEMS = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/**
 * Whether the text mixes scripts beyond UTS #39's "Highly Restrictive" level: its letters must share one script
 * (digits, punctuation and accents go with any), or all belong to Latin with Japanese, Chinese or Korean writing.
 * "Теster" (a Cyrillic Т) mixes; "Zoë", "李明" and "Yuki 雪" do not.
 */
export function mixesScripts(text: string): boolean {
  // Plain ASCII is Latin, digits and punctuation: most names, answered without the script tables.
  if (/^[\x20-\x7E]*$/.test(text)) return false;
  const letters = [...new Set(text)].filter((ch) => !ANY_SCRIPT.test(ch));
  if (letters.length === 0) return false;
  const patterns = scripts();
  let shared = scriptsOf(letters[0]!);
  for (const ch of letters.slice(1)) shared = shared.filter((name) => patterns.get(name)!.test(ch));
  if (shared.length > 0) return false;
  return !WRITING_SYSTEMS.some((system) => letters.every((ch) => system.some((name) => patterns.get(name)?.test(ch))));
}
