import type { Player } from "~/auth/player.server";
import type { CertificateView } from "~/components/facts/certificates";
import { awardsBetween, awardsOf, type Award } from "~/facts/certificates";
import type { Sticker } from "~/facts/stickers";
import { findSchool } from "~/models/schools.server";
import { stickersOf } from "~/models/stickers.server";
import { formatLongDay } from "~/school-rules/competition";
import { addDays, ukDay, ukMidnight } from "~/school-rules/uk-days";
import { now } from "~/utils/clock.server";

/*
 * What a certificates page reads (docs/product.md#sticker-book): a child's certificates from their stickers (all, or
 * the one `?award=` names), with their first or public name, the day each was earned and the school's logo; and a
 * class's certificates earned this week, for the teacher.
 */

export type CertificateSchool = { name: string; logoUrl: string | null } | null;

/** A school's name and logo for its certificates (null when the school has gone). */
export function certificateSchool(schoolId: string): CertificateSchool {
  const school = findSchool(schoolId);
  return school ? { name: school.name, logoUrl: school.logoUrl } : null;
}

export function certificateViewsOf(
  awards: readonly Award[],
  name: string,
  school: CertificateSchool,
  keyPrefix = "",
): CertificateView[] {
  return awards.map((award) => ({
    key: `${keyPrefix}${award.id}`,
    name,
    words: award.words,
    on: formatLongDay(ukDay(award.earnedAt)),
    school,
  }));
}

/** A child's certificates: every one their stickers earned, or the one `award` names (none when it names none). */
export function ownCertificates(
  stickers: readonly Sticker[],
  name: string,
  school: CertificateSchool,
  award: string | null,
): { certificates: CertificateView[]; awards: { id: string; words: string }[] } {
  const awards = awardsOf(stickers);
  const shown = award === null ? awards : awards.filter((a) => a.id === award);
  return {
    certificates: certificateViewsOf(shown, name, school),
    awards: awards.map(({ id, words }) => ({ id, words })),
  };
}

/** A player's own certificates (a member's public name; a pupil's first name is given by their page). */
export function playerCertificates(player: Player, name: string, school: CertificateSchool, award: string | null) {
  return ownCertificates(stickersOf(player), name, school, award);
}

/** This week in UK time: from Monday's midnight to now. */
export function thisWeek(at = now()): { from: number; until: number; monday: string } {
  const today = ukDay(at);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return { from: ukMidnight(monday), until: at + 1, monday };
}

/** The certificates a class's pupils earned this week, pupil by pupil (their first names, sorted). */
export function weekCertificates(
  pupils: readonly { id: string; firstName: string }[],
  stickersByPupil: Map<string, Sticker[]>,
  school: CertificateSchool,
  at = now(),
): { pupil: { id: string; firstName: string }; awards: Award[]; certificates: CertificateView[] }[] {
  const { from, until } = thisWeek(at);
  return pupils
    .map((pupil) => {
      const awards = awardsBetween(stickersByPupil.get(pupil.id) ?? [], from, until);
      return { pupil, awards, certificates: certificateViewsOf(awards, pupil.firstName, school, `${pupil.id}-`) };
    })
    .filter((entry) => entry.awards.length > 0);
}
