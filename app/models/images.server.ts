import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { classes, images, schools } from "~/db/schema";

/*
 * Stored images (docs/product.md#logos): school and class logos, kept in SQLite so LiteFS replicates them. An
 * image's id is the SHA-256 of its bytes (hex), so the same picture is stored once and its URL never changes
 * meaning: `/images/{id}.{ext}`. Data access only: app/school/logo-image.server.ts makes the bytes.
 */

export type ImageContentType = "image/png" | "image/jpeg";

const EXTENSIONS: Record<ImageContentType, string> = { "image/png": "png", "image/jpeg": "jpg" };

export type NewImage = { id: string; contentType: ImageContentType; data: Buffer; width: number; height: number };

export type StoredImage = { id: string; contentType: string; data: Buffer };

/** Where an image is served: `/images/{sha256}.{png|jpg}`. */
export function imageUrl(image: { id: string; contentType: ImageContentType }): string {
  return `/images/${image.id}.${EXTENSIONS[image.contentType]}`;
}

const IMAGE_URL = /^\/images\/([0-9a-f]{64})\.(png|jpg)$/;

/** The image a logo URL names, or null for anything that is not one of ours. */
export function imageIdFromUrl(url: string | null | undefined): string | null {
  return (url && IMAGE_URL.exec(url)?.[1]) || null;
}

/** The file name of a request (`{sha256}.{ext}`) split, or null when it cannot name an image. */
export function parseImageFileName(file: string): { id: string; extension: string } | null {
  const match = /^([0-9a-f]{64})\.(png|jpg)$/.exec(file);
  return match ? { id: match[1]!, extension: match[2]! } : null;
}

/** The extension an image of this content type is served with. */
export function imageExtension(contentType: string): string | undefined {
  return EXTENSIONS[contentType as ImageContentType];
}

export function findImage(id: string): StoredImage | undefined {
  return db
    .select({ id: images.id, contentType: images.contentType, data: images.data })
    .from(images)
    .where(eq(images.id, id))
    .get();
}

/** Storing an image's bytes failed (as opposed to pointing a school or class at it). */
export class ImageNotStored extends Error {
  constructor(cause: unknown) {
    super("the image could not be stored", { cause });
    this.name = "ImageNotStored";
  }
}

/** Stores an image once: the same bytes again (the same id) keep the row that is there. Throws ImageNotStored. */
export function saveImage(image: NewImage): void {
  try {
    db.insert(images).values(image).onConflictDoNothing().run();
  } catch (error) {
    throw new ImageNotStored(error);
  }
}

/** How many schools and classes show the image at this URL. */
export function logoUsers(url: string): number {
  const bySchools = db.select({ n: count() }).from(schools).where(eq(schools.logoUrl, url)).get()?.n ?? 0;
  const byClasses = db.select({ n: count() }).from(classes).where(eq(classes.logoUrl, url)).get()?.n ?? 0;
  return bySchools + byClasses;
}

/** Deletes the image at this URL when no school or class shows it any more; true when it was deleted. */
export function deleteImageIfUnused(url: string | null): boolean {
  const id = imageIdFromUrl(url);
  if (!id || logoUsers(url!) > 0) return false;
  return db.delete(images).where(eq(images.id, id)).run().changes > 0;
}

/** Runs `write` (which stores the image's URL somewhere) with the image stored first, in one transaction. */
export function withStoredImage<T>(image: NewImage | null, write: (url: string | null) => T): T {
  return db.transaction(() => {
    if (image) saveImage(image);
    return write(image ? imageUrl(image) : null);
  });
}

export type LogoOwner = { kind: "school" | "class"; id: string };

/** The logo URL of a school or class: undefined when there is no such school or class, null when it has none. */
export function logoOf(owner: LogoOwner): string | null | undefined {
  const row =
    owner.kind === "school"
      ? db.select({ logoUrl: schools.logoUrl }).from(schools).where(eq(schools.id, owner.id)).get()
      : db.select({ logoUrl: classes.logoUrl }).from(classes).where(eq(classes.id, owner.id)).get();
  return row ? row.logoUrl : undefined;
}

/**
 * Gives a school or class a new logo (an image to store, or null to remove it), in one transaction: the image is
 * stored (once), the owner points at it, and the image it showed before is deleted when nothing else shows it.
 * Returns false, with nothing written, when there is no such school or class.
 */
export function replaceLogo(owner: LogoOwner, image: NewImage | null): boolean {
  return db.transaction(() => {
    const before = logoOf(owner);
    if (before === undefined) return false;
    const url = image ? imageUrl(image) : null;
    if (image) saveImage(image);
    if (owner.kind === "school") db.update(schools).set({ logoUrl: url }).where(eq(schools.id, owner.id)).run();
    else db.update(classes).set({ logoUrl: url }).where(eq(classes.id, owner.id)).run();
    if (before !== url) deleteImageIfUnused(before);
    return true;
  });
}
