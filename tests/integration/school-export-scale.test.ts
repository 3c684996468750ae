import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { schoolExport } from "~/school/school-export.server";
import { seedSchool } from "../../bench/lib/school-export-seed";

/*
 * A school's export is made as it is sent (docs/product.md#data-rights): a small school with a year of games comes out
 * in many chunks, and its rows are read only as the reader gets to them (a result added after the first chunk is in
 * the file). The 1,000-pupil school and the memory its export takes are the bench's: `npm run bench -- school-export`.
 */

const PUPILS = 20;
const GAMES = 150;

let schoolId = "";
beforeAll(() => {
  schoolId = seedSchool({ pupils: PUPILS, games: GAMES });
});

/** Reads the whole export, doing `afterFirstChunk` once the first chunk has come. */
async function readExport(format: "zip" | "json", afterFirstChunk: () => void) {
  const reader = schoolExport(schoolId, format, Date.now())!.body.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array);
    if (parts.length === 1) afterFirstChunk();
  }
  return { chunks: parts.length, bytes: Buffer.concat(parts) };
}

/** A result for the last pupil, written while the export is being sent. */
const addLateResult = () =>
  db.$client
    .prepare(
      `INSERT INTO student_performance (student_id, score, total_questions, time_taken, accuracy, completed_at)
       VALUES ('pupil-${String(PUPILS - 1).padStart(4, "0")}', 7, 20, 60, 35, ?)`,
    )
    .run(Date.now());

const resultCount = () => db.$client.prepare("SELECT count(*) FROM student_performance").pluck().get() as number;

describe(`a school of ${PUPILS} pupils with a year of games`, () => {
  it("is sent as a zip in many chunks, its rows read as it goes", async () => {
    const { chunks, bytes } = await readExport("zip", addLateResult);
    expect(chunks).toBeGreaterThanOrEqual(PUPILS);
    const results = new TextDecoder().decode(unzipSync(new Uint8Array(bytes))["results.csv"]);
    // The heading, then every result: the late one too.
    expect(results.trimEnd().split("\n")).toHaveLength(1 + resultCount());
  });

  it("is sent as JSON in many chunks, its rows read as it goes", async () => {
    const { chunks, bytes } = await readExport("json", addLateResult);
    expect(chunks).toBeGreaterThanOrEqual(PUPILS);
    const file = JSON.parse(bytes.toString("utf8")) as { pupils: unknown[]; results: unknown[] };
    expect(file.pupils).toHaveLength(PUPILS);
    expect(file.results).toHaveLength(resultCount());
  });
});
