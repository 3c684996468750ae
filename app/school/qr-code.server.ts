import type QRCode from "qrcode";
import type { QrView } from "~/types/teacher";

/*
 * QR codes for the printed login cards (docs/product.md#teachers), made on the server and drawn by the page as
 * inline SVG: no image request, no script, and they print sharp at any size.
 */

// The qrcode package is loaded with the first cards page, not when the server starts.
let qrcode: Promise<typeof QRCode> | undefined;
const loadQrcode = () => (qrcode ??= import("qrcode").then((module) => module.default));

/** The dark modules of `text`'s QR code (error correction M: a smudged card still scans) as one SVG path. */
export async function qrCode(text: string): Promise<QrView> {
  const { modules } = (await loadQrcode()).create(text, { errorCorrectionLevel: "M" });
  const { size } = modules;
  let path = "";
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col++;
      // One rectangle per run of dark modules in a row.
      path += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return { size, path };
}
