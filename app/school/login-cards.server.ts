import { config } from "~/config.server";
import { cardKeyOf } from "./card-keys.server";
import type { LoginCardView } from "~/types/teacher";
import { sortByName } from "~/school-rules/class-results";
import { qrCode } from "./qr-code.server";

/*
 * A class's printable login cards (docs/product.md#teachers), for its teacher and for admins: each pupil's name and
 * code, and their card's own address, to type or in its QR code, where only that code opens
 * (docs/product.md#short-card-address). The class's link is still shown once, to share another way.
 */

/** The absolute address of a class's printed login link. */
export const classLoginLink = (loginKey: string) => `${config.siteUrl}/student-login/${encodeURIComponent(loginKey)}`;

/**
 * The card's short address, typed as printed: the site's host and `/c/{key}`, without `https://` (browsers add it),
 * such as `mathssprint.example/c/7hx4k2` (docs/product.md#short-card-address).
 */
export const cardAddress = (shortKey: string) => `${new URL(config.siteUrl).host}/c/${shortKey}`;

/** A card's own address in full, for its QR code. */
export const cardLink = (cardKey: string) => `${config.siteUrl}/c/${cardKey}`;

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
    students: await Promise.all(
      sortByName(students).map(async ({ id, name, loginCode }): Promise<LoginCardView> => {
        const key = cardKeyOf(id, loginCode);
        return { id, name, loginCode, address: cardAddress(key), link: cardLink(key), qr: await qrCode(cardLink(key)) };
      }),
    ),
  };
}
