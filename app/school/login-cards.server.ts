import { config } from "~/config.server";
import type { LoginCardView } from "~/types/teacher";
import { sortByName } from "./class-results";
import { qrCode } from "./qr-code.server";

/*
 * A class's printable login cards (docs/product.md#teachers), for its teacher and for admins: each pupil's name and
 * code, the class's short address to type, and the QR code of the class's own login link, under which only that
 * class's codes are valid.
 */

/** The absolute address of a class's printed login link. */
export const classLoginLink = (loginKey: string) => `${config.siteUrl}/student-login/${encodeURIComponent(loginKey)}`;

/**
 * The card's short address, typed as printed: the site's host and `/c/{key}`, without `https://` (browsers add it),
 * such as `mathssprint.example/c/7hx4k2` (docs/product.md#short-card-address).
 */
export const cardAddress = (shortKey: string) => `${new URL(config.siteUrl).host}/c/${shortKey}`;

export async function loginCardsView(
  klass: { id: string; name: string; loginKey: string; shortKey: string | null; schoolName: string },
  students: readonly { id: string; name: string; loginCode: string }[],
) {
  const link = classLoginLink(klass.loginKey);
  return {
    siteName: config.siteName,
    className: klass.name,
    classId: klass.id,
    schoolName: klass.schoolName,
    link,
    address: klass.shortKey === null ? null : cardAddress(klass.shortKey),
    qr: await qrCode(link),
    students: sortByName(students).map(({ id, name, loginCode }): LoginCardView => ({ id, name, loginCode })),
  };
}
