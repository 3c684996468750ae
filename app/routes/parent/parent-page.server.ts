import { data } from "@remix-run/node";
import { playerMapView } from "~/facts/summary";
import { studentProgress } from "~/game";
import { PARENT_LINK_LIMITS } from "~/limits/parent-link-limits.server";
import { awardsOf } from "~/facts/certificates";
import { stickerBookView } from "~/facts/stickers";
import { factBooksOf } from "~/models/fact-records.server";
import { rewardsOffForStudent, stickersOf } from "~/models/stickers.server";
import { pupilOfParentLink } from "~/models/parent-links.server";
import { findStudentHome } from "~/models/student-home.server";
import { listStudentPerformance } from "~/models/student-performance.server";
import { cleanStudentSettings, settingsView } from "~/runs/student.server";
import { accuracyChart } from "~/school-rules/accuracy-chart";
import { formatDay } from "~/school-rules/class-results";
import { pupilWorkViews } from "~/school/set-work.server";
import { firstNameOf, hashToken, isTokenShape } from "~/school/parent-links.server";
import { now } from "~/utils/clock.server";
import { tooManyRequests } from "~/utils/http.server";
import { PARENT_MESSAGES as M } from "~/utils/parent-messages";

/*
 * What the parent page reads (docs/product.md#parents): the one pupil a working link opens, and only what their own
 * progress page shows. A revoked, expired or unknown link, or what cannot be a link, is the same 404, so a token
 * tells nothing; the links that open nothing are counted against the address that tried them
 * (app/limits/parent-link-limits.server.ts), and a refusal looks nothing up.
 */

/**
 * Every answer of the page, its 404 and 429 too: never indexed, never cached. (`Referrer-Policy: no-referrer`, so the
 * token is never sent on, is set for every /parent/ address by the server's security headers, server/security-headers.ts.)
 */
export const PARENT_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

const gone = () => data(M.gone, { status: 404, headers: PARENT_HEADERS });

/** The pupil a working link opens, or the same 404 for any other (counted against the address). */
export function openParentLink(token: string, address: string | null) {
  if (!isTokenShape(token)) throw gone();
  const limited = PARENT_LINK_LIMITS.check(address);
  if (!limited.ok) throw data(limited.message, tooManyRequests(limited, PARENT_HEADERS));
  const at = now();
  const pupil = pupilOfParentLink(hashToken(token), at);
  const home = pupil ? findStudentHome(pupil.studentId) : undefined;
  if (!pupil || !home) {
    limited.unknown();
    throw gone();
  }
  return { pupil, home, at };
}

/** The pupil's sticker book and certificates, read-only (docs/product.md#sticker-book); null when stickers are off. */
function parentStickers(studentId: string, asked: string | null, at: number) {
  if (rewardsOffForStudent(studentId)) return null;
  const player = { kind: "student" as const, studentId };
  const stickers = stickersOf(player);
  return {
    book: stickerBookView(stickers, factBooksOf(player), asked, at),
    awards: awardsOf(stickers).map(({ id, words }) => ({ id, words })),
  };
}

export function parentPageData(
  token: string,
  address: string | null,
  op: string | null,
  stickerOp: string | null = null,
) {
  const { pupil, home, at } = openParentLink(token, address);
  const games = listStudentPerformance(pupil.studentId);
  const firstName = firstNameOf(pupil.name);
  return {
    firstName,
    className: pupil.className,
    until: formatDay(pupil.expiresAt),
    settings: settingsView(cleanStudentSettings(home)),
    progress: studentProgress(games, at),
    chart: accuracyChart(games, undefined, `${firstName}'s`),
    // The work the pupil's teacher set, as the pupil sees it (docs/product.md#set-work).
    work: pupilWorkViews(pupil.studentId, at, "parent"),
    facts: playerMapView(factBooksOf({ kind: "student", studentId: pupil.studentId }), op),
    stickers: parentStickers(pupil.studentId, stickerOp, at),
    now: at,
  };
}
