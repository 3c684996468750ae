import { latinLookAlike } from "./name-lookalikes.server";

/** Beside a school area name (a pupil's, a school's, a class's, a teacher's) holding a web address. */
export const WEB_ADDRESS_IN_NAME_MESSAGE = "Names cannot contain links or web addresses.";

/*
 * Texts that adults type and children read (a set-work note, a competition's name, the school area's names of
 * pupils, schools, classes and teachers) hold no link or web address: a pupil's page is no place for an address a
 * child might follow (docs/product.md#set-work, docs/product.md#class-competition, docs/product.md#public-names). A plain pattern is easy to walk round, so the text is first read as a
 * person would read it: look-alike letters as the Latin ones they pass for, full stops of other scripts and the
 * written-out ones (`[dot]`, `(.)`, ` dot `) as dots, dots with spaces on both sides closed up, and letters spelled
 * out one at a time joined. Then a scheme (`https://`, `https : //`), the words `www`, `http` or `https`, or a name
 * with a dot and a domain's ending (`evil.com`, `evil.co.uk`) is a web address. A sentence's full stop is followed
 * by a space and never preceded by one, so `Practise the 7s. Well done!` and `Dr. Seuss fan` stay plain text.
 */

/** Full stops that are not `.`: ideographic, half- and full-width, one-dot leader, middle and katakana dots. */
const OTHER_DOTS = /[\u3002\uFF0E\uFF61\u2024\u00B7\u2027\u30FB\uFE52\u0701\u0702\u06D4]/gu;
/** `[dot]`, `(dot)`, `{.}`, `<dot>`, `(.)`: a dot written out or bracketed. */
const BRACKETED_DOT = /\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/giu;
/** A dot with white space on both sides, or only before it (`evil .com`): no sentence writes one so. */
const SPACED_DOT = /\s+\.\s*/gu;
/** A slash or colon with spaces round it (`https : / /`). */
const SPACED_MARK = /\s*([:/])\s*/gu;

/**
 * The endings of the domains a note might name: the generic ones, those of the UK and its neighbours, and the short
 * ones link shorteners and cheap domains use. Not every ending: one that is also a word (`in`, `it`, `to`, `me`,
 * `us`, `page`, `games`, `online`) would refuse a sentence whose full stop lost its space (`See me.Us next`) or had
 * one before it (`In the book . Page 4`).
 */
const ENDINGS = [
  ...["com", "net", "org", "info", "biz", "edu", "gov", "uk", "co", "io", "ly", "gl", "gg", "app", "dev", "xyz"],
  ...["tv", "cc", "ws", "ru", "de", "fr", "eu", "ie", "ca", "au", "nz", "cn", "tk", "ml", "ga", "cf", "gq"],
  ...["sch", "ac", "nhs", "vip"],
];
/** A dotted name ending in one of ENDINGS, as a whole word: `evil.com`, `www.evil.co.uk`, `bit.ly`. */
const DOTTED_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${ENDINGS.join("|")})(?![\\p{L}\\p{N}])`,
  "iu",
);
/** A scheme, `http:` or `https:` on their own, or `www` as a word. */
const SCHEME = /(?:^|[^\p{L}\p{N}])(?:[a-z][a-z0-9+.-]*:\/\/|https?:|www(?![\p{L}\p{N}]))/iu;
/** `http`, `https` or `www` as words of their own. */
const LINK_WORD = /(?<![\p{L}\p{N}])(?:https?|www)(?![\p{L}\p{N}])/iu;
/** ` dot ` between two words, the second a domain's ending: `evil dot com`. */
const WORD_DOT = new RegExp(`(?<=[\\p{L}\\p{N}])\\s+dot\\s+(?=(?:${ENDINGS.join("|")})(?![\\p{L}\\p{N}]))`, "giu");

/** Letters spelled out one at a time (`e v i l . c o m`) joined back into the word they spell. */
const joinSingles = (text: string) => text.replace(/(?<=^|\s)\S(?:\s\S)+(?=\s|$)/gu, (run) => run.replace(/\s/gu, ""));

/** The text as a reader of addresses reads it: see the comment at the top. */
function asRead(text: string): string {
  const plain = text.normalize("NFKC").replace(/\s+/gu, " ");
  let latin = "";
  for (const ch of plain) latin += latinLookAlike(ch) ?? ch;
  const joined = joinSingles(latin);
  return joined
    .replace(OTHER_DOTS, ".")
    .replace(BRACKETED_DOT, ".")
    .replace(WORD_DOT, ".")
    .replace(SPACED_DOT, ".")
    .replace(SPACED_MARK, "$1");
}

/** Whether the text holds a link or web address, however it is spelled out or disguised. */
export function hasWebAddress(text: string): boolean {
  if (text.length === 0) return false;
  const read = asRead(text);
  return DOTTED_NAME.test(read) || SCHEME.test(read) || LINK_WORD.test(read);
}
