/*
 * Characters that show nothing, or change how the text around them shows, have no place in a name that other
 * people read: Unicode's default-ignorable code points (zero-width spaces and joiners, the combining grapheme
 * joiner, variation selectors, tags, the soft hyphen, the Hangul fillers, bidi controls), other format characters,
 * control characters, private-use and unassigned code points, and the blank braille pattern. A name holding one
 * is refused, not cleaned, so the name a person sees while typing is the name everyone else sees
 * (docs/product.md#public-names, docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
 */

export const INVISIBLE_CHARACTERS_MESSAGE = "Names cannot contain invisible or blank characters.";

// Tabs and line breaks are plain white space: the forms trim them or make them one space.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2800]|(?![\t\n\v\f\r])\p{Cc}/u;

/** Whether the text holds a character that shows nothing or changes how its neighbours show. */
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);
