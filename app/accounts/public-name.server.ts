import crypto from "node:crypto";
import { createRequire } from "node:module";
import type * as Obscenity from "obscenity";
import { INVISIBLE_CHARACTERS_MESSAGE, hasInvisibleCharacters } from "~/utils/invisible-characters";
import { latinLookAlike, mixesScripts, publicNameKey } from "./name-lookalikes.server";
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "./pseudonym-words";

/*
 * A member's public name is what other children see on the boards, so it is a made-up pseudonym by default and a
 * chosen one is checked here: its length and characters, personal data (e-mail addresses, phone numbers, long runs
 * of digits), invisible characters, letters from more than one script, names that pretend to be staff or the site,
 * and offensive words even when disguised with look-alike characters (docs/product.md#public-names,
 * docs/product.md#privacy-and-childrens-names).
 */

export const PUBLIC_NAME_MIN_LENGTH = 3;
export const PUBLIC_NAME_MAX_LENGTH = 20;

export const PUBLIC_NAME_MESSAGES = {
  invisible: INVISIBLE_CHARACTERS_MESSAGE,
  length: `Choose a name between ${PUBLIC_NAME_MIN_LENGTH} and ${PUBLIC_NAME_MAX_LENGTH} characters.`,
  characters: "Names can use letters, numbers, spaces, - _ . and ' only.",
  needsLetter: "Names need at least one letter.",
  mixedScripts: "Use letters from one alphabet only, not a mix such as Latin and Greek letters.",
  personalData: "Names must not contain an e-mail address or phone number.",
  reserved: "That name is reserved. Please choose another.",
  staff: "Names must not sound like school staff, such as Head Teacher or Admin Team.",
  offensive: "Please choose a kinder name.",
} as const;

export type PublicNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Names that would pass for the site, its staff or the anonymous player, compared without case or separators. */
const RESERVED = ["Anonymous", "Anonymous Player", "Player", "Admin", "Administrator", "Teacher", "Moderator"];

// ---------------------------------------------------------------------------------------------------------------
// Pseudonyms

/** A uniform draw in [0, 1) from the operating system's random source. */
const secureRandom = () => crypto.randomInt(2 ** 47) / 2 ** 47;

const pick = <T>(list: readonly T[], random: () => number): T =>
  list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;

/** An adjective and an animal, for example "Swift Otter". */
export function generatePseudonym(random: () => number = secureRandom): string {
  return `${pick(PSEUDONYM_ADJECTIVES, random)} ${pick(PSEUDONYM_ANIMALS, random)}`;
}

/**
 * Pseudonyms to try in turn until one is free: first `plain` adjective + animal pairs, then the same kind with a
 * two-digit number (10 to 99) added, which leaves 90 times as many names once the plain pairs run short.
 */
export function pseudonymCandidates({
  plain = 10,
  numbered = 10,
  random = secureRandom,
}: { plain?: number; numbered?: number; random?: () => number } = {}): string[] {
  const names = Array.from({ length: plain }, () => generatePseudonym(random));
  for (let i = 0; i < numbered; i++) names.push(`${generatePseudonym(random)} ${10 + Math.floor(random() * 90)}`);
  return names;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking a chosen name

/** Longer input is refused for its length before any pattern runs over it. */
const MAX_INPUT_TO_SCAN = 200;

const ALLOWED = /^[\p{L}\p{M}0-9 '._-]+$/u;
// A combining mark belongs on a letter, and at most two on one letter: enough for every script's accents, not
// enough to stack marks into a tower over the boards.
const STRAY_MARK = /(^|[^\p{L}\p{M}])\p{M}|\p{M}{3}/u;
const LETTER = /\p{L}/u;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+\.[\p{L}\p{N}]/u;
const EMAIL_PROVIDER = /@\s*(gmail|googlemail|hotmail|outlook|live|yahoo|icloud|me|aol|btinternet|proton(mail)?)\b/iu;
// Seven digits or more, possibly with spaces, dashes, dots or brackets between them; or any five digits together.
const PHONE = /\d(?:[\s().+-]{0,3}\d){6,}/u;
const DIGIT_RUN = /\d{5,}/u;

/** Typographic apostrophes (phones put these in by themselves) count as the plain one. */
const APOSTROPHES = /[\u2018\u2019\u02BC\u0060\u00B4]/gu;

/** A character map written as pairs: "аa вb" reads а as a and в as b. */
const charMap = (pairs: string) => new Map(pairs.split(" ").map((pair) => [...pair] as [string, string]));

// Cyrillic and Greek letters that look like Latin ones (lower case: folding lower-cases first), Latin letters that
// Unicode decomposition leaves alone, and digits and symbols written for letters. "1" stands for i and for l:
// both readings are checked. Other letters that pass for a Latin one come from Unicode's look-alike table.
const LOOK_ALIKES = charMap(
  "аa вb сc ԁd еe ёe һh нh іi їi јj кk мm пn оo рp ԛq гr ѕs тt иu цu ѵv ԝw шw хx уy үy " +
    "αa βb ςc εe ηn ιi κk μu νv οo ρp σo τt υu χx γy ωw ϲc ϳj " +
    "ɑa ɡg øo łl đd ðd ıi ſs " +
    "0o 3e 4a 5s 6g 7t 8b 9g @a $s !i |l",
);

/**
 * The name as a filter should read it: lower case, accents dropped, look-alike letters and leet digits turned
 * into the Latin letters they stand for, and every run of separators one space.
 */
function fold(name: string, one: "i" | "l"): string {
  const plain = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  let folded = "";
  for (const ch of plain) folded += ch === "1" ? one : (LOOK_ALIKES.get(ch) ?? latinLookAlike(ch) ?? ch);
  return folded.replace(/[\s._'-]+/gu, " ").trim();
}

/** Letters spelled out one at a time ("f u c k", "f.u.c.k") joined back into the word they spell. */
const joinSingles = (folded: string) =>
  folded.replace(/(?<=^|\s)\S(?:\s\S)+(?=\s|$)/gu, (run) => run.replace(/\s/gu, ""));

/** The ways a filter should read a name: as written, with the separators inside words dropped, spelled out. */
function readings(name: string): string[] {
  const out = new Set<string>();
  for (const one of ["i", "l"] as const) {
    const folded = fold(name, one);
    out.add(folded);
    out.add(joinSingles(folded));
    // Hyphens, dots, underscores and apostrophes inside a word ("sh-it", "sh_it") are dropped; spaces stay.
    out.add(fold(name.replace(/[._'-]+/gu, ""), one));
  }
  return [...out];
}

/*
 * The offensive words: the obscenity package's English set (with its allowances for ordinary words such as
 * "Scunthorpe", "Cassie", "Dickens" or "shitake"), plus words a British children's site must also refuse, and given
 * names that merely contain one (Annalise, Anushka). Patterns are written as the package's transformers leave
 * text: repeated letters collapse, so "gypo" also catches "gyppo"; `|` marks a word boundary.
 */
const EXTRA_PATTERNS = [
  ...["bellend", "|bugger", "|tosser", "|knob|", "knobhead", "|minge", "|slag|", "|shag|", "|crap", "phuck", "phuk"],
  ...["|wtf|", "|stfu|", "|kys|", "|milf", "|nonce|", "paedo", "|pedo|", "pedophil", "hitler", "|nazi|", "|nazis|"],
  ...["|paki|", "|pakis|", "|spaz", "|spack", "|gypo|", "|pikey", "|coon|", "|wog|", "goliwog", "|poof|", "|poofter"],
];
const ALLOWED_NAMES = [
  ...["annalise", "annaliese", "analise", "annalisa", "analisa", "analia", "analeigh", "annaleigh"],
  ...["anushka", "anusha", "anush", "cumming", "fagan"],
];

/**
 * The matcher, made on the first name checked: the obscenity package takes tens of milliseconds to load, which the
 * server need not spend at start. It is a CommonJS package, so it loads synchronously here and checkPublicName stays
 * synchronous.
 */
let matcher: Obscenity.RegExpMatcher | undefined;
function offensiveWords(): Obscenity.RegExpMatcher {
  if (matcher) return matcher;
  const { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, parseRawPattern } = createRequire(
    import.meta.url,
  )("obscenity") as typeof Obscenity;
  const words = new DataSet<{ originalWord: string }>().addAll(englishDataset);
  for (const raw of EXTRA_PATTERNS) {
    words.addPhrase((p) => p.setMetadata({ originalWord: raw.replace(/\|/g, "") }).addPattern(parseRawPattern(raw)));
  }
  words.addPhrase((p) => ALLOWED_NAMES.reduce((phrase, name) => phrase.addWhitelistedTerm(name), p));
  return (matcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers }));
}

const RESERVED_KEYS = new Set(RESERVED.map((name) => fold(name, "i").replace(/ /g, "")));

/** A name's look-alike key without its separators: "Adrnin" (r, n) looks like "Admin", "AdmlN" like "ADMIN". */
const separatorlessKey = (name: string) => publicNameKey(name).replace(/[\s._'-]+/gu, "");
let reservedLookAlikes: Set<string> | undefined;

const isReserved = (name: string) =>
  (["i", "l"] as const).some((one) => RESERVED_KEYS.has(fold(name, one).replace(/ /g, ""))) ||
  (reservedLookAlikes ??= new Set(
    RESERVED.flatMap((word) => [word, word.toLowerCase(), word.toUpperCase()]).map(separatorlessKey),
  )).has(separatorlessKey(name));

/*
 * Names that pass for staff or for the site (docs/product.md#public-names): a child seeing "Head Teacher" or "Admin
 * Team" on a board may take it for one. Some words give a name away wherever they stand, even inside a longer word
 * ("MrTeacher", "headteacher"); shorter ones only as words of their own, alone or followed by "s" or "team" ("Admin
 * Team", "AdminTeam", "A d m i n"), so that "Badminton", "Adminah", "Stafford" and "Headley" pass.
 */
const STAFF_ANYWHERE = ["teacher", "headmaster", "headmistress", "moderator", "administrator", "sysadmin", "webmaster"];
const STAFF_WORDS = [
  ...["admin", "staff", "principal", "official", "deputyhead", "headofyear", "schooloffice", "supportteam"],
  ...["safeguarding", "senco", "mathssprint"],
];
const STAFF_ENDINGS = ["", "s", "team", "teams"];

/** Whether a reading (words separated by single spaces) holds a staff word, as STAFF_ANYWHERE and STAFF_WORDS say. */
function soundsLikeStaff(reading: string, anywhere: readonly string[], words: readonly string[]): boolean {
  const tokens = reading.split(" ").filter(Boolean);
  const joined = tokens.join("");
  if (anywhere.some((word) => joined.includes(word))) return true;
  const starts = new Set<number>();
  let at = 0;
  for (const token of tokens) {
    starts.add(at);
    at += token.length;
  }
  starts.add(at);
  return words.some((word) => {
    for (let i = joined.indexOf(word); i >= 0; i = joined.indexOf(word, i + 1)) {
      if (!starts.has(i)) continue;
      const end = i + word.length;
      if (STAFF_ENDINGS.some((ending) => joined.startsWith(ending, end) && starts.has(end + ending.length)))
        return true;
    }
    return false;
  });
}

/** "HeadTeacher" read as "Head Teacher": a capital inside a word starts a new one. */
const camelSplit = (name: string) => name.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2");
let staffLookAlikes: { anywhere: string[]; words: string[] } | undefined;
const lookAlikeReading = (name: string) =>
  publicNameKey(name)
    .replace(/[\s._'-]+/gu, " ")
    .trim();

const soundsLikeStaffName = (name: string) => {
  const split = camelSplit(name);
  const plain = (["i", "l"] as const).some((one) => {
    const folded = fold(split, one);
    return [folded, joinSingles(folded)].some((reading) => soundsLikeStaff(reading, STAFF_ANYWHERE, STAFF_WORDS));
  });
  if (plain) return true;
  // Letters that together look like others ("rn" for "m": "Adrnin Tearn"), compared by look-alike key.
  staffLookAlikes ??= {
    anywhere: STAFF_ANYWHERE.map(lookAlikeReading),
    words: STAFF_WORDS.map(lookAlikeReading),
  };
  const key = lookAlikeReading(split);
  return [key, joinSingles(key)].some((reading) =>
    soundsLikeStaff(reading, staffLookAlikes!.anywhere, staffLookAlikes!.words),
  );
};

const isOffensive = (name: string) => readings(name).some((reading) => offensiveWords().hasMatch(reading));

// A Chinese, Japanese or Korean character is a syllable or a word: two of them make a whole name ("李明").
const WIDE = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]/u;

/** A name's length for the minimum: characters, with Chinese, Japanese and Korean ones counted twice. */
const shortness = (name: string) => [...name].reduce((sum, ch) => sum + (WIDE.test(ch) ? 2 : 1), 0);

const holdsPersonalData = (name: string) =>
  EMAIL.test(name) || EMAIL_PROVIDER.test(name) || PHONE.test(name) || DIGIT_RUN.test(name);

/**
 * Checks a name a member chose and returns it tidied (compatibility-normalised, so full-width letters become
 * plain ones, with spaces trimmed and runs of white space made one space), or the message to show. Length counts
 * characters (code points), Chinese, Japanese and Korean ones twice for the minimum. The rules run in the order docs/product.md#public-names gives; uniqueness, by look-alike
 * key (publicNameKey), is the caller's check.
 */
export function checkPublicName(raw: string): PublicNameCheck {
  const refuse = (message: string): PublicNameCheck => ({ ok: false, message });
  if (typeof raw !== "string" || raw.length > MAX_INPUT_TO_SCAN) return refuse(PUBLIC_NAME_MESSAGES.length);
  const normalised = raw.replace(APOSTROPHES, "'").normalize("NFKC");
  // Before white space is tidied: JavaScript's \s counts the invisible U+FEFF as a space.
  if (hasInvisibleCharacters(normalised)) return refuse(PUBLIC_NAME_MESSAGES.invisible);
  const name = normalised.replace(/\s+/gu, " ").trim();
  // Personal data first: a child who typed an e-mail address should hear that, not that it is too long.
  if (holdsPersonalData(name)) return refuse(PUBLIC_NAME_MESSAGES.personalData);
  const length = [...name].length;
  if (shortness(name) < PUBLIC_NAME_MIN_LENGTH || length > PUBLIC_NAME_MAX_LENGTH)
    return refuse(PUBLIC_NAME_MESSAGES.length);
  if (!ALLOWED.test(name) || STRAY_MARK.test(name)) return refuse(PUBLIC_NAME_MESSAGES.characters);
  if (!LETTER.test(name)) return refuse(PUBLIC_NAME_MESSAGES.needsLetter);
  if (mixesScripts(name)) return refuse(PUBLIC_NAME_MESSAGES.mixedScripts);
  if (isReserved(name)) return refuse(PUBLIC_NAME_MESSAGES.reserved);
  if (soundsLikeStaffName(name)) return refuse(PUBLIC_NAME_MESSAGES.staff);
  if (isOffensive(name)) return refuse(PUBLIC_NAME_MESSAGES.offensive);
  return { ok: true, name };
}
