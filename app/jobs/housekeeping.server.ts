import { config } from "~/config.server";
import { sendMail } from "~/email/mailer.server";
import { contactMail } from "~/email/templates.server";
import { pruneAudit } from "~/models/audit.server";
import { deleteContactMessagesBefore, markContactMailed, unmailedContactMessages } from "~/models/contact.server";
import { deleteErasuresBefore, emptyLogAfterDeletes } from "~/models/erasures.server";
import { pupilsArchivedBefore } from "~/models/new-year.server";
import { eraseArchivedPupil } from "~/school/data-rights.server";
import { backfillFactsBatch, deleteIdleVisitorFacts } from "~/models/fact-records.server";
import { deleteExpiredParentLinks } from "~/models/parent-links.server";
import { deleteAgedRecentRows } from "~/models/leaderboard.server";
import { clearOldRunAnswers } from "~/models/runs.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import { deleteWorkDueBefore } from "~/models/set-work.server";
import { erasedIfDueBefore } from "~/school-rules/set-work";
import { deleteMember, membersInactiveSince } from "~/models/users.server";
import { deleteSpentTokens } from "~/models/verification-tokens.server";
import { now } from "~/utils/clock.server";
import { mayWrite, repeatEvery, why, yieldToRequests } from "./job-steps.server";
import { ukDay } from "~/school-rules/uk-days";

/*
 * app/jobs: jobs that run on a timer in the server process. Housekeeping deletes what the privacy policy says we
 * no longer keep, trims the daily boards' rows that have left their window and retries contact mail that failed,
 * on the LiteFS primary only, since a replica cannot write (docs/product.md#privacy-and-retention,
 * docs/decisions/0021-housekeeping-on-the-primary.md).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const HOUSEKEEPING = {
  firstRunAfterMs: MINUTE_MS,
  /** Between the end of one run and the start of the next, so runs never overlap. */
  everyMs: HOUR_MS,
  /** Rows per delete statement: a big backlog never holds the write lock for long. */
  batchSize: 500,
  /** Used or expired tokens are kept a day after that. */
  tokensKeptMs: DAY_MS,
  /** Account data: two years after the last sign-in. */
  membersKeptMs: 2 * 365 * DAY_MS,
  /** Support communications: one year. */
  contactMessagesKeptMs: 365 * DAY_MS,
  /** The record that a pupil's data was erased (docs/product.md#data-rights): one year, as support communications. */
  erasuresKeptMs: 365 * DAY_MS,
  /** A pupil archived by a new school year (docs/product.md#new-school-year): one year after the archiving. */
  archivedPupilsKeptMs: 365 * DAY_MS,
  /** Archived pupils erased a batch: each is a whole erasure, its own transaction. */
  archivedPupilsBatch: 50,
  /** A game's answer by answer record: 90 days (its score stays with the result and the boards). */
  runAnswersKeptMs: 90 * DAY_MS,
  /** A visitor's fact records: 400 days after their last change, the `__player` cookie's lifetime. */
  visitorFactsKeptMs: 400 * DAY_MS,
  /** Players a commit of the one-off fact records backfill: a big database never holds one long write. */
  factsBackfillPlayers: 50,
  /** Unmailed contact messages are retried once this old (the form's own try is long over)… */
  retryMailAfterMs: 5 * MINUTE_MS,
  /** …until this old, at most this many per run… */
  retryMailWithinMs: 7 * DAY_MS,
  retryMailPerRun: 20,
  /** …and a run stops trying after this many failures: the mail server is likely down. */
  retryMailFailuresPerRun: 3,
};

export type HousekeepingReport = {
  /** False when this instance is not the primary, a shutdown has begun, or a run was already going. */
  ran: boolean;
  sessions: number;
  tokens: number;
  members: number;
  contactMessages: number;
  /** Erasure records over a year old. */
  erasures: number;
  /** Pupils archived over a year ago, erased. */
  archivedPupils: number;
  /** Runs whose answer-by-answer record was cleared (their scores stay). */
  runAnswers: number;
  /** Rows of the daily boards' recent table past its window (finishes trim only a few each). */
  boardRows: number;
  /** Visitors' fact records idle for 400 days. */
  visitorFacts: number;
  /** Parent links past their expiry (docs/product.md#parents). */
  parentLinks: number;
  /** Change log entries over a year old (docs/product.md#change-log). */
  auditEntries: number;
  /** Set work whose due day is more than 8 weeks past (docs/product.md#set-work). */
  setWork: number;
  /** Players whose fact records the one-off backfill rebuilt in this run (docs/product.md#fact-records). */
  factsBackfilled: number;
  mailed: number;
  mailFailed: number;
  /** The steps that threw (each is logged; the others still ran). */
  failed: string[];
};

const mayWriteNow = () => mayWrite("Housekeeping");

/** Runs a batch delete until it deletes less than a full batch; returns the total. */
async function inBatches(deleteBatch: (limit: number) => number): Promise<number> {
  let total = 0;
  while (mayWriteNow()) {
    const deleted = deleteBatch(HOUSEKEEPING.batchSize);
    total += deleted;
    if (deleted < HOUSEKEEPING.batchSize) break;
    await yieldToRequests();
  }
  return total;
}

/** Members inactive for two years, erased as a member erases their own account (boards and runs included). */
async function deleteInactiveMembers(before: number): Promise<number> {
  let total = 0;
  while (mayWriteNow()) {
    const ids = membersInactiveSince(before, HOUSEKEEPING.batchSize);
    let deleted = 0;
    for (const id of ids) {
      try {
        deleteMember(id);
        deleted += 1;
      } catch (error) {
        console.error(`Housekeeping: member ${id} could not be deleted:`, why(error));
      }
    }
    total += deleted;
    // A batch in which nothing could be deleted would only come back the same: leave it to the next run.
    if (ids.length < HOUSEKEEPING.batchSize || deleted === 0) break;
    await yieldToRequests();
  }
  return total;
}

/** Pupils archived before `before`, each erased as an erasure on request is (app/school/data-rights.server.ts). */
async function eraseArchivedPupils(before: number): Promise<number> {
  let total = 0;
  while (mayWriteNow()) {
    const ids = pupilsArchivedBefore(before, HOUSEKEEPING.archivedPupilsBatch);
    let erased = 0;
    for (const id of ids) {
      try {
        if (eraseArchivedPupil(id)) erased += 1;
      } catch (error) {
        console.error(`Housekeeping: archived pupil ${id} could not be erased:`, why(error));
      }
    }
    total += erased;
    if (ids.length < HOUSEKEEPING.archivedPupilsBatch || erased === 0) break;
    await yieldToRequests();
  }
  return total;
}

/** Contact messages whose mail failed when they were sent (docs/product.md#contact), mailed again. */
async function retryContactMail(at: number): Promise<{ mailed: number; failed: number }> {
  const messages = unmailedContactMessages(
    at - HOUSEKEEPING.retryMailWithinMs,
    at - HOUSEKEEPING.retryMailAfterMs,
    HOUSEKEEPING.retryMailPerRun,
  );
  let mailed = 0;
  let failed = 0;
  for (const { id, ...message } of messages) {
    if (failed >= HOUSEKEEPING.retryMailFailuresPerRun || !mayWriteNow()) break;
    try {
      await sendMail(contactMail(message));
    } catch (error) {
      failed += 1;
      console.error(`Housekeeping: contact message ${id} still could not be mailed:`, why(error));
      continue;
    }
    mailed += 1;
    try {
      markContactMailed(id, now());
    } catch (error) {
      console.error(`Housekeeping: contact message ${id} was mailed, but that could not be recorded:`, why(error));
    }
  }
  return { mailed, failed };
}

/**
 * The fact records of the games played before the table existed, made once, on the primary
 * (docs/decisions/0051-fact-records-backfilled-by-housekeeping.md): a batch of players a commit, each commit
 * keeping its progress, so a run stopped by a shutdown or a move of the primary resumes where it was.
 */
async function backfillFacts(at: number): Promise<number> {
  let total = 0;
  while (mayWriteNow()) {
    const { players, more } = backfillFactsBatch(HOUSEKEEPING.factsBackfillPlayers, at);
    total += players;
    if (!more) break;
    await yieldToRequests();
  }
  if (total > 0) console.log(`Housekeeping: fact records backfilled for ${total} player(s).`);
  return total;
}

let running = false;

/**
 * One housekeeping run, only when this instance is the primary at that moment. Never throws: each step has its
 * own try, so one failure does not stop the others. Exported for the tests; the server runs it on a timer.
 */
export async function runHousekeeping(): Promise<HousekeepingReport> {
  const report: HousekeepingReport = {
    ran: false,
    sessions: 0,
    tokens: 0,
    members: 0,
    contactMessages: 0,
    erasures: 0,
    archivedPupils: 0,
    runAnswers: 0,
    boardRows: 0,
    visitorFacts: 0,
    parentLinks: 0,
    auditEntries: 0,
    setWork: 0,
    factsBackfilled: 0,
    mailed: 0,
    mailFailed: 0,
    failed: [],
  };
  if (running || !mayWriteNow()) return report;
  running = true;
  report.ran = true;
  try {
    const at = now();
    const step = async (name: string, work: () => Promise<void>) => {
      if (!mayWriteNow()) return;
      try {
        await work();
      } catch (error) {
        report.failed.push(name);
        console.error(`Housekeeping: ${name} failed:`, why(error));
      }
    };
    await step("expired sessions", async () => {
      report.sessions = await inBatches((limit) => deleteExpiredSessions(at, limit));
    });
    await step("spent tokens", async () => {
      report.tokens = await inBatches((limit) => deleteSpentTokens(at - HOUSEKEEPING.tokensKeptMs, limit));
    });
    await step("inactive members", async () => {
      report.members = await deleteInactiveMembers(at - HOUSEKEEPING.membersKeptMs);
    });
    await step("old contact messages", async () => {
      const before = at - HOUSEKEEPING.contactMessagesKeptMs;
      report.contactMessages = await inBatches((limit) => deleteContactMessagesBefore(before, limit));
    });
    await step("old erasure records", async () => {
      const before = at - HOUSEKEEPING.erasuresKeptMs;
      report.erasures = await inBatches((limit) => deleteErasuresBefore(before, limit));
    });
    await step("archived pupils", async () => {
      report.archivedPupils = await eraseArchivedPupils(at - HOUSEKEEPING.archivedPupilsKeptMs);
    });
    // Before the answers older than 90 days are cleared: the backfill reads them.
    await step("fact records backfill", async () => {
      report.factsBackfilled = await backfillFacts(at);
    });
    await step("old game answers", async () => {
      const before = at - HOUSEKEEPING.runAnswersKeptMs;
      report.runAnswers = await inBatches((limit) => clearOldRunAnswers(before, limit));
    });
    await step("aged board rows", async () => {
      report.boardRows = await inBatches((limit) => deleteAgedRecentRows(at, limit));
    });
    await step("idle visitors' fact records", async () => {
      const before = at - HOUSEKEEPING.visitorFactsKeptMs;
      report.visitorFacts = await inBatches((limit) => deleteIdleVisitorFacts(before, limit));
    });
    await step("expired parent links", async () => {
      report.parentLinks = await inBatches((limit) => deleteExpiredParentLinks(at, limit));
    });
    await step("old change log entries", async () => {
      report.auditEntries = await inBatches((limit) => pruneAudit(at, limit));
    });
    await step("ended set work", async () => {
      const before = erasedIfDueBefore(ukDay(at));
      report.setWork = await inBatches((limit) => deleteWorkDueBefore(before, limit));
    });
    await step("contact mail retry", async () => {
      const { mailed, failed } = await retryContactMail(at);
      report.mailed = mailed;
      report.mailFailed = failed;
    });
    const deleted =
      report.sessions +
      report.tokens +
      report.members +
      report.contactMessages +
      report.erasures +
      report.archivedPupils +
      report.runAnswers +
      report.boardRows +
      report.visitorFacts +
      report.parentLinks +
      report.auditEntries +
      report.setWork;
    // What the batches deleted is zeroed in the file (secure_delete); the log's older frames go here.
    if (deleted > 0 && mayWriteNow()) emptyLogAfterDeletes();
    if (deleted > 0 || report.mailed > 0 || report.mailFailed > 0) {
      console.log(
        `Housekeeping: deleted ${report.sessions} expired session(s), ${report.tokens} token(s), ` +
          `${report.members} inactive member account(s), ${report.contactMessages} old contact message(s), ` +
          `${report.erasures} erasure record(s) over a year old, ` +
          `${report.archivedPupils} pupil(s) archived over a year ago, ` +
          `the answers of ${report.runAnswers} game(s) over 90 days old, ${report.boardRows} aged daily board row(s), ` +
          `${report.visitorFacts} idle visitor fact record(s), ${report.parentLinks} expired parent link(s), ` +
          `${report.auditEntries} change log entr(ies) over a year old, ` +
          `${report.setWork} piece(s) of set work ended over 8 weeks ago; ` +
          `retried contact mail: ${report.mailed} sent, ${report.mailFailed} failed.`,
      );
    }
  } finally {
    running = false;
  }
  return report;
}

/**
 * Starts the hourly housekeeping (the first run a minute after start), unless NODE_ENV is test or HOUSEKEEPING
 * is off. Every process runs the timer; each run does its work only on the primary.
 */
export function startHousekeeping(): void {
  if (!config.housekeeping) return;
  repeatEvery("Housekeeping", "maths-sprint.housekeeping", runHousekeeping, {
    firstAfterMs: HOUSEKEEPING.firstRunAfterMs,
    everyMs: HOUSEKEEPING.everyMs,
  });
}
