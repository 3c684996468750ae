// Attack: names that pass for staff and web addresses in notes, however they are disguised (issue 41, item 6;
// docs/product.md#public-names, docs/product.md#set-work). Every disguise a script would try (spaced, dotted,
// joined, capitals, leet digits, full-width and look-alike letters, written-out dots) is applied to a set of staff
// names and web addresses, and the share refused is counted; ordinary names (every pseudonym, names that share letters
// with a staff word) and ordinary notes are checked for false refusals. Pure and seeded: no server, a few seconds.
// Writes bench/results/attack-names.json; fails when a disguise gets through or an ordinary name or note is refused.
import { PSEUDONYM_ADJECTIVES, PSEUDONYM_ANIMALS } from "../app/accounts/pseudonym-words";
import { checkPublicName } from "../app/accounts/public-name.server";
import { hasWebAddress } from "../app/accounts/web-addresses.server";
import { loadAverage, machine, round, writeResults } from "./lib/report";

const log = (line: string) => console.log(line);

/** Each disguise: a name for the report and what it does to a text. */
const LEET: Record<string, string> = { a: "4", e: "3", i: "1", o: "0", s: "5", t: "7" };
const CYRILLIC: Record<string, string> = { a: "а", c: "с", e: "е", o: "о", p: "р", x: "х", y: "у", i: "і" };
const FULL_WIDTH = (ch: string) =>
  ch >= "!" && ch <= "~" ? String.fromCodePoint(ch.codePointAt(0)! - 0x21 + 0xff01) : ch;
const NAME_DISGUISES: [string, (text: string) => string][] = [
  ["as typed", (t) => t],
  ["lower case", (t) => t.toLowerCase()],
  ["capitals", (t) => t.toUpperCase()],
  ["joined", (t) => t.replace(/ /g, "")],
  ["camel case", (t) => t.replace(/ (\p{L})/gu, (_, c: string) => c.toUpperCase())],
  ["dots between words", (t) => t.replace(/ /g, ".")],
  ["underscores", (t) => t.replace(/ /g, "_")],
  ["hyphens", (t) => t.replace(/ /g, "-")],
  ["double spaces", (t) => t.replace(/ /g, "  ")],
  ["letters spaced", (t) => [...t.replace(/ /g, "")].join(" ")],
  ["letters dotted", (t) => [...t.replace(/ /g, "")].join(".")],
  ["leet digits", (t) => t.replace(/[aeiost]/g, (c) => LEET[c] ?? c)],
  ["full-width", (t) => [...t].map(FULL_WIDTH).join("")],
  ["accents", (t) => t.replace(/e/g, "é").replace(/a/g, "à")],
  ["every look-alike letter Cyrillic", (t) => t.toLowerCase().replace(/[aceopxyi]/g, (c) => CYRILLIC[c] ?? c)],
  ["one look-alike letter Cyrillic", (t) => t.replace(/e/, "е")],
  ["rn for m", (t) => t.replace(/m/g, "rn")],
];
const STAFF_NAMES = [
  ...["Head Teacher", "Admin Team", "Teacher Tom", "Site Admin", "Mr Teacher", "Head Master", "Moderator Max"],
  ...["Staff Room", "School Office", "Deputy Head", "The Admins", "Official Otter", "Maths Sprint Team"],
];
/**
 * Ordinary names that share letters with a staff word, besides every pseudonym. Not here, on purpose: "Tea Cher"
 * (read aloud it is "Teacher", and is refused) and, among notes, "a dot com joke" (refused as `a.com`).
 */
const ORDINARY_NAMES = [
  ...["Headley", "Adminah", "Badminton Ace", "Stafford", "Staffy Dog", "Principality", "Teach Her Maths"],
  ...["Head Girl", "Ahead Otter", "Admiral Kid", "Team Otter", "Mod Fox", "Officer Dibble", "Headstrong"],
  ...["Sam Smith", "Priya Patel", "Oliver Head", "Amelia", "Mohammed Ali", "Zoë", "Li Wei", "Teagan", "Stef"],
  ...["Administer", "Madmin", "Officina", "Supporter", "Staffan", "Principe", "Modest Mole"],
];

const ADDRESS_DISGUISES: [string, (text: string) => string][] = [
  ["as typed", (t) => t],
  ["capitals", (t) => t.toUpperCase()],
  ["spaced dots", (t) => t.replace(/\./g, " . ")],
  ["space before dot", (t) => t.replace(/\./g, " .")],
  ["[dot]", (t) => t.replace(/\./g, " [dot] ")],
  ["(.)", (t) => t.replace(/\./g, "(.)")],
  ["(dot)", (t) => t.replace(/\./g, "(dot)")],
  ["{.}", (t) => t.replace(/\./g, "{.}")],
  ["the word dot", (t) => t.replace(/\./g, " dot ")],
  ["ideographic full stop", (t) => t.replace(/\./g, "。")],
  ["full-width full stop", (t) => t.replace(/\./g, "．")],
  ["katakana middle dot", (t) => t.replace(/\./g, "・")],
  ["letters spaced", (t) => [...t].join(" ")],
  ["full-width", (t) => [...t].map(FULL_WIDTH).join("")],
  ["Cyrillic look-alikes", (t) => t.replace(/[aceopxy]/g, (c) => CYRILLIC[c] ?? c)],
  ["in a sentence", (t) => `Great work! Play more at ${t} tonight.`],
];
const ADDRESSES = [
  ...["evil.com", "evil.co.uk", "bit.ly/x1", "www.evil.com", "https://evil.com", "games.io", "play.xyz"],
  ...["school.sch.uk", "evil.net", "evil.org", "free-robux.gg", "http://x.y"],
];
const ORDINARY_NOTES = [
  ...["Practise the 7s. Well done!", "Page 12", "Dr. Seuss fan", "Try hard this week!", "Score 7.5 or more"],
  ...["Well done everyone. See you on Monday.", "Mr. Smith says hi", "Do 3 x 4 = 12 and 6 / 2 = 3"],
  ...["Times tables: 2, 5 and 10", "Aim for 20 a minute... then 25", "Help at home: ask a grown-up"],
  ...["e.g. 7 × 8", "i.e. the 6s", "Come and see me.", "Join us. Bring a pencil", "It's in the book . Page 4"],
  ...["Q & A on Friday", "Back at 9 a.m. tomorrow", "St. Ives trip. Bring lunch", "Year 4. Class 4B.", "1.5 mins"],
  ...["Well done!Keep going", "Mrs. Brown's class", "No. 1 in the class", "Ready? Set. Go!", "Try 10.25 + 2.5"],
  ...["Play 5 games.Then rest", "Read p. 7", "Use the app at school", "Co. Durham trip", "Dot to dot!"],
  ...["Ask Ms. Lee", "The U.K. tables test", "Ends 4.12.2026", "Well done :)"],
];

function rates<T>(cases: T[], refused: (c: T) => boolean) {
  const misses = cases.filter((c) => !refused(c));
  return {
    cases: cases.length,
    refused: cases.length - misses.length,
    rate: round(1 - misses.length / cases.length, 4),
    misses,
  };
}

const staffCases = STAFF_NAMES.flatMap((name) => NAME_DISGUISES.map(([how, f]) => ({ name: f(name), how })))
  // Disguises that make a name longer than a name may be are refused for their length: counted apart.
  .map((c) => ({ ...c, result: checkPublicName(c.name) }));
const tooLong = staffCases.filter((c) => !c.result.ok && c.result.message.startsWith("Choose a name between"));
const staffRate = rates(staffCases, (c) => !c.result.ok);
const byMessage: Record<string, number> = {};
for (const c of staffCases) if (!c.result.ok) byMessage[c.result.message] = (byMessage[c.result.message] ?? 0) + 1;
const pseudonyms = PSEUDONYM_ADJECTIVES.flatMap((a) => PSEUDONYM_ANIMALS.map((b) => `${a} ${b}`));
const ordinaryNames = [...pseudonyms, ...ORDINARY_NAMES];
const falseNames = ordinaryNames.filter((name) => !checkPublicName(name).ok);

const addressCases = ADDRESSES.flatMap((address) => ADDRESS_DISGUISES.map(([how, f]) => ({ text: f(address), how })));
const addressRate = rates(addressCases, (c) => hasWebAddress(c.text));
const falseNotes = ORDINARY_NOTES.filter((note) => hasWebAddress(note));

log(`Staff names: ${staffRate.refused} of ${staffRate.cases} disguises refused (${tooLong.length} for their length).`);
for (const miss of staffRate.misses) log(`  got through: ${JSON.stringify(miss.name)} (${miss.how})`);
log(`Ordinary names: ${falseNames.length} of ${ordinaryNames.length} refused.`);
for (const name of falseNames) log(`  refused: ${JSON.stringify(name)}`);
log(`Web addresses: ${addressRate.refused} of ${addressRate.cases} disguises found.`);
for (const miss of addressRate.misses) log(`  got through: ${JSON.stringify(miss.text)} (${miss.how})`);
log(`Ordinary notes: ${falseNotes.length} of ${ORDINARY_NOTES.length} refused.`);
for (const note of falseNotes) log(`  refused: ${JSON.stringify(note)}`);

const pass =
  staffRate.misses.length === 0 &&
  addressRate.misses.length === 0 &&
  falseNames.length === 0 &&
  falseNotes.length === 0;
writeResults("attack-names", {
  ...machine(),
  loadAverage: loadAverage(),
  staffNames: {
    names: STAFF_NAMES.length,
    disguises: NAME_DISGUISES.map(([how]) => how),
    cases: staffRate.cases,
    refused: staffRate.refused,
    refusedRate: staffRate.rate,
    refusedForLength: tooLong.length,
    byMessage,
    gotThrough: staffRate.misses.map((m) => ({ name: m.name, how: m.how })),
  },
  ordinaryNames: { cases: ordinaryNames.length, pseudonyms: pseudonyms.length, refused: falseNames },
  webAddresses: {
    addresses: ADDRESSES.length,
    disguises: ADDRESS_DISGUISES.map(([how]) => how),
    cases: addressRate.cases,
    found: addressRate.refused,
    foundRate: addressRate.rate,
    gotThrough: addressRate.misses.map((m) => ({ text: m.text, how: m.how })),
  },
  ordinaryNotes: { cases: ORDINARY_NOTES.length, refused: falseNotes },
  pass,
});
if (!pass) process.exitCode = 1;
