import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, processLogo, sniffImageFormat } from "~/school/logo-image.server";

/* Logos are judged by their bytes and re-encoded (docs/product.md#logos). */

const solid = (width: number, height: number, channels: 3 | 4, background: string) =>
  sharp({ create: { width, height, channels, background } });

const text = (value: string) => new TextEncoder().encode(value);

describe("sniffImageFormat", () => {
  it("knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else", async () => {
    const image = solid(4, 4, 3, "#123456");
    expect(sniffImageFormat(await image.clone().png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await image.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await image.clone().gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await image.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await image.clone().tiff().toBuffer())).toBeNull();
    for (const other of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      "<?xml version='1.0'?><svg/>",
      "GIF8",
      "RIFF",
      "",
    ])
      expect(sniffImageFormat(text(other)), other).toBeNull();
  });
});

describe("processLogo", () => {
  it("shrinks a large image to fit 500 × 500, keeps its shape, and never enlarges a small one", async () => {
    const wide = await processLogo(await solid(2000, 1000, 3, "#ff0000").jpeg().toBuffer());
    expect(wide).toMatchObject({ ok: true, image: { contentType: "image/jpeg", width: 500, height: 250 } });
    const small = await processLogo(await solid(120, 80, 3, "#00ff00").png().toBuffer());
    expect(small).toMatchObject({ ok: true, image: { contentType: "image/png", width: 120, height: 80 } });
  });

  it("keeps transparency as PNG; an opaque WebP becomes JPEG; a GIF becomes a PNG of its first frame", async () => {
    const clear = await processLogo(await solid(50, 50, 4, "#ff000080").webp().toBuffer());
    expect(clear).toMatchObject({ ok: true, image: { contentType: "image/png" } });
    if (clear.ok) expect((await sharp(clear.image.data).metadata()).hasAlpha).toBe(true);
    const opaque = await processLogo(await solid(50, 50, 3, "#0000ff").webp().toBuffer());
    expect(opaque).toMatchObject({ ok: true, image: { contentType: "image/jpeg" } });
    const gif = await processLogo(await solid(30, 30, 3, "#00ffff").gif().toBuffer());
    expect(gif).toMatchObject({ ok: true, image: { contentType: "image/png", width: 30, height: 30 } });
  });

  it("drops every piece of metadata and turns a photo upright by its EXIF orientation", async () => {
    const photo = await solid(300, 100, 3, "#884422")
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Private Person", Make: "PhoneCo" } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await processLogo(photo);
    if (!result.ok) throw new Error(result.reason);
    const meta = await sharp(result.image.data).metadata();
    expect([meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect([result.image.width, result.image.height]).toEqual([100, 300]);
    expect(result.image.data.includes(Buffer.from("Private Person"))).toBe(false);
  });

  it("names an image by the SHA-256 of its new bytes: the same picture gives the same id", async () => {
    const bytes = await solid(64, 64, 3, "#abcdef").png().toBuffer();
    const a = await processLogo(bytes);
    const b = await processLogo(Uint8Array.from(bytes));
    if (!a.ok || !b.ok) throw new Error("refused");
    expect(a.image.id).toBe(crypto.createHash("sha256").update(a.image.data).digest("hex"));
    expect(b.image.id).toBe(a.image.id);
  });

  it("refuses what is not one of the four formats, whatever it is called", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>';
    expect(await processLogo(text(svg))).toEqual({ ok: false, reason: "not-an-image" });
    expect(await processLogo(text("hello, I am a PNG file"))).toEqual({ ok: false, reason: "not-an-image" });
    expect(await processLogo(await solid(9, 9, 3, "#000").tiff().toBuffer())).toEqual({
      ok: false,
      reason: "not-an-image",
    });
    // A PNG's signature in front of an SVG: sharp reads no PNG there.
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(svg)]);
    expect(await processLogo(disguised)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("refuses an empty file, one over 2 MB, a truncated one, and one that would decode to a huge picture", async () => {
    expect(await processLogo(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
    expect(await processLogo(new Uint8Array(LOGO_MAX_BYTES + 1))).toEqual({ ok: false, reason: "too-large" });
    const whole = await solid(200, 200, 3, "#445566").jpeg().toBuffer();
    expect(await processLogo(whole.subarray(0, whole.length / 2))).toEqual({ ok: false, reason: "unreadable" });
    // 8,000 × 8,000 pixels of one colour compress to a small PNG but are 64 million pixels to decode.
    const bomb = await solid(8000, 8000, 3, "#000000").png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(LOGO_MAX_BYTES);
    expect(await processLogo(bomb)).toEqual({ ok: false, reason: "unreadable" });
  });
});
