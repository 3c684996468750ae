import type { ScoreColour } from "~/game";
import type { ClassStudentView } from "./admin";

/* What the teacher dashboard's loaders hand their pages (docs/product.md#teachers): plain rows, no server types. */

export type TeacherClassView = { id: string; name: string };

export type RecentGame = {
  score: number;
  totalQuestions: number;
  accuracy: number;
  /** ISO 8601, for <time dateTime>. */
  dateTime: string;
  /** As shown: "22 Nov 2026" (UK time). */
  day: string;
};

/** The performance card (docs/product.md#teacher-performance-card). */
export type PerformanceCard = {
  games: number;
  /** Mean accuracy out of 100, rounded; 0 with no games. */
  averageScore: number;
  best: number | null;
  latest: number | null;
  colour: ScoreColour;
  /** The 5 most recent games, newest first. */
  recent: RecentGame[];
};

/** A pupil as both areas list them (the admin's ClassStudentView), with their performance card. */
export type StudentCardView = ClassStudentView & {
  /** The games given beside their own, and in words (docs/decisions/0083-extra-games-per-pupil.md). */
  extraGames: Record<string, string[]>;
  extraGamesWords: string;
  performance: PerformanceCard;
  /** Their live parent link's dates in UK time, or null when they have none (docs/product.md#parents). */
  parentLink: { given: string; until: string } | null;
};

export type OverviewSort = "name" | "week" | "average" | "trend" | "last";
export type SortDirection = "asc" | "desc";

export type OverviewRowView = {
  id: string;
  name: string;
  games: number;
  gamesThisWeek: number;
  /** Mean accuracy out of 100, rounded; null with no games. */
  averageScore: number | null;
  colour: ScoreColour | null;
  /** Points, newer half of the games against the older half; null with fewer than 4 games. */
  trend: number | null;
  /** The last game's day, as shown and as ISO 8601; null with no games. */
  lastGame: { day: string; dateTime: string } | null;
};

/** One pupil's card: their own address to type (`{host}/c/{card key}`), and in full for its QR code. */
export type LoginCardView = { id: string; name: string; loginCode: string; address: string; link: string; qr: QrView };

/** A QR code as rows of dark modules, drawn as one SVG path (size × size modules, no quiet zone). */
export type QrView = { size: number; path: string };

/** A pupil's name and settings as the student forms hold them (app/components/school/student-fields.tsx). */
export type StudentFormValues = {
  name: string;
  operations: string[];
  timesTables: string[];
  difficulty: string;
  /** "1", "1.5" or "2", as the radio buttons send it. */
  extraTime: string;
  calm: boolean;
  /** The games given beside their own, by mode, with the choices ticked (docs/decisions/0083-extra-games-per-pupil.md). */
  extraGames: Record<string, string[]>;
};

/** A game a teacher can give, as the student forms show it: its boxes (app/game/modes givableGames). */
export type GivableGameView = {
  mode: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
};
