import { config } from "~/config.server";
import type { LoginCardView } from "~/types/teacher";
import { sortByName } from "./class-results";
import { qrCode } from "./qr-code.server";

/*
 * A class's printable login cards (docs/product.md#teachers), for its teacher and for admins: each pupil's name and
 * code, with the class's own login link and its QR code, under which only that class's codes are valid.
 */

/** The absolute address of a class's printed login link. */
export const classLoginLink = (loginKey: string) => `${config.siteUrl}/student-login/${encodeURIComponent(loginKey)}`;

export async function loginCardsView(
  klass: { id: string; name: string; loginKey: string; schoolName: string },
  students: readonly { id: string; name: string; loginCode: string }[],
) {
  const link = classLoginLink(klass.loginKey);
  return {
    className: klass.name,
    classId: klass.id,
    schoolName: klass.schoolName,
    link,
    qr: await qrCode(link),
    students: sortByName(students).map(({ id, name, loginCode }): LoginCardView => ({ id, name, loginCode })),
  };
}
