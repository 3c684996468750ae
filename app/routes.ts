import { index, prefix, route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { buildEnv } from "./build-env";

/*
 * Every URL the site answers, grouped by area; each area is a folder under app/routes. Files in those
 * folders are routes only when listed here, so a route's private helpers (`*.server.ts`) sit beside it.
 * docs/decisions/0008-route-config-by-area.md says why.
 */

const site = [
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("privacy", "routes/site/privacy.tsx"),
  route("terms", "routes/site/terms.tsx"),
  route("school", "routes/site/school.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("healthcheck", "routes/site/healthcheck.ts"),
  route("robots.txt", "routes/site/robots-txt.ts"),
  route("sitemap.xml", "routes/site/sitemap-xml.ts"),
];

const game = prefix("game", [
  index("routes/game/game.tsx"),
  route("start", "routes/game/start.ts"),
  route("play", "routes/game/play.tsx"),
  route("finish", "routes/game/finish.ts"),
  route("results/:runId", "routes/game/results.tsx"),
  // "Practise my facts" and "Practise these" (docs/product.md#practise-my-facts).
  route("practice", "routes/game/practice.tsx"),
  // The times-tables game (docs/product.md#times-tables-game).
  route("tables", "routes/game/tables.tsx"),
  // The calm game: no clock on screen, 20 questions (docs/product.md#calm-play).
  route("calm", "routes/game/calm.tsx"),
  route("calm/play", "routes/game/calm-play.tsx"),
  // The Multiplication Tables Check rehearsal (docs/product.md#multiplication-tables-check-rehearsal).
  route("mtc", "routes/game/mtc.tsx"),
  route("mtc/play", "routes/game/mtc-play.tsx"),
  // The modes whose definition makes their page: number bonds, doubles and halves (docs/product.md#number-bonds,
  // docs/product.md#doubles-and-halves); any other name is not found.
  route(":mode", "routes/game/mode.tsx"),
]);

// /leaderboard/events is not a Remix route: the server serves the live feed in front of Remix (server/lanes.ts).
const boards = prefix("leaderboard", [index("routes/boards/leaderboard.tsx")]);

// Not under prefix(): /auth is a page of its own (an index route would need ?index on every POST to it).
const auth = [
  route("auth", "routes/auth/auth.tsx"),
  route("auth/reset", "routes/auth/reset.ts"),
  route("auth/verify", "routes/auth/verify.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),
  // Google and Facebook (docs/product.md#google-and-facebook); the fixed paths above rank before these.
  route("auth/:provider", "routes/auth/oauth-start.ts"),
  route("auth/:provider/callback", "routes/auth/oauth-callback.ts"),
];

// A pupil's progress for their parents, opened by the link their teacher gave (docs/product.md#parents); no account.
const parent = [
  route("parent/:token", "routes/parent/parent.tsx"),
  route("parent/:token/certificates", "routes/parent/parent-certificates.tsx"),
];

// The weekly digest's links, opened from its mails without signing in (docs/product.md#weekly-digest).
const digest = [
  route("digest/confirm/:token", "routes/digest/confirm.tsx"),
  route("digest/unsubscribe/:token", "routes/digest/unsubscribe.tsx"),
];

const account = [route("settings", "routes/account/settings.tsx")];

// A member's or visitor's own heat maps (docs/product.md#heat-maps).
// Their sticker book, laid out as the map (docs/product.md#sticker-book).
const facts = [
  route("facts", "routes/facts/facts.tsx"),
  route("facts/stickers", "routes/facts/stickers.tsx"),
  route("facts/certificates", "routes/facts/certificates.tsx"),
];

const daily = [route("daily-challenge", "routes/daily/daily-challenge.tsx")];

const twoPlayer = [route("two-player", "routes/two-player/two-player.tsx")];

// The live class game (docs/product.md#live-game). /live/<code>/events and /live/<code>/answer are not Remix
// routes: the server serves them in front of Remix (server/lanes.ts).
const live = [
  route("live", "routes/live/live-join.tsx"),
  route("live/host", "routes/live/live-host.tsx"),
  route("live/:code", "routes/live/live-player.tsx"),
  route("live/:code/host", "routes/live/live-screen.tsx"),
  route("live/:code/report", "routes/live/live-report.tsx"),
];

// School administration: one page, its tabs chosen by ?tab= (docs/product.md#admin).
const admin = [
  route("admin", "routes/admin/admin.tsx"),
  // Any class's printable login cards (the teacher's own page is /teacher-dashboard/cards).
  route("admin/cards", "routes/admin/admin-cards.tsx"),
  // Scores held off the boards for their pace, to release or reject (docs/decisions/0024-human-pace.md).
  route("admin/review", "routes/admin/admin-review.tsx"),
  // Any class's heat maps, as its teacher sees them (docs/product.md#heat-maps).
  route("admin/facts", "routes/admin/admin-facts.tsx"),
  // What admins and teachers changed, kept for a year (docs/product.md#change-log).
  route("admin/audit", "routes/admin/admin-audit.tsx"),
  // A school's data rights: its export, and the pupils erased on request (docs/product.md#data-rights).
  route("admin/export", "routes/admin/admin-export.tsx"),
  route("admin/export/file", "routes/admin/admin-export-file.ts"),
  // A roster import into a class or a whole school (docs/product.md#roster-import).
  route("admin/import", "routes/admin/admin-import.tsx"),
  // A school's class competitions, their standings and the winners' certificate (docs/product.md#class-competition).
  route("admin/competitions", "routes/admin/admin-competitions.tsx"),
  route("admin/competition", "routes/admin/admin-competition.tsx"),
  route("admin/competition/certificate", "routes/admin/admin-competition-certificate.tsx"),
  // A school's new school year: classes moved up, leavers archived (docs/product.md#new-school-year).
  route("admin/new-year", "routes/admin/admin-new-year.tsx"),
];

// Stored images (school and class logos), by the hash of their bytes (docs/product.md#logos).
const images = [route("images/:file", "routes/images/image.ts")];

// Teachers and pupils: logins with 8-digit codes, the dashboard, the pupil's game and progress
// (docs/product.md#school-area). Pages beyond the logins require that role's session on the server.
const school: RouteConfigEntry[] = [
  route("teacher-login", "routes/school/teacher-login.tsx"),
  // The one-time sign-in link mailed when the page refuses a teacher's right code at a new place.
  route("teacher-login/link/:token", "routes/school/teacher-login-link.tsx"),
  route("teacher-logout", "routes/school/teacher-logout.ts"),
  route("student-login", "routes/school/student-login.tsx"),
  // A class's printed login link: the same page, where only that class's codes are valid.
  route("student-login/:classKey", "routes/school/student-login.tsx", { id: "routes/school/class-login" }),
  // A login card's typeable address: a class's 6 letters lead to its link above; a card's own 7 are a login page
  // where only its pupil's code opens (docs/product.md#short-card-address).
  route("c/:shortKey", "routes/school/card-address.tsx"),
  route("student-logout", "routes/school/student-logout.ts"),
  // The pupil's dashboard and game (in the page: start and finish; without JavaScript: play), and their progress
  // (docs/product.md#student-game).
  route("student-game", "routes/school/student-game.tsx"),
  route("student-game/start", "routes/school/student-game-start.ts"),
  route("student-game/play", "routes/school/student-game-play.tsx"),
  route("student-game/finish", "routes/school/student-game-finish.ts"),
  route("student-game/practice", "routes/school/student-game-practice.tsx"),
  route("student-game/mtc", "routes/school/student-game-mtc.tsx"),
  route("student-game/mtc/play", "routes/school/student-game-mtc-play.tsx"),
  // A pupil's game of a mode whose definition makes its page (number bonds, doubles and halves).
  route("student-game/:mode", "routes/school/student-game-mode.tsx"),
  route("student-progress", "routes/school/student-progress.tsx"),
  route("student-stickers", "routes/school/student-stickers.tsx"),
  route("student-certificates", "routes/school/student-certificates.tsx"),
  // The teacher's dashboard and a class's pages beside it (docs/product.md#teachers).
  route("teacher-dashboard", "routes/school/teacher-dashboard.tsx"),
  route("teacher-dashboard/overview", "routes/school/teacher-overview.tsx"),
  route("teacher-dashboard/settings", "routes/school/teacher-class-settings.tsx"),
  // Certificates for the badges and milestones a class earned this week (docs/product.md#sticker-book).
  route("teacher-dashboard/certificates", "routes/school/teacher-certificates.tsx"),
  route("teacher-dashboard/cards", "routes/school/teacher-cards.tsx"),
  route("teacher-dashboard/export", "routes/school/teacher-export.ts"),
  // A class's heat maps: the class at a glance and each pupil's (docs/product.md#heat-maps).
  route("teacher-dashboard/facts", "routes/school/teacher-facts.tsx"),
  // A class's times tables check rehearsals over time (docs/product.md#multiplication-tables-check-rehearsal).
  route("teacher-dashboard/mtc", "routes/school/teacher-mtc.tsx"),
  // The letters to parents with each pupil's parent link and its QR code (docs/product.md#parents).
  route("teacher-dashboard/parent-letters", "routes/school/teacher-parent-letters.tsx"),
  // A class's roster import: a list of names or a CSV file (docs/product.md#roster-import).
  route("teacher-dashboard/import", "routes/school/teacher-import.tsx"),
  // The teacher's weekly e-mail about their classes (docs/product.md#weekly-digest).
  route("teacher-dashboard/digest", "routes/school/teacher-digest.tsx"),
  // The school's class competitions, their standings and the winners' certificate (docs/product.md#class-competition).
  route("teacher-dashboard/competitions", "routes/school/teacher-competitions.tsx"),
  route("teacher-dashboard/competition", "routes/school/teacher-competition.tsx"),
  route("teacher-dashboard/competition/certificate", "routes/school/teacher-competition-certificate.tsx"),
  // A class's set work: targets of games by a date, and who has done them (docs/product.md#set-work).
  route("teacher-dashboard/work", "routes/school/teacher-work.tsx"),
  // (school routes are added here)
];

/**
 * Routes the end-to-end suite drives (a flash message, a render error, dropped streams, one run's clock, the schools,
 * admins and games a test starts with). They exist only in
 * a build made with ENABLE_TEST_ROUTES=1, which the suite makes for itself: the production build has none.
 */
const testOnly = buildEnv.enableTestRoutes
  ? prefix("_test", [
      route("flash", "routes/_test/flash.tsx"),
      route("render-error", "routes/_test/render-error.tsx"),
      route("drop-feeds", "routes/_test/drop-feeds.ts"),
      route("run-clock", "routes/_test/run-clock.ts"),
      route("run-digest", "routes/_test/run-digest.ts"),
      route("fixtures", "routes/_test/fixtures.ts"),
      route("live-end", "routes/_test/live-end.ts"),
      route("live-idle", "routes/_test/live-idle.ts"),
    ])
  : [];

// The catch-all comes last in the file but route ranking, not order, decides: it only gets unclaimed paths.
const notFound = route("*", "routes/site/not-found.tsx");

export default [
  ...site,
  ...auth,
  ...account,
  ...facts,
  ...game,
  ...boards,
  ...daily,
  ...twoPlayer,
  ...live,
  ...admin,
  ...images,
  ...school,
  ...parent,
  ...digest,
  ...testOnly,
  notFound,
] satisfies RouteConfig;
