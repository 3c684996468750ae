import { unstable_parseMultipartFormData } from "@remix-run/node";

/*
 * Reading a form with one file (a logo: docs/product.md#logos). The file is kept in memory up to `maxFileBytes`;
 * a larger one is read to its end and dropped, so the page can answer 'File too large' beside the right form
 * (the form's other fields come before the file and are all there), instead of cutting the upload off, which a
 * browser shows as a broken connection. A body past `maxBodyBytes` in all is not read on: answer 413.
 */

/** Text fields are a few ids and names. */
const MAX_FIELD_BYTES = 4 * 1024;
const MAX_FIELDS = 20;

export type UploadedFile =
  { kind: "none" } | { kind: "too-large"; bytes: number } | { kind: "file"; bytes: Buffer; filename: string };

export type MultipartForm =
  { ok: true; fields: FormData; file: UploadedFile } | { ok: false; status: 400 | 413 | 415; message: string };

/** Whether the request says it carries multipart/form-data. */
export function isMultipart(request: Request): boolean {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return mediaType === "multipart/form-data";
}

class BodyTooLarge extends Error {}
class Malformed extends Error {}

/** The body, failing once more than `limit` bytes have come. */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The text fields and the one file (field `fileField`) of a multipart form. Anything else is refused plainly:
 * not multipart (415), not parseable, a second file or an oversized text field (400), a body past `maxBodyBytes`
 * (413).
 */
export async function readMultipartForm(
  request: Request,
  { fileField, maxFileBytes, maxBodyBytes }: { fileField: string; maxFileBytes: number; maxBodyBytes: number },
): Promise<MultipartForm> {
  if (!isMultipart(request))
    return { ok: false, status: 415, message: "This form must be sent as multipart/form-data." };
  const tooLarge = { ok: false, status: 413, message: "This upload is too large." } as const;
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBodyBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, message: "This form is empty." };

  let file: UploadedFile = { kind: "none" };
  let fields = 0;
  const body = capped(request.body, maxBodyBytes);
  try {
    const form = await unstable_parseMultipartFormData(
      // The parser reads only the headers and the body.
      { headers: request.headers, body } as Request,
      async ({ name, filename, data }) => {
        if (++fields > MAX_FIELDS) throw new Malformed();
        if (typeof filename === "string") {
          if (name !== fileField || file.kind !== "none") throw new Malformed();
          const chunks: Uint8Array[] = [];
          let size = 0;
          for await (const chunk of data) {
            size += chunk.byteLength;
            if (size <= maxFileBytes) chunks.push(chunk);
            else chunks.length = 0; // read on to the end, keeping nothing
          }
          // A form sent with no file chosen has an empty part with an empty name.
          file =
            size > maxFileBytes
              ? { kind: "too-large", bytes: size }
              : size === 0 && filename === ""
                ? { kind: "none" }
                : { kind: "file", bytes: Buffer.concat(chunks), filename };
          return undefined;
        }
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of data) {
          size += chunk.byteLength;
          if (size > MAX_FIELD_BYTES) throw new Malformed();
          chunks.push(chunk);
        }
        return Buffer.concat(chunks).toString("utf8");
      },
    );
    return { ok: true, fields: form, file };
  } catch (error) {
    if (error instanceof BodyTooLarge || (error instanceof Error && error.cause instanceof BodyTooLarge))
      return tooLarge;
    return { ok: false, status: 400, message: "This form could not be read." };
  }
}
