import crypto from "node:crypto";
import type { StudentDifficulty, StudentOperation } from "~/game";
import { postFixture } from "./fixtures";

/** A school made for one test (app/routes/_test/fixtures.ts): its teacher, classes and pupils, with their login codes. */
export type SchoolFixture = {
  school: { id: string; name: string };
  teacher: { id: string; name: string; code: string };
  /** The school's other teachers (none unless asked for), teaching no class. */
  otherTeachers: { id: string; name: string; code: string }[];
  classes: {
    id: string;
    name: string;
    loginKey: string;
    shortKey: string;
    /** `cardKey`: the pupil's own card address is /c/{cardKey}. */
    students: { id: string; name: string; code: string; cardKey: string }[];
  }[];
};

export type FixtureStudent = {
  name: string;
  timesTables?: string[];
  allowedOperations?: StudentOperation[];
  difficulty?: StudentDifficulty;
  /** The games their teacher gave (docs/decisions/0083-extra-games-per-pupil.md): none unless given. */
  extraGames?: Record<string, string[]>;
};

/**
 * A new school in the e2e server's database: one teacher, and a class for each list of pupils given (default:
 * one class with two pupils). Names carry a random tag, so tests running side by side never meet.
 */
export function makeSchool(
  classes: FixtureStudent[][] = [[{ name: "Ada" }, { name: "Ben" }]],
  { extraTeachers = 0, teacherEmail }: { extraTeachers?: number; teacherEmail?: string } = {},
): SchoolFixture {
  const tag = crypto.randomBytes(4).toString("hex");
  return postFixture<SchoolFixture>({
    kind: "school",
    tag,
    classes: classes.map((students) => ({ students })),
    extraTeachers,
    teacherEmail,
  });
}
