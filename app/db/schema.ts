import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, blob, check, uniqueIndex } from "drizzle-orm/sqlite-core";

// Times are epoch milliseconds: compact, index-friendly and free of time-zone parsing.
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at").notNull().default(now);

/* Accounts and sessions */

/** A member: signs in with an e-mail (stored lower-case) or a phone number (digits with a leading +), or by OAuth. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").unique(),
    emailVerifiedAt: integer("email_verified_at"),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["member", "admin"] })
      .notNull()
      .default("member"),
    /** Account data is kept two years after the last sign-in (docs/product.md#privacy-and-retention). */
    lastSignInAt: integer("last_sign_in_at"),
    /**
     * A keyed hash of the address group the account was made from (addressKeyOf), never the address: a new member's
     * board rows count toward it for their first days (docs/decisions/0074-fair-play-for-classes-and-addresses.md).
     */
    signupAddressKey: integer("signup_address_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_phone_unique").on(t.phone)],
);

export const profiles = sqliteTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The public name on the boards: a generated pseudonym until the member chooses one. */
    username: text("username").notNull(),
    /**
     * The name's look-alike key (UTS #39 skeleton, lower-cased): names with the same key look the same on a board,
     * so a key is one member's. Written with the name; null only until the start-up backfill reaches a row
     * (docs/decisions/0039-names-without-invisible-or-look-alike-letters.md).
     */
    nameKey: text("name_key"),
    /** The skeleton of the name in capitals (the same rules; "Tom Smith" and "ТОМ ЅМІТН" share it). */
    capsKey: text("caps_key"),
    /** The member's own solo settings (time limit, difficulty, operations: docs/product.md#members-menu-and-settings); null means the defaults. */
    soloSettings: text("solo_settings", { mode: "json" }).$type<{
      timeLimit: number;
      difficulty: string;
      operations: string[];
      /** `Play calmly` (docs/product.md#calm-play): only there when on. */
      calm?: boolean;
    }>(),
  },
  // Public names are unique whatever their case and whatever look-alike letters they use, so one name is one
  // player on the boards.
  (t) => [
    uniqueIndex("profiles_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_name_key_unique").on(t.nameKey),
    uniqueIndex("profiles_caps_key_unique").on(t.capsKey),
  ],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "facebook"] }).notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("oauth_accounts_user").on(t.userId)],
);

/** One row per signed-in browser, for members, teachers and students alike; the cookie names the row. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    teacherId: text("teacher_id").references(() => teachers.id, { onDelete: "cascade" }),
    studentId: text("student_id").references(() => students.id, { onDelete: "cascade" }),
    /** The browser that signed in, so a member can tell their devices apart (written once, at sign-in). */
    userAgent: text("user_agent"),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user").on(t.userId),
    index("sessions_teacher").on(t.teacherId),
    index("sessions_student").on(t.studentId),
    check(
      "sessions_one_owner",
      sql`(${t.userId} is not null) + (${t.teacherId} is not null) + (${t.studentId} is not null) = 1`,
    ),
  ],
);

/** Single-use, expiring tokens (password reset, e-mail verification); only a hash is stored. */
export const verificationTokens = sqliteTable(
  "verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["password_reset", "email_verification"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user").on(t.userId)],
);

/* Games and leaderboards */

/** The ledger of finished runs: a run id can be finished once, whatever mode it was. */
export const gameRuns = sqliteTable(
  "game_runs",
  {
    id: text("id").primaryKey(),
    mode: text("mode", {
      enum: ["solo", "daily", "student", "multiplayer", "practice", "tables", "mtc", "calm", "bonds", "doubles"],
    }).notNull(),
    gameType: text("game_type").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    anonId: text("anon_id"),
    studentId: text("student_id").references(() => students.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    totalQuestions: integer("total_questions").notNull(),
    accuracy: integer("accuracy").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
    answers: text("answers", { mode: "json" }).notNull(),
    /**
     * Null for a run judged at a human pace. "held": kept off the boards until an admin decides; "released" (its
     * entry was then made) or "rejected" (docs/decisions/0024-human-pace.md).
     */
    review: text("review", { enum: ["held", "released", "rejected"] }),
    /** Why a run was held: the pace judgement with each answer's time against its minimum. */
    reviewInfo: text("review_info", { mode: "json" }),
  },
  (t) => [
    index("game_runs_user").on(t.userId),
    // A visitor's runs move to the account they sign up for (claimAnonymousScores).
    index("game_runs_anon").on(t.anonId),
    // A pupil's runs by start: whether a run began while another was going (app/models/counting-runs.server.ts).
    index("game_runs_student").on(t.studentId, t.startedAt),
    // The review queue: only held runs are in this index.
    index("game_runs_held")
      .on(t.finishedAt)
      .where(sql`${t.review} = 'held'`),
    // A player's recent holds (docs/decisions/0036-fair-play-against-a-reader-of-the-code.md#many-short-runs):
    // asked on every board finish, so it reads the few held or rejected runs, never all of a player's runs.
    index("game_runs_user_holds")
      .on(t.userId, t.finishedAt)
      .where(sql`${t.review} in ('held', 'rejected')`),
    index("game_runs_anon_holds")
      .on(t.anonId, t.finishedAt)
      .where(sql`${t.review} in ('held', 'rejected')`),
  ],
);

/**
 * What a player knows of each fact, one row per player and operation (docs/product.md#fact-records): the book as
 * app/facts/codec.ts writes it. Derived from game_runs and written in the same commit as the run; rebuilt from the
 * stored runs by `npm run facts:rebuild`.
 */
export const factRecords = sqliteTable(
  "fact_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    anonId: text("anon_id"),
    studentId: text("student_id").references(() => students.id, { onDelete: "cascade" }),
    op: text("op", { enum: ["+", "-", "*", "/"] }).notNull(),
    data: text("data").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check(
      "fact_records_one_player",
      sql`(${t.userId} IS NOT NULL) + (${t.anonId} IS NOT NULL) + (${t.studentId} IS NOT NULL) = 1`,
    ),
    check("fact_records_op", sql`${t.op} IN ('+', '-', '*', '/')`),
    uniqueIndex("fact_records_user")
      .on(t.userId, t.op)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex("fact_records_anon")
      .on(t.anonId, t.op)
      .where(sql`${t.anonId} IS NOT NULL`),
    uniqueIndex("fact_records_student")
      .on(t.studentId, t.op)
      .where(sql`${t.studentId} IS NOT NULL`),
    // A visitor's records go 400 days after their last game (docs/product.md#privacy-and-retention): the hourly
    // housekeeping finds them without reading everyone's.
    index("fact_records_anon_updated")
      .on(t.updatedAt)
      .where(sql`${t.anonId} IS NOT NULL`),
  ],
);

/**
 * Stickers (docs/product.md#sticker-book, docs/decisions/0091-stickers-follow-secure-facts.md): one row per fact a
 * player has made secure, written in the finish that made it so and never taken away, even when the fact slips back.
 * `run_id` names that run (none for stickers from a rebuild or a test fixture), so its results can show them.
 */
export const factStickers = sqliteTable(
  "fact_stickers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    anonId: text("anon_id"),
    studentId: text("student_id").references(() => students.id, { onDelete: "cascade" }),
    fact: text("fact").notNull(),
    runId: text("run_id"),
    earnedAt: integer("earned_at").notNull(),
  },
  (t) => [
    check(
      "fact_stickers_one_player",
      sql`(${t.userId} IS NOT NULL) + (${t.anonId} IS NOT NULL) + (${t.studentId} IS NOT NULL) = 1`,
    ),
    uniqueIndex("fact_stickers_user")
      .on(t.userId, t.fact)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex("fact_stickers_anon")
      .on(t.anonId, t.fact)
      .where(sql`${t.anonId} IS NOT NULL`),
    uniqueIndex("fact_stickers_student")
      .on(t.studentId, t.fact)
      .where(sql`${t.studentId} IS NOT NULL`),
    index("fact_stickers_run")
      .on(t.runId)
      .where(sql`${t.runId} IS NOT NULL`),
  ],
);

/**
 * Where a one-off background job has got to (docs/decisions/0051-fact-records-backfilled-by-housekeeping.md): its
 * cursor after each batch, written in the batch's own commit, and when it finished. A job with a `done_at` is not
 * run again.
 */
export const jobMarks = sqliteTable("job_marks", {
  name: text("name").primaryKey(),
  cursor: text("cursor"),
  doneAt: integer("done_at"),
  updatedAt: integer("updated_at").notNull(),
});

export const leaderboardEntries = sqliteTable(
  "daily_leaderboard_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    score: integer("score").notNull(),
    totalQuestions: integer("total_questions").notNull(),
    // Stored so that the ranking (score, accuracy, earliest) can be read straight off an index.
    accuracy: integer("accuracy").notNull(),
    gameType: text("game_type").notNull(),
    username: text("username"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    anonId: text("anon_id"),
    runId: text("run_id").unique(),
    /** The game's time limit in seconds (for the boards' time tabs); null on entries older than the tabs. */
    timeLimit: integer("time_limit"),
    /**
     * A visitor's entry only: a keyed hash of the address it came from, never the address itself, so that one
     * address holds at most 5 places on a public board (docs/decisions/0037-a-board-is-not-one-address.md).
     */
    addressKey: integer("address_key"),
    /** 1: a challenge entry off its board, its address having 5 better ones there (0037). */
    boardCut: integer("board_cut").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A daily challenge's board: score, then earliest, the entries on it only (the solo boards read
    // leaderboard_bests/recent).
    index("leaderboard_entries_challenge").on(t.gameType, t.boardCut, sql`${t.score} desc`, t.createdAt),
    // An address's best entries on a challenge, to keep its 5 places (0037).
    index("leaderboard_entries_address")
      .on(t.gameType, t.addressKey, sql`${t.score} desc`, t.createdAt, t.boardCut)
      .where(sql`"address_key" IS NOT NULL`),
    index("leaderboard_entries_user").on(t.userId),
    // A visitor's entries, found when they sign up (without it a sign-up reads every entry).
    index("leaderboard_entries_anon").on(t.anonId),
  ],
);

/**
 * Each player's best entry per board (normal, hard, extreme), kept by upsert as entries arrive, so the
 * all-time top 20 distinct players is a short walk of one index however many entries there are.
 */
export const leaderboardBests = sqliteTable(
  "leaderboard_bests",
  {
    board: text("board").notNull(),
    playerKey: text("player_key").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => leaderboardEntries.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    accuracy: integer("accuracy").notNull(),
    createdAt: integer("created_at").notNull(),
    /** A visitor's best only: its entry's address key (docs/decisions/0037-a-board-is-not-one-address.md). */
    addressKey: integer("address_key"),
    /** 1: off the board, its address having 5 better visitors' bests there (0037). Members' bests are never cut. */
    cut: integer("cut").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.playerKey] }),
    // entry_id last so the all-time top reads the index alone, with no table lookup per row; cut rows skipped.
    index("leaderboard_bests_rank").on(
      t.board,
      t.cut,
      sql`${t.score} desc`,
      sql`${t.accuracy} desc`,
      t.createdAt,
      t.entryId,
    ),
    // An address's visitors' bests on a board, best first, to keep its 5 places (0037).
    index("leaderboard_bests_address")
      .on(t.board, t.addressKey, sql`${t.score} desc`, sql`${t.accuracy} desc`, t.createdAt, t.cut)
      .where(sql`"address_key" IS NOT NULL`),
    // Without it, deleting an entry (account erasure) scans the whole table for the cascade.
    index("leaderboard_bests_entry").on(t.entryId),
  ],
);

/**
 * The last day or so of board entries (each new entry prunes a few older rows, the hourly housekeeping the rest),
 * so the daily top 20 walks a small index instead of filtering millions of older rows by time.
 */
export const leaderboardRecent = sqliteTable(
  "leaderboard_recent",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => leaderboardEntries.id, { onDelete: "cascade" }),
    // A board or one of its time tabs (`normal:30`): an entry has a row on each (docs/decisions/0025-board-time-tabs.md).
    board: text("board").notNull(),
    playerKey: text("player_key").notNull(),
    score: integer("score").notNull(),
    accuracy: integer("accuracy").notNull(),
    createdAt: integer("created_at").notNull(),
    /** A visitor's row only: its entry's address key (docs/decisions/0037-a-board-is-not-one-address.md). */
    addressKey: integer("address_key"),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.board] }),
    // player_key, entry_id and address_key last so the daily walk reads the index alone, with no table lookup.
    index("leaderboard_recent_rank").on(
      t.board,
      sql`${t.score} desc`,
      sql`${t.accuracy} desc`,
      t.createdAt,
      t.playerKey,
      t.entryId,
      t.addressKey,
    ),
    // An address's rows of the day on a board, best first, to keep at most 20 of them (0037).
    index("leaderboard_recent_address")
      .on(t.board, t.addressKey, sql`${t.score} desc`, sql`${t.accuracy} desc`, t.createdAt)
      .where(sql`"address_key" IS NOT NULL`),
    index("leaderboard_recent_age").on(t.createdAt),
  ],
);

/* School area */

export const schools = sqliteTable("schools", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  logoUrl: text("logo_url"),
  createdAt: createdAt(),
});

export const teachers = sqliteTable(
  "teachers",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    loginCode: text("login_code").notNull().unique(),
    createdAt: createdAt(),
    // The weekly digest (docs/product.md#weekly-digest): the address the teacher gave for it (their own choice,
    // apart from `email`, which an admin sets), when they confirmed it from the mail (null: not yet, so nothing is
    // sent), and the last week a digest was sent to them (`2026-W48`, UK time), marked before the mail goes.
    digestEmail: text("digest_email"),
    digestConfirmedAt: integer("digest_confirmed_at"),
    digestSentWeek: text("digest_sent_week"),
  },
  (t) => [index("teachers_school").on(t.schoolId)],
);

export const classes = sqliteTable(
  "classes",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    teacherId: text("teacher_id")
      .notNull()
      .references(() => teachers.id, { onDelete: "restrict" }),
    // The secret in a class's printed login link: only that class's codes are valid through it.
    loginKey: text("login_key").notNull().unique(),
    // The short key of the typeable address on the login cards, `/c/{key}`, which leads to the login link above
    // (docs/product.md#short-card-address). Null only for a class the migration could not give a unique one.
    shortKey: text("short_key").unique(),
    // The teacher's switch for stickers, badges and milestones (docs/product.md#sticker-book): off hides them all.
    rewardsOff: integer("rewards_off", { mode: "boolean" }).notNull().default(false),
    // The class goal in secured facts (docs/product.md#class-goal): how many stickers, by which UK day, set when
    // (only stickers earned from then count). All three or none.
    goalCount: integer("goal_count"),
    goalDay: text("goal_day"),
    goalSetAt: integer("goal_set_at"),
    createdAt: createdAt(),
  },
  (t) => [index("classes_school").on(t.schoolId), index("classes_teacher").on(t.teacherId)],
);

export const students = sqliteTable(
  "students",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    timesTables: text("times_tables", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    allowedOperations: text("allowed_operations", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'["addition"]'`),
    difficulty: text("difficulty", { enum: ["easy", "medium", "hard"] })
      .notNull()
      .default("easy"),
    /** The pupil's game time × this: 1, 1.5 or 2 (docs/product.md#students); other stored values read as 1. */
    extraTime: real("extra_time").notNull().default(1),
    /** The calm game instead of the timed one (docs/product.md#calm-mode). */
    calm: integer("calm", { mode: "boolean" }).notNull().default(false),
    /**
     * The games beside their own a teacher gave the pupil, by mode, with the choices given (`{"bonds": ["10"]}`);
     * none until given (docs/decisions/0083-extra-games-per-pupil.md).
     */
    extraGames: text("extra_games", { mode: "json" })
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'`),
    loginCode: text("login_code").notNull().unique(),
    createdAt: createdAt(),
    /**
     * When a new school year archived the pupil (docs/product.md#new-school-year); null for a pupil of the school.
     * Every pupil query keeps to `activeStudent` (app/models/active-students.server.ts).
     */
    archivedAt: integer("archived_at"),
  },
  (t) => [
    index("students_class").on(t.classId, t.name),
    // Housekeeping finds the pupils archived longer than the privacy period (app/jobs/housekeeping.server.ts).
    index("students_archived")
      .on(t.archivedAt)
      .where(sql`${t.archivedAt} IS NOT NULL`),
    // The admin's Student Logins table walks every student by name, any case, then id (app/models/student-logins.server.ts).
    index("students_name_nocase").on(sql`${t.name} collate nocase`, t.id),
  ],
);

export const studentPerformance = sqliteTable(
  "student_performance",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studentId: text("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    totalQuestions: integer("total_questions").notNull(),
    timeTaken: integer("time_taken").notNull(),
    accuracy: integer("accuracy").notNull(),
    runId: text("run_id").unique(),
    completedAt: integer("completed_at").notNull(),
  },
  (t) => [index("student_performance_student").on(t.studentId, t.completedAt)],
);

/**
 * A pupil's parent link (docs/product.md#parents): at most one a pupil (giving a new one replaces the row), gone
 * with the pupil. Only the SHA-256 of the link's token is stored; the token itself is an HMAC of `nonce` under the
 * server's secret, so the letter can be printed again while the database alone opens nothing
 * (docs/decisions/0058-parent-links.md).
 */
export const parentLinks = sqliteTable(
  "parent_links",
  {
    studentId: text("student_id")
      .primaryKey()
      .references(() => students.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    givenAt: integer("given_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("parent_links_expires").on(t.expiresAt)],
);

/** Uploaded logos, kept in the database so that LiteFS replicates them with everything else. */
export const images = sqliteTable("images", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  data: blob("data", { mode: "buffer" }).notNull(),
  width: integer("width"),
  height: integer("height"),
  createdAt: createdAt(),
});

/** Every accepted contact message, stored before any e-mail is tried, so none is lost when mail fails. */
export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull().default(""),
  message: text("message").notNull(),
  /** When the message reached the team's mailbox; null while it has not (yet). */
  mailedAt: integer("mailed_at"),
  createdAt: createdAt(),
});

/**
 * What admins and teachers changed (docs/product.md#change-log): one row per change, written in the change's own
 * transaction, kept for a year. Names are copied in as they were, so an entry still reads after its school, class,
 * teacher or pupil is gone; no foreign keys, for the same reason.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    schoolId: text("school_id"),
    actorKind: text("actor_kind", { enum: ["admin", "teacher"] }).notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    subjectKind: text("subject_kind", { enum: ["school", "class", "teacher", "student"] }),
    subjectId: text("subject_id"),
    subjectName: text("subject_name"),
    detail: text("detail"),
  },
  (t) => [
    check("audit_log_actor_kind", sql`${t.actorKind} IN ('admin', 'teacher')`),
    // Newest first, for everyone or one school; and the year's retention from the oldest.
    index("audit_log_at").on(t.at),
    index("audit_log_school_at").on(t.schoolId, t.at),
  ],
);

/**
 * That a pupil's data was erased on request (docs/product.md#data-rights): when, by whom, from which school and
 * class, and how many rows went. Nothing that names or identifies the pupil: no id, no name, no code. The school
 * and class are kept as plain text (no foreign key), so the record outlives them; kept a year, then the
 * housekeeping deletes it (docs/product.md#privacy-and-retention).
 */
export const erasures = sqliteTable(
  "erasures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    erasedAt: integer("erased_at").notNull(),
    byKind: text("by_kind", { enum: ["admin", "teacher"] }).notNull(),
    byId: text("by_id").notNull(),
    byName: text("by_name").notNull(),
    schoolId: text("school_id").notNull(),
    schoolName: text("school_name").notNull(),
    classId: text("class_id").notNull(),
    className: text("class_name").notNull(),
    /** How many rows went, by table: `{"game_runs":12,"student_performance":12,…}`. */
    removed: text("removed").notNull(),
  },
  (t) => [index("erasures_school").on(t.schoolId, t.erasedAt), index("erasures_age").on(t.erasedAt)],
);

/**
 * A class competition within a school (docs/product.md#class-competition): its name, its first and last day (UK
 * dates, `YYYY-MM-DD`), who started it and what counts as points. Goes with its school. The classes taking part are
 * in `competition_classes`; the points are read from the pupils' games or stickers, never stored.
 */
export const competitions = sqliteTable(
  "competitions",
  {
    id: text("id").primaryKey(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    startedByKind: text("started_by_kind", { enum: ["admin", "teacher"] }).notNull(),
    startedByName: text("started_by_name").notNull(),
    // What counts as points (docs/product.md#class-competition): the pupils' game scores, or the facts they secure
    // in its days (docs/decisions/0093-competitions-on-secured-facts.md).
    pointsFrom: text("points_from", { enum: ["scores", "facts"] })
      .notNull()
      .default("scores"),
    createdAt: createdAt(),
  },
  (t) => [index("competitions_school").on(t.schoolId, t.endsOn)],
);

/** The classes of a competition: two or more of its school's. A deleted class leaves the competition. */
export const competitionClasses = sqliteTable(
  "competition_classes",
  {
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.classId] }), index("competition_classes_class").on(t.classId)],
);

/**
 * Work a teacher sets a class (docs/product.md#set-work): a number of games or of minutes played, of one kind of game,
 * by a due date (a UK day, `YYYY-MM-DD`, the last day that counts). It belongs to the class, not to a pupil, so it goes
 * with the class. Progress is never stored: it is counted from the pupils' verified games between `set_at` and the
 * end of the due day (app/school-rules/set-work.ts).
 */
export const setWork = sqliteTable(
  "set_work",
  {
    id: text("id").primaryKey(),
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: ["games", "minutes"] }).notNull(),
    target: integer("target").notNull(),
    gameKind: text("game_kind", { enum: ["any", "timed", "practice", "mtc"] }).notNull(),
    dueDay: text("due_day").notNull(),
    note: text("note"),
    setAt: integer("set_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("set_work_class").on(t.classId, t.dueDay),
    check("set_work_target_kind", sql`${t.targetKind} IN ('games', 'minutes')`),
    check("set_work_game_kind", sql`${t.gameKind} IN ('any', 'timed', 'practice', 'mtc')`),
  ],
);

/* Live games on every machine (docs/decisions/0088-live-games-on-every-machine.md) */

/**
 * Which machine holds a live game, written on the primary and read on every machine, so that any machine sends a
 * request for the code to the machine that holds it. `aliveUntil` is the holding machine's lease: renewed while it
 * runs; past it, the game is taken as lost with its machine.
 */
export const liveGameMachines = sqliteTable(
  "live_game_machines",
  {
    code: text("code").primaryKey(),
    machineId: text("machine_id").notNull(),
    openedAt: integer("opened_at").notNull(),
    aliveUntil: integer("alive_until").notNull(),
    // Whose game and for which class (decision 0094), so that a host's cap, the host's page and a pupil's Join see
    // every machine's games: `teacher:<id>` or `member:<id>`; the class of a teacher's game. Null on older rows.
    hostKey: text("host_key"),
    classId: text("class_id"),
  },
  (table) => [
    index("live_game_machines_machine_idx").on(table.machineId),
    index("live_game_machines_host_idx").on(table.hostKey),
    index("live_game_machines_class_idx").on(table.classId),
  ],
);

/**
 * Every machine's own lease (docs/decisions/0094-every-machine-holds-a-lease.md), renewed on the primary at a third
 * of the lease whether the machine holds games or not: how many games it holds and may hold, so that a full machine
 * hands a new game to the one with most room; and, in `writingSince`, since when the primary has been taking
 * renewals without a break, so that a lease run out while the primary was away is not taken as a machine lost.
 */
export const liveMachines = sqliteTable("live_machines", {
  machineId: text("machine_id").primaryKey(),
  region: text("region"),
  games: integer("games").notNull(),
  capacity: integer("capacity").notNull(),
  renewedAt: integer("renewed_at").notNull(),
  aliveUntil: integer("alive_until").notNull(),
  writingSince: integer("writing_since").notNull(),
});
