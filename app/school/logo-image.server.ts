import crypto from "node:crypto";
import type Sharp from "sharp";
import type { NewImage } from "~/models/images.server";

/*
 * Logos as uploaded (docs/product.md#logos): the real bytes decide what a file is, never its name or declared
 * type. PNG, JPEG, GIF and WebP are taken (their magic numbers first, then sharp's own reading must agree); SVG and
 * everything else are refused. An accepted image is re-encoded by sharp: turned upright, shrunk to fit 500 × 500
 * (never enlarged), every piece of metadata dropped (EXIF, GPS, ICC, comments), and written as PNG when it has
 * transparency or came as PNG or GIF, otherwise as JPEG. Its id is the SHA-256 of the new bytes.
 */

/** The largest upload: 2 MB ("Please upload an image smaller than 2MB"). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Logos are shown at most this size (docs/product.md#logos recommends 500 × 500). */
export const LOGO_MAX_SIDE = 500;
/** A decoded image larger than this is refused before it is decoded (a small file can declare a huge picture). */
export const LOGO_MAX_INPUT_PIXELS = 40_000_000;

export type SniffedFormat = "png" | "jpeg" | "gif" | "webp";

/** The image format the first bytes announce, or null when they announce none we take. */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(ascii("GIF87a")) || starts(ascii("GIF89a"))) return "gif";
  if (starts(ascii("RIFF")) && starts(ascii("WEBP"), 8)) return "webp";
  return null;
}

export type LogoResult =
  | { ok: true; image: NewImage }
  /** `empty`: no file; `too-large`: over 2 MB; `not-an-image`: not one of the formats; `unreadable`: broken. */
  | { ok: false; reason: "empty" | "too-large" | "not-an-image" | "unreadable" };

// sharp (and libvips) load with the first logo, not when the server starts. A logo is read once: libvips need not
// keep decoded images around between requests.
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

/** Checks and re-encodes an uploaded logo. */
export async function processLogo(bytes: Uint8Array): Promise<LogoResult> {
  if (bytes.byteLength === 0) return { ok: false, reason: "empty" };
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, reason: "too-large" };
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return { ok: false, reason: "not-an-image" };
  const sharp = await loadSharp();
  try {
    // failOn "error": a truncated or corrupt file is refused, not half drawn. One frame of an animation.
    const input = sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: "error", animated: false });
    const meta = await input.metadata();
    if (meta.format !== sniffed) return { ok: false, reason: "not-an-image" };
    const keepsPng = meta.hasAlpha || sniffed === "png" || sniffed === "gif";
    const resized = input
      .rotate() // upright by its EXIF orientation, before the EXIF is dropped
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const { data, info } = await (
      keepsPng
        ? resized.png({ compressionLevel: 9 })
        : resized.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: {
        id: crypto.createHash("sha256").update(data).digest("hex"),
        contentType: keepsPng ? "image/png" : "image/jpeg",
        data,
        width: info.width,
        height: info.height,
      },
    };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
