import { test, type Page } from "@playwright/test";
import { withScriptForAxe } from "./axe";

/**
 * The characters on the page that the browser draws as an empty box (a missing glyph), each with the text it is in
 * (docs/product.md#icons). Each visible character from U+2000 up is drawn on a canvas in its element's own font
 * (family list, web fonts and all) and compared, pixel for pixel, with a character no font has (U+0378, unassigned):
 * a missing glyph is drawn as that same box. `extra` is drawn too, in the body's font, as if it were on the page.
 */
export async function missingGlyphs(page: Page, extra = ""): Promise<string[]> {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const look = () => page.evaluate(findMissing, extra);
  return jsOff ? withScriptForAxe(page, look) : look();
}

async function findMissing(extra: string): Promise<string[]> {
  if (extra) {
    const span = document.createElement("span");
    span.textContent = extra;
    document.body.append(span);
  }
  await document.fonts.ready;
  const canvas = document.createElement("canvas");
  canvas.width = 48;
  canvas.height = 48;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  const drawn = (font: string, text: string) => {
    context.clearRect(0, 0, 48, 48);
    context.font = font;
    context.textBaseline = "top";
    context.fillStyle = "#000";
    context.fillText(text, 4, 4);
    return context.getImageData(0, 0, 48, 48).data.join(",");
  };
  const missing = new Set<string>();
  const checked = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || element.getClientRects().length === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden") continue;
    const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
    for (const char of node.textContent ?? "") {
      if (char.codePointAt(0)! < 0x2000 || /[\p{M}\p{Cf}\p{Z}\s]/u.test(char)) continue;
      const key = `${font}|${char}`;
      if (checked.has(key)) continue;
      checked.add(key);
      // Loads the web font that covers the character, if any, before it is drawn.
      await document.fonts.load(font, char);
      if (drawn(font, char) === drawn(font, "\u0378")) {
        missing.add(`${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase()}) in "${node.textContent?.trim()}"`);
      }
    }
  }
  return [...missing];
}
