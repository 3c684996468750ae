import { describe, expect, it } from "vitest";
import { hasWebAddress } from "~/accounts/web-addresses.server";

/*
 * No links in texts adults write for children (docs/product.md#set-work, docs/product.md#class-competition): web
 * addresses however they are spaced, dotted or disguised are found; ordinary sentences are not.
 */

describe("a web address", () => {
  it("is found spaced, dotted, written out, spelled letter by letter and with look-alike letters", () => {
    const addresses = [
      ...["www . evil . com", "evil [dot] com", "evil(.)com", "evil (dot) com", "evil{.}com", "evil <dot> com"],
      ...["e v i l . c o m", "evil。com", "evil．com", "ｅｖｉｌ．ｃｏｍ", "evil . com", "evil .com", "evil dot com"],
      ...["https : //", "https://x", "h t t p s : / / x", "http:", "see www", "w w w evil", "evil.co.uk"],
      ...["go to evil.com now", "bit.ly/abc", "еvil.сom", "mail miss@school.sch.uk", "games.net!", "EVIL.COM"],
      ...["javascript://x", "ftp://files", "play at maths-games.io today", "evil・com", "evil·com"],
    ];
    for (const text of addresses) expect(hasWebAddress(text), text).toBe(true);
  });

  it("is not found in ordinary notes", () => {
    const notes = [
      ...["Practise the 7s. Well done!", "Page 12", "Dr. Seuss fan", "Try hard this week!", "Score 7.5 or more"],
      ...["Well done everyone. See you on Monday.", "Mr. Smith says hi", "Do 3 x 4 = 12 and 6 / 2 = 3", ""],
      ...["Times tables: 2, 5 and 10", "Aim for 20 a minute... then 25", "Help at home: ask a grown-up", "e.g. 7 × 8"],
      ...["Come and see me.", "Join us. Bring a pencil", "It's in the book . Page 4", "A B C D", "Q & A on Friday"],
    ];
    for (const text of notes) expect(hasWebAddress(text), text).toBe(false);
    // The boundary, chosen: "dot com" written out after a word is an address, even in a joke.
    expect(hasWebAddress("A dot com joke")).toBe(true);
  });
});
