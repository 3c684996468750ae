import { factWithAnswer, type MissedFact, type NeedsHelp } from "~/facts/summary";

/*
 * The weekly digest's words (docs/product.md#weekly-digest): a pure function of each class's figures, so what a
 * teacher reads is tested without a database, a clock or a mail server. Plain text always, and the same in simple
 * HTML (inline styles, no images, nothing fetched, no tracking).
 */

/** One finished game, as the digest needs it. */
export type DigestGame = { accuracy: number; score: number; completedAt: number };

export type DigestPupil = { id: string; name: string; games: DigestGame[] };

export type DigestClassFigures = {
  name: string;
  /** Every pupil of the class, with their games of the last 14 days (older ones are ignored). */
  pupils: DigestPupil[];
  /** The class facts page's "needs help" and "most missed facts" (app/facts/summary.ts). */
  needsHelp: NeedsHelp[];
  mostMissed: MissedFact[];
  /** The pupils who secured a whole table this week (docs/product.md#sticker-book); none when not given. */
  securedTables?: SecuredTables[];
  /** The class on the dashboard. */
  dashboardUrl: string;
};

export type DigestInput = {
  siteName: string;
  teacherName: string;
  /** When the digest is made (epoch ms): "this week" is the 7 days before it, "the week before" the 7 before those. */
  at: number;
  classes: DigestClassFigures[];
  unsubscribeUrl: string;
};

/** A pupil who secured tables this week, and which ("the 7 times table", "adding 3"). */
export type SecuredTables = { name: string; tables: string[] };

export type DigestMail = { subject: string; text: string; html: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Names listed at most under "did not play" and "improved"; the rest are counted. */
export const DIGEST_NAMES_MAX = 8;

export type ImprovedPupil = { name: string; accuracyUp: number; best: number; bestBefore: number };

export type DigestClassView = {
  name: string;
  pupils: number;
  played: number;
  games: number;
  notPlayed: string[];
  improved: ImprovedPupil[];
  needsHelp: NeedsHelp[];
  mostMissed: MissedFact[];
  securedTables: SecuredTables[];
  dashboardUrl: string;
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * A class's week: who played (a game in the last 7 days), who did not, and who improved on the week before. A pupil
 * improved when they played in both weeks and their average accuracy rose by at least a point (rounded, as the
 * progress maths counts points) or their best score of the week beat the week before's; most improved first.
 */
export function classWeek(figures: DigestClassFigures, at: number): DigestClassView {
  const weekStart = at - WEEK_MS;
  const beforeStart = at - 2 * WEEK_MS;
  let games = 0;
  const notPlayed: string[] = [];
  const improved: ImprovedPupil[] = [];
  for (const pupil of figures.pupils) {
    const thisWeek = pupil.games.filter((g) => g.completedAt > weekStart && g.completedAt <= at);
    const before = pupil.games.filter((g) => g.completedAt > beforeStart && g.completedAt <= weekStart);
    games += thisWeek.length;
    if (thisWeek.length === 0) {
      notPlayed.push(pupil.name);
      continue;
    }
    if (before.length === 0) continue;
    const accuracyUp = Math.round(mean(thisWeek.map((g) => g.accuracy)) - mean(before.map((g) => g.accuracy)));
    const best = Math.max(...thisWeek.map((g) => g.score));
    const bestBefore = Math.max(...before.map((g) => g.score));
    if (accuracyUp > 0 || best > bestBefore) improved.push({ name: pupil.name, accuracyUp, best, bestBefore });
  }
  improved.sort(
    (x, y) =>
      Math.max(0, y.accuracyUp) - Math.max(0, x.accuracyUp) ||
      y.best - y.bestBefore - (x.best - x.bestBefore) ||
      x.name.localeCompare(y.name),
  );
  return {
    name: figures.name,
    pupils: figures.pupils.length,
    played: figures.pupils.length - notPlayed.length,
    games,
    notPlayed,
    improved,
    needsHelp: figures.needsHelp,
    mostMissed: figures.mostMissed,
    securedTables: figures.securedTables ?? [],
    dashboardUrl: figures.dashboardUrl,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** At most DIGEST_NAMES_MAX names, then `and {n} more`. */
function someOf<T>(items: T[]): { shown: T[]; more: number } {
  return { shown: items.slice(0, DIGEST_NAMES_MAX), more: Math.max(0, items.length - DIGEST_NAMES_MAX) };
}

export function playedLine(view: DigestClassView): string {
  if (view.pupils === 0) return "No pupils in this class yet.";
  return `${view.played} of ${plural(view.pupils, "pupil", "pupils")} played this week (${plural(view.games, "game", "games")}).`;
}

export function improvedText(pupil: ImprovedPupil): string {
  const parts: string[] = [];
  if (pupil.accuracyUp > 0) parts.push(`accuracy up ${plural(pupil.accuracyUp, "point", "points")}`);
  if (pupil.best > pupil.bestBefore) parts.push(`best score ${pupil.best}, up from ${pupil.bestBefore}`);
  return `${pupil.name}: ${parts.join(", ")}`;
}

/** As the class facts page says it: `2 secure facts slipped, 3 weak facts`. */
export function needsHelpText(pupil: NeedsHelp): string {
  const parts = [
    pupil.fell > 0 ? `${pupil.fell} secure ${pupil.fell === 1 ? "fact" : "facts"} slipped` : null,
    `${pupil.weak} weak ${pupil.weak === 1 ? "fact" : "facts"}`,
  ];
  return `${pupil.name}: ${parts.filter(Boolean).join(", ")}`;
}

/** `Ben Carter: the 7 times table and adding 3` */
export function securedText(pupil: SecuredTables): string {
  const { tables } = pupil;
  const words = tables.length < 2 ? tables.join("") : `${tables.slice(0, -1).join(", ")} and ${tables.at(-1)}`;
  return `${pupil.name}: ${words}`;
}

export function missedText(fact: MissedFact): string {
  return `${factWithAnswer(fact)}: weak for ${plural(fact.pupils, "pupil", "pupils")}`;
}

/** The digest's parts, in the order both forms show them: a heading and its lines, or the line for none. */
function sectionsOf(view: DigestClassView): { heading: string; lines: string[]; none?: string }[] {
  const notPlayed = someOf(view.notPlayed);
  const improved = someOf(view.improved);
  const sections: { heading: string; lines: string[]; none?: string }[] = [];
  if (view.pupils === 0) return sections;
  sections.push({
    heading: "Did not play this week",
    lines: notPlayed.more > 0 ? [...notPlayed.shown, `and ${notPlayed.more} more`] : notPlayed.shown,
    none: "Everyone played. Well done!",
  });
  sections.push({
    heading: "Improved on the week before",
    lines: [...improved.shown.map(improvedText), ...(improved.more > 0 ? [`and ${improved.more} more`] : [])],
    none: "Nobody yet: a pupil needs games in both weeks.",
  });
  const secured = someOf(view.securedTables);
  sections.push({
    heading: "Secured a table this week",
    lines: [...secured.shown.map(securedText), ...(secured.more > 0 ? [`and ${secured.more} more`] : [])],
    none: "Nobody this week.",
  });
  sections.push({
    heading: "Needs help",
    lines: view.needsHelp.map(needsHelpText),
    none: "Nobody right now. Well done!",
  });
  sections.push({
    heading: "Most missed facts",
    lines: view.mostMissed.map(missedText),
    none: "No weak facts in this class yet.",
  });
  return sections;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const digestSubject = (siteName: string) => `${siteName}: your classes this week`;

const FOOTER = "You get this e-mail because you asked for it on your teacher dashboard.";

/** The whole mail: one part per class, the dashboard's link, and the way to stop it. */
export function buildDigest(input: DigestInput): DigestMail {
  const views = input.classes.map((figures) => classWeek(figures, input.at));
  const intro = "Here is how your classes got on in the last 7 days.";

  const text: string[] = [`Hello ${input.teacherName},`, "", intro];
  for (const view of views) {
    text.push("", `== ${view.name} ==`, playedLine(view));
    for (const section of sectionsOf(view)) {
      text.push("", `${section.heading}:`);
      if (section.lines.length === 0) text.push(section.none ?? "");
      else for (const line of section.lines) text.push(`- ${line}`);
    }
    text.push("", `More on your dashboard: ${view.dashboardUrl}`);
  }
  text.push("", "--", FOOTER, `To stop these e-mails, open this link: ${input.unsubscribeUrl}`, "", input.siteName);

  const p = "margin:0 0 8px 0;";
  const h2 = "margin:24px 0 4px 0;font-size:18px;";
  const h3 = "margin:12px 0 4px 0;font-size:15px;";
  const list = "margin:0 0 8px 0;padding-left:20px;";
  const html: string[] = [
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(digestSubject(input.siteName))}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#1a1a1a;max-width:600px;">`,
    `<p style="${p}">Hello ${escapeHtml(input.teacherName)},</p>`,
    `<p style="${p}">${escapeHtml(intro)}</p>`,
  ];
  for (const view of views) {
    html.push(`<h2 style="${h2}">${escapeHtml(view.name)}</h2>`, `<p style="${p}">${escapeHtml(playedLine(view))}</p>`);
    for (const section of sectionsOf(view)) {
      html.push(`<h3 style="${h3}">${escapeHtml(section.heading)}</h3>`);
      if (section.lines.length === 0) html.push(`<p style="${p}">${escapeHtml(section.none ?? "")}</p>`);
      else
        html.push(`<ul style="${list}">${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`);
    }
    html.push(`<p style="${p}"><a href="${escapeHtml(view.dashboardUrl)}">More on your dashboard</a></p>`);
  }
  html.push(
    `<hr style="border:0;border-top:1px solid #cccccc;margin:24px 0 8px 0;">`,
    `<p style="font-size:13px;color:#444444;${p}">${escapeHtml(FOOTER)} ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
    `<p style="font-size:13px;color:#444444;${p}">${escapeHtml(input.siteName)}</p>`,
    `</body></html>`,
  );
  return { subject: digestSubject(input.siteName), text: text.join("\n"), html: html.join("\n") };
}
