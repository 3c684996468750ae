import type { LoaderFunctionArgs } from "@remix-run/node";
import { findImage, imageExtension, parseImageFileName } from "~/models/images.server";

/*
 * A stored image (docs/product.md#logos): `/images/{sha256}.{png|jpg}`. The name is the hash of the bytes, so the
 * answer never changes and browsers and proxies may keep it for a year. Only what the name promises is served:
 * an unknown hash, or one with the wrong extension, is a 404. (`X-Content-Type-Options: nosniff` comes with every
 * response of the site: server/security-headers.ts.)
 */

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = parseImageFileName(params.file ?? "");
  const image = file ? findImage(file.id) : undefined;
  if (!file || !image || imageExtension(image.contentType) !== file.extension) return notFound();
  const headers = {
    "Content-Type": image.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: `"${image.id}"`,
  };
  if (request.headers.get("If-None-Match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.data), {
    headers: { ...headers, "Content-Length": String(image.data.byteLength) },
  });
}
