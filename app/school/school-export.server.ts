import { Zip, ZipDeflate } from "fflate";
import { decodeBook } from "~/facts/codec";
import { levelOf } from "~/facts/state";
import { factProblem, parseFactKey, type Fact, type FactOp } from "~/game/facts";
import { cleanGivenGames, givenGamesWords } from "~/game/modes";
import {
  classesToExport,
  factRecordsToExport,
  pupilsToExport,
  resultsToExport,
  runsToExport,
  schoolToExport,
  stickersToExport,
  teachersToExport,
  type ExportPupil,
  type ExportSchool,
} from "~/models/school-export.server";
import { listCompetitionsOfSchool } from "~/models/competitions.server";
import { schoolWorkToExport } from "~/models/set-work.server";
import { isoDay } from "~/school-rules/class-results";
import { workWords } from "~/school-rules/set-work";
import { CSV_BOM, csvRow, safeFileName, type CsvValue } from "~/utils/csv";

/*
 * A school's data, given back to it in open formats (docs/product.md#data-rights,
 * docs/decisions/0059-school-export-and-pupil-erasure.md): a zip of CSV files, one per table, or one JSON file of
 * the same. Both are made as they are sent: a class's pupils, then one pupil's rows at a time, are read, written
 * and compressed, and the stream asks for more only as the browser takes it, so a school of any size holds about
 * one pupil's rows in memory, never the whole school.
 */

export type ExportFormat = "zip" | "json";

/** A column: its CSV heading and its JSON key. */
type Column = readonly [header: string, key: string];

/** One table of the export: a CSV file in the zip, a list in the JSON. */
type Sheet = {
  file: string;
  key: string;
  columns: readonly Column[];
  /** The rows, values in the columns' order; an object or list value is JSON (text in a CSV cell). */
  rows: () => Iterable<readonly unknown[]>;
};

const iso = (ms: number | null | undefined) => (typeof ms === "number" ? new Date(ms).toISOString() : null);

const OPERATION_NAMES: Record<FactOp, string> = {
  "+": "addition",
  "-": "subtraction",
  "*": "multiplication",
  "/": "division",
};
const SIGNS: Record<string, string> = { "+": "+", "-": "-", "*": "×", "/": "÷", "÷": "÷" };

/** A fact as the export writes it: `7 × 8`, `15 - 7`, `56 ÷ 7`. */
function factWords(fact: Fact): string {
  const problem = factProblem(fact, "÷");
  return `${problem.num1} ${SIGNS[problem.operator] ?? problem.operator} ${problem.num2}`;
}

function jsonOf(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A pupil's id and name at the front of their rows, so a file can be read on its own. */
function* eachPupil(schoolId: string): Generator<ExportPupil> {
  for (const klass of classesToExport(schoolId)) yield* pupilsToExport(klass.id);
}

function sheetsOf(school: ExportSchool): Sheet[] {
  return [
    {
      file: "schools.csv",
      key: "schools",
      columns: [
        ["School ID", "id"],
        ["Name", "name"],
        ["Created (UTC)", "created"],
      ],
      rows: () => [[school.id, school.name, iso(school.createdAt)]],
    },
    {
      // No login codes: a code is a password (whoever has it signs in as the teacher).
      file: "teachers.csv",
      key: "teachers",
      columns: [
        ["Teacher ID", "id"],
        ["Name", "name"],
        ["Email", "email"],
        ["Weekly e-mail to", "digestEmail"],
        ["Sign-in links to", "signInEmail"],
        ["Created (UTC)", "created"],
      ],
      rows: () =>
        teachersToExport(school.id).map((t) => [t.id, t.name, t.email, t.digestEmail, t.signInEmail, iso(t.createdAt)]),
    },
    {
      file: "classes.csv",
      key: "classes",
      columns: [
        ["Class ID", "id"],
        ["Name", "name"],
        ["Teacher ID", "teacherId"],
        ["Teacher", "teacher"],
        ["Created (UTC)", "created"],
        ["Stickers off", "stickersOff"],
        ["Goal (facts)", "goalCount"],
        ["Goal day (UK)", "goalDay"],
        ["Goal set (UTC)", "goalSet"],
      ],
      rows: () =>
        classesToExport(school.id).map((c) => [
          c.id,
          c.name,
          c.teacherId,
          c.teacherName,
          iso(c.createdAt),
          c.rewardsOff ? "yes" : "no",
          c.goalCount,
          c.goalDay,
          iso(c.goalSetAt),
        ]),
    },
    {
      // The class competitions (docs/product.md#class-competition): their days are UK days, as they were set.
      file: "competitions.csv",
      key: "competitions",
      columns: [
        ["Competition ID", "id"],
        ["Name", "name"],
        ["First day", "firstDay"],
        ["Last day", "lastDay"],
        ["Class IDs", "classIds"],
        ["Classes", "classes"],
        ["Started by", "startedBy"],
        ["Created (UTC)", "created"],
        ["Points from", "pointsFrom"],
      ],
      rows: () =>
        listCompetitionsOfSchool(school.id).map((c) => [
          c.id,
          c.name,
          c.startsOn,
          c.endsOn,
          c.classes.map((k) => k.id).join(" "),
          c.classes.map((k) => k.name).join(", "),
          `${c.startedByName} (${c.startedByKind})`,
          iso(c.createdAt),
          c.pointsFrom === "facts" ? "secured facts" : "game scores",
        ]),
    },
    {
      // No login codes: a pupil's code is their password, and their printed card stays the way to give it.
      file: "pupils.csv",
      key: "pupils",
      columns: [
        ["Pupil ID", "id"],
        ["Name", "name"],
        ["Class ID", "classId"],
        ["Class", "class"],
        ["Operations", "operations"],
        ["Times tables", "timesTables"],
        ["Difficulty", "difficulty"],
        ["Extra time", "extraTime"],
        ["Calm", "calm"],
        ["More games", "moreGames"],
        ["Created (UTC)", "created"],
      ],
      rows: function* () {
        for (const p of eachPupil(school.id)) {
          const operations = jsonOf(p.allowedOperations);
          const tables = jsonOf(p.timesTables);
          yield [
            p.id,
            p.name,
            p.classId,
            p.className,
            Array.isArray(operations) ? operations.join(" ") : p.allowedOperations,
            Array.isArray(tables) ? tables.join(" ") : p.timesTables,
            p.difficulty,
            p.extraTime,
            p.calm ? "yes" : "no",
            // The teacher's card's words ("Number bonds: 10, 20"), "None" when none were given.
            givenGamesWords(cleanGivenGames(jsonOf(p.extraGames))),
            iso(p.createdAt),
          ];
        }
      },
    },
    {
      file: "results.csv",
      key: "results",
      columns: [
        ["Pupil ID", "pupilId"],
        ["Pupil", "pupil"],
        ["Completed (UTC)", "completed"],
        ["Score", "score"],
        ["Questions", "questions"],
        ["Accuracy (%)", "accuracy"],
        ["Time taken (s)", "timeTaken"],
        ["Run ID", "runId"],
      ],
      rows: function* () {
        for (const p of eachPupil(school.id)) {
          for (const r of resultsToExport(p.id))
            yield [p.id, p.name, iso(r.completedAt), r.score, r.totalQuestions, r.accuracy, r.timeTaken, r.runId];
        }
      },
    },
    {
      file: "game-runs.csv",
      key: "gameRuns",
      columns: [
        ["Run ID", "id"],
        ["Pupil ID", "pupilId"],
        ["Pupil", "pupil"],
        ["Mode", "mode"],
        ["Game type", "gameType"],
        ["Score", "score"],
        ["Questions", "questions"],
        ["Accuracy (%)", "accuracy"],
        ["Started (UTC)", "started"],
        ["Finished (UTC)", "finished"],
        ["Review", "review"],
        ["Answers (JSON)", "answers"],
      ],
      rows: function* () {
        for (const p of eachPupil(school.id)) {
          for (const g of runsToExport(p.id))
            yield [
              g.id,
              p.id,
              p.name,
              g.mode,
              g.gameType,
              g.score,
              g.totalQuestions,
              g.accuracy,
              iso(g.startedAt),
              iso(g.finishedAt),
              g.review,
              jsonOf(g.answers),
            ];
        }
      },
    },
    {
      // Set work belongs to a class (docs/product.md#set-work): one row a piece of work, by class then due date.
      file: "set-work.csv",
      key: "setWork",
      columns: [
        ["Work ID", "id"],
        ["Class ID", "classId"],
        ["Class", "className"],
        ["Target", "targetKind"],
        ["How many", "target"],
        ["Kind of game", "gameKind"],
        ["Due (UK day)", "dueDay"],
        ["Note", "note"],
        ["Set (UTC)", "set"],
        ["Changed (UTC)", "changed"],
        ["In words", "words"],
      ],
      rows: function* () {
        for (const w of schoolWorkToExport(school.id))
          yield [
            w.id,
            w.classId,
            w.className,
            w.targetKind,
            w.target,
            w.gameKind,
            w.dueDay,
            w.note,
            iso(w.setAt),
            iso(w.updatedAt),
            workWords(w),
          ];
      },
    },
    {
      // Decoded from the stored text (app/facts/codec.ts): one row per pupil, operation and fact met.
      file: "fact-records.csv",
      key: "factRecords",
      columns: [
        ["Pupil ID", "pupilId"],
        ["Pupil", "pupil"],
        ["Operation", "operation"],
        ["Fact", "fact"],
        ["Level", "level"],
        ["Attempts", "attempts"],
        ["Misses", "misses"],
        ["Last seen (UTC)", "lastSeen"],
      ],
      rows: function* () {
        for (const p of eachPupil(school.id)) {
          for (const record of factRecordsToExport(p.id)) {
            const op = record.op as FactOp;
            for (const [key, state] of decodeBook(record.data, op).facts) {
              const fact = parseFactKey(key);
              if (!fact) continue;
              yield [
                p.id,
                p.name,
                OPERATION_NAMES[op] ?? op,
                factWords(fact),
                levelOf(state),
                state.attempts,
                state.misses,
                iso(state.seenMinute * 60_000),
              ];
            }
          }
        }
      },
    },
    {
      // The stickers (docs/product.md#sticker-book): one row per fact a pupil has made secure, with when.
      file: "stickers.csv",
      key: "stickers",
      columns: [
        ["Pupil ID", "pupilId"],
        ["Pupil", "pupil"],
        ["Operation", "operation"],
        ["Fact", "fact"],
        ["Secured (UTC)", "secured"],
        ["Run ID", "runId"],
      ],
      rows: function* () {
        for (const p of eachPupil(school.id)) {
          for (const sticker of stickersToExport(p.id)) {
            const fact = parseFactKey(sticker.fact);
            if (!fact) continue;
            yield [p.id, p.name, OPERATION_NAMES[fact.op], factWords(fact), iso(sticker.earnedAt), sticker.runId];
          }
        }
      },
    },
  ];
}

/** The words of the zip's README.txt: what each file holds, and what is left out and why. */
function readme(school: ExportSchool, at: number): string {
  return [
    `Maths Sprint: the data of ${school.name}, exported ${iso(at)}.`,
    "",
    "One CSV file a table (UTF-8, comma-separated, CRLF line ends). Times are UTC (ISO 8601).",
    "schools.csv, teachers.csv, classes.csv, pupils.csv: the school, its teachers, classes and pupils.",
    "results.csv: every game's result. game-runs.csv: every game, with its answers as JSON text",
    "(a game's answers are kept for 90 days; older games show []).",
    "competitions.csv: the class competitions (first and last day, UK dates; the classes taking part).",
    "set-work.csv: the work set for each class (a target of games or minutes, a kind of game, a due day).",
    "fact-records.csv: what each pupil knows of each fact they have met (level, attempts, misses, last seen).",
    "stickers.csv: each fact a pupil has made secure (known by heart on three different days), and when.",
    "classes.csv also says whether a class's stickers are off, and its class goal (facts, by which UK day, set when).",
    "competitions.csv also says what counted as points: game scores or secured facts.",
    "",
    "Login codes are left out: a code is a password, and whoever holds it signs in as that pupil or teacher.",
    "Give codes from the school panel or the printed login cards.",
    "",
  ].join("\r\n");
}

const ROWS_PER_CHUNK = 200;

/** A CSV file as text chunks: the byte-order mark and headings, then the rows a couple of hundred at a time. */
function* csvChunks(sheet: Sheet): Generator<string> {
  let text = CSV_BOM + csvRow(sheet.columns.map(([header]) => header)) + "\r\n";
  let count = 0;
  for (const row of sheet.rows()) {
    text += csvRow(row.map(toCsvValue)) + "\r\n";
    if (++count % ROWS_PER_CHUNK === 0) {
      yield text;
      text = "";
    }
  }
  if (text) yield text;
}

function toCsvValue(value: unknown): CsvValue {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The JSON file as text chunks: one object, a list for each table, each row an object of the columns' keys. */
function* jsonChunks(school: ExportSchool, at: number): Generator<string> {
  yield `{"format":"maths-sprint-school-export/1","exported":${JSON.stringify(iso(at))},"loginCodes":"left out: a code is a password"`;
  for (const sheet of sheetsOf(school)) {
    let text = `,${JSON.stringify(sheet.key)}:[`;
    let count = 0;
    for (const row of sheet.rows()) {
      const object = Object.fromEntries(sheet.columns.map(([, key], i) => [key, row[i] ?? null]));
      text += (count > 0 ? "," : "") + JSON.stringify(object);
      if (++count % ROWS_PER_CHUNK === 0) {
        yield text;
        text = "";
      }
    }
    yield text + "]";
  }
  yield "}";
}

/** The zip as byte chunks: each file deflated as its text comes, the zip's output taken as it is made. */
function* zipChunks(school: ExportSchool, at: number): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const files: [string, () => Iterable<string>][] = [
    ["README.txt", () => [readme(school, at)]],
    ...sheetsOf(school).map((sheet): [string, () => Iterable<string>] => [sheet.file, () => csvChunks(sheet)]),
  ];
  for (const [name, chunks] of files) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = at;
    zip.add(file);
    for (const text of chunks()) {
      file.push(encoder.encode(text), false);
      if (failure) throw failure;
      yield* out.splice(0);
    }
    file.push(new Uint8Array(0), true);
    yield* out.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

/** A stream that takes the next chunk only when the reader asks for it (so the reader's pace bounds memory). */
function pulled(chunks: Iterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        // Skip empty chunks: the reader asks again only after something was enqueued.
        for (;;) {
          const next = chunks.next();
          if (next.done) return controller.close();
          if (next.value.byteLength > 0) return controller.enqueue(next.value);
        }
      },
      cancel() {
        chunks.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

function* encoded(chunks: Iterable<string>): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  for (const text of chunks) yield encoder.encode(text);
}

export type SchoolExport = { school: ExportSchool; fileName: string; contentType: string; body: ReadableStream };

/** A school's export, ready to send; undefined when there is no such school. */
export function schoolExport(schoolId: string, format: ExportFormat, at: number): SchoolExport | undefined {
  const school = schoolToExport(schoolId);
  if (!school) return undefined;
  const fileName = safeFileName(school.name, format, `export ${isoDay(at)}`);
  return format === "zip"
    ? { school, fileName, contentType: "application/zip", body: pulled(zipChunks(school, at)) }
    : {
        school,
        fileName,
        contentType: "application/json; charset=utf-8",
        body: pulled(encoded(jsonChunks(school, at))),
      };
}
