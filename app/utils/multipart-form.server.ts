import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MultipartParser,
  type MultipartPart,
} from "@remix-run/multipart-parser";

/*
 * Reading a form with one file (a logo: docs/product.md#logos). The file is kept in memory up to `maxFileBytes`;
 * a larger one is read to its end and dropped, so the page can answer 'File too large' beside the right form
 * (the form's other fields come before the file and are all there), instead of cutting the upload off, which a
 * browser shows as a broken connection. A body past `maxBodyBytes` in all is not read on: answer 413.
 * The parser is @remix-run/multipart-parser, fed chunk by chunk here so that a too-large file can be read past
 * (docs/decisions/0041-the-react-router-7-path.md: no Remix 2 internals).
 */

/** Text fields are a few ids and names. */
const MAX_FIELD_BYTES = 4 * 1024;
const MAX_FIELDS = 20;
/** A part's headers: a name, a file name and a type. */
const MAX_PART_HEADER_BYTES = 8 * 1024;

export type UploadedFile = { kind: "none" } | { kind: "too-large" } | { kind: "file"; bytes: Buffer; filename: string };

export type MultipartForm =
  { ok: true; fields: FormData; file: UploadedFile } | { ok: false; status: 400 | 413 | 415; message: string };

/** Whether the request says it carries multipart/form-data. */
export function isMultipart(request: Request): boolean {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return mediaType === "multipart/form-data";
}

class Malformed extends Error {}

/** The parts of one form as they come: text fields into `fields`, the one file into `file`. */
function formCollector(fileField: string, maxFieldBytes: number) {
  const fields = new FormData();
  let file: UploadedFile = { kind: "none" };
  return {
    fields,
    file: () => file,
    take(part: MultipartPart) {
      const name = part.name;
      if (name === undefined) throw new Malformed();
      const filename = part.filename;
      if (filename !== undefined) {
        if (name !== fileField || file.kind !== "none") throw new Malformed();
        // A form sent with no file chosen has an empty part with an empty name.
        file =
          part.size === 0 && filename === ""
            ? { kind: "none" }
            : { kind: "file", bytes: Buffer.from(part.bytes), filename };
        return;
      }
      if (part.size > maxFieldBytes) throw new Malformed();
      fields.append(name, Buffer.from(part.bytes).toString("utf8"));
    },
    /** A part was past `maxFileBytes`: whether it can be the one file (then whatever follows is read past). */
    fileTooLarge(): boolean {
      if (file.kind !== "none") return false;
      file = { kind: "too-large" };
      return true;
    },
  };
}

/**
 * The text fields and the one file (field `fileField`) of a multipart form. Anything else is refused plainly:
 * not multipart (415), not parseable, a second file or an oversized text field (400), a body past `maxBodyBytes`
 * (413). Text fields hold at most `maxFieldBytes` (4 KB unless a form needs more, such as a pasted list of names;
 * never more than `maxFileBytes`, which bounds every part).
 */
export async function readMultipartForm(
  request: Request,
  {
    fileField,
    maxFileBytes,
    maxBodyBytes,
    maxFieldBytes = MAX_FIELD_BYTES,
  }: { fileField: string; maxFileBytes: number; maxBodyBytes: number; maxFieldBytes?: number },
): Promise<MultipartForm> {
  if (!isMultipart(request))
    return { ok: false, status: 415, message: "This form must be sent as multipart/form-data." };
  const tooLarge = { ok: false, status: 413, message: "This upload is too large." } as const;
  const unreadable = { ok: false, status: 400, message: "This form could not be read." } as const;
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBodyBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, message: "This form is empty." };
  const boundary = getMultipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary) return unreadable;

  // maxFileSize bounds every part (a part past it is taken for the file); a text field's own, smaller limit is
  // checked as it is taken.
  const parser = new MultipartParser(boundary, {
    maxHeaderSize: MAX_PART_HEADER_BYTES,
    maxFileSize: maxFileBytes,
    maxParts: MAX_FIELDS,
  });
  const form = formCollector(fileField, maxFieldBytes);
  const reader = request.body.getReader();
  let seen = 0;
  // Past a too-large file, or past what cannot be parsed, the body is read on to its end (or to the limit),
  // keeping nothing: the answer then comes to a client that is listening again, and a body past the limit is 413.
  let readingPast: "no" | "file-too-large" | "unreadable" = "no";
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      seen += read.value.byteLength;
      if (seen > maxBodyBytes) {
        await reader.cancel();
        return tooLarge;
      }
      if (readingPast !== "no") continue;
      try {
        for (const part of parser.write(read.value)) form.take(part);
      } catch (error) {
        readingPast =
          error instanceof MaxFileSizeExceededError && form.fileTooLarge() ? "file-too-large" : "unreadable";
      }
    }
    if (readingPast === "unreadable") return unreadable;
    if (readingPast === "no") parser.finish();
    return { ok: true, fields: form.fields, file: form.file() };
  } catch {
    await reader.cancel().catch(() => undefined);
    return unreadable;
  }
}
