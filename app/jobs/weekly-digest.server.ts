import { config } from "~/config.server";
import { sendMail } from "~/email/mailer.server";
import { mostMissed, needsHelp } from "~/facts/summary";
import { mayWrite, repeatEvery, why, yieldToRequests } from "./job-steps.server";
import { listClassesOfTeacher } from "~/models/class-results.server";
import {
  claimDigestWeek,
  digestPupilsOfClass,
  releaseDigestWeek,
  teachersDueDigest,
  type DueTeacher,
} from "~/models/digest.server";
import { factBooksOfClass } from "~/models/fact-records.server";
import { stickersOfClass } from "~/models/stickers.server";
import { badgesEarnedBetween, type Sticker } from "~/facts/stickers";
import { buildDigest, type DigestClassFigures, type SecuredTables } from "~/school-rules/digest-content";
import { unsubscribeUrl } from "~/school/digest-tokens.server";
import { digestDue, ukWeekOf } from "~/school-rules/digest-week";
import { now } from "~/utils/clock.server";

/*
 * The weekly digest to teachers (docs/product.md#weekly-digest, docs/decisions/0063-weekly-digest.md): a timer in the
 * server process looks every quarter of an hour; from the set day and hour (UK time) until the week ends, the
 * instance that is the LiteFS primary at that moment sends each teacher with a confirmed address one mail about
 * their classes. Each teacher's week is marked in its own commit before their mail goes (so a crash or a move of
 * the primary never sends twice: it may miss one week instead), and given back when the mail server refuses it.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const DIGEST = {
  firstCheckAfterMs: 2 * MINUTE_MS,
  /** Between the end of one check and the start of the next. */
  everyMs: 15 * MINUTE_MS,
  /** Teachers read a batch. */
  batchSize: 20,
  /** A run stops after this many mail failures: the mail server is likely down (as the contact retry does). */
  failuresPerRun: 3,
  /** The games read: this week and the week before. */
  gamesWithinMs: 14 * DAY_MS,
};

export type DigestReport = {
  /** False when this instance is not the primary, a shutdown has begun, or a run was already going. */
  ran: boolean;
  /** False when the week's digest is not due yet (the set day and hour have not come). */
  due: boolean;
  week: string;
  sent: number;
  /** Teachers with no class: their week is marked and nothing is sent. */
  skipped: number;
  failed: number;
};

const mayWriteNow = () => mayWrite("Weekly digest");

/**
 * Who secured a whole table (or row of a grid) this week: the pupils with a badge whose last sticker came in the 7
 * days before the digest (docs/product.md#sticker-book), by name.
 */
function securedTables(
  pupils: readonly { id: string; name: string }[],
  stickers: Map<string, Sticker[]>,
  at: number,
): SecuredTables[] {
  const list: SecuredTables[] = [];
  for (const pupil of pupils) {
    const badges = badgesEarnedBetween(stickers.get(pupil.id) ?? [], at - 7 * DAY_MS, at + 1);
    if (badges.length > 0) list.push({ name: pupil.name, tables: badges.map((badge) => badge.words) });
  }
  return list.sort((x, y) => x.name.localeCompare(y.name));
}

/** A class's figures for the digest: its pupils' games of the last two weeks and the class facts page's lists. */
export function classFigures(classId: string, name: string, at: number): DigestClassFigures {
  const pupils = digestPupilsOfClass(classId, at - DIGEST.gamesWithinMs);
  const books = factBooksOfClass(classId);
  const withBooks = pupils.map((pupil) => ({ id: pupil.id, name: pupil.name, books: books.get(pupil.id) ?? {} }));
  return {
    name,
    pupils,
    needsHelp: needsHelp(withBooks),
    mostMissed: mostMissed(withBooks),
    securedTables: securedTables(pupils, stickersOfClass(classId), at),
    dashboardUrl: `${config.siteUrl}/teacher-dashboard?class=${encodeURIComponent(classId)}`,
  };
}

/** The digest of one teacher, with its one-click unsubscribe headers (RFC 8058); null when they have no class. */
export function digestMailOf(teacher: { teacherId: string; name: string; digestEmail: string }, at: number) {
  const classes = listClassesOfTeacher(teacher.teacherId);
  if (classes.length === 0) return null;
  const unsubscribe = unsubscribeUrl(teacher.teacherId);
  const mail = buildDigest({
    siteName: config.siteName,
    teacherName: teacher.name,
    at,
    classes: classes.map((klass) => classFigures(klass.id, klass.name, at)),
    unsubscribeUrl: unsubscribe,
  });
  return {
    to: teacher.digestEmail,
    ...mail,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

let running = false;

/**
 * One run: on the primary only, when the week's digest is due (or always, with `force`: the e2e suite's test route
 * and the tests). Never throws. Exported for the tests; the server runs it on a timer.
 */
export async function runWeeklyDigest({ force = false, at = now() } = {}): Promise<DigestReport> {
  const week = ukWeekOf(at).key;
  const report: DigestReport = { ran: false, due: false, week, sent: 0, skipped: 0, failed: 0 };
  if (running || !mayWriteNow()) return report;
  running = true;
  report.ran = true;
  try {
    report.due = force || digestDue(at, config.digest.day, config.digest.hour);
    if (!report.due) return report;
    const tried = new Set<string>();
    while (mayWriteNow() && report.failed < DIGEST.failuresPerRun) {
      const batch = teachersDueDigest(week, DIGEST.batchSize).filter((t) => !tried.has(t.teacherId));
      if (batch.length === 0) break;
      for (const teacher of batch) {
        if (!mayWriteNow() || report.failed >= DIGEST.failuresPerRun) break;
        tried.add(teacher.teacherId);
        await sendOne(teacher, week, at, report);
      }
      await yieldToRequests();
    }
    if (report.sent > 0 || report.failed > 0)
      console.log(
        `Weekly digest ${week}: ${report.sent} sent, ${report.skipped} without classes, ${report.failed} failed.`,
      );
  } catch (error) {
    console.error("Weekly digest: the run failed:", why(error));
  } finally {
    running = false;
  }
  return report;
}

async function sendOne(teacher: DueTeacher, week: string, at: number, report: DigestReport): Promise<void> {
  // The mark first, in its own commit: only the run that made it sends.
  if (!claimDigestWeek(teacher.teacherId, week)) return;
  let mail;
  try {
    mail = digestMailOf(teacher, at);
  } catch (error) {
    report.failed += 1;
    releaseDigestWeek(teacher.teacherId, week, teacher.digestSentWeek);
    console.error(`Weekly digest: teacher ${teacher.teacherId}'s digest could not be made:`, why(error));
    return;
  }
  if (!mail) {
    report.skipped += 1;
    return;
  }
  try {
    await sendMail(mail);
    report.sent += 1;
  } catch (error) {
    report.failed += 1;
    releaseDigestWeek(teacher.teacherId, week, teacher.digestSentWeek);
    console.error(`Weekly digest: the mail to teacher ${teacher.teacherId} failed:`, why(error));
  }
}

/**
 * Starts the timer (the first check two minutes after start), unless NODE_ENV is test or DIGEST is off. Every
 * process runs it; each run sends only on the primary.
 */
export function startWeeklyDigest(): void {
  if (!config.digest.on) return;
  repeatEvery("Weekly digest", "maths-sprint.weekly-digest", runWeeklyDigest, {
    firstAfterMs: DIGEST.firstCheckAfterMs,
    everyMs: DIGEST.everyMs,
  });
}
