import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { students } from "~/db/schema";
import { insertClass, insertSchool, insertTeacher, loginCodeInUse } from "~/models/schools.server";
import {
  MAX_CODE_ATTEMPTS,
  NoFreeLoginCode,
  drawLoginCode,
  isLoginCode,
  newClassLoginKey,
  withFreshLoginCode,
} from "~/school/login-codes.server";

/* Login codes (docs/product.md#login-codes): 8 digits from crypto.randomInt, unique across teachers and students. */

afterEach(() => vi.restoreAllMocks());

let n = 0;
/** A school with a teacher (code `teacherCode`) and a class with one student (code `studentCode`). */
function schoolWith(teacherCode: string, studentCode: string) {
  n += 1;
  const schoolId = insertSchool(`Code School ${n}`);
  const teacherId = insertTeacher({ name: `Teacher ${n}`, email: null, schoolId, loginCode: teacherCode });
  const classId = insertClass({ name: `Class ${n}`, schoolId, teacherId, loginKey: newClassLoginKey() });
  db.insert(students)
    .values({ id: `student-${n}`, name: "Pupil", classId, loginCode: studentCode })
    .run();
  return { schoolId, teacherId };
}

/** Hands out the given codes in turn. */
const sequence = (...codes: string[]) => {
  const queue = [...codes];
  return vi.fn(() => queue.shift() ?? "99999999");
};

describe("drawLoginCode", () => {
  it("draws exactly 8 digits, never starting with 0, from crypto.randomInt", () => {
    const draws = Array.from({ length: 2000 }, drawLoginCode);
    for (const code of draws) expect(code).toMatch(/^[1-9]\d{7}$/);
    expect(new Set(draws).size).toBeGreaterThan(1990);
    // Every leading digit turns up: the draw covers the whole range.
    expect(new Set(draws.map((c) => c[0])).size).toBe(9);

    const randomInt = vi.spyOn(crypto, "randomInt").mockImplementation((() => 12345678) as never);
    expect(drawLoginCode()).toBe("12345678");
    expect(randomInt).toHaveBeenCalledWith(10_000_000, 100_000_000);
  });

  it("isLoginCode accepts only such codes", () => {
    for (const good of ["10000000", "99999999", "48213377"]) expect(isLoginCode(good)).toBe(true);
    for (const bad of ["01234567", "1234567", "123456789", "1234 567", "abcdefgh", ""])
      expect(isLoginCode(bad)).toBe(false);
  });
});

describe("withFreshLoginCode", () => {
  it("skips codes a teacher or a student has, and writes with the first free one", () => {
    const { schoolId } = schoolWith("11111111", "22222222");
    expect(loginCodeInUse("11111111")).toBe(true);
    expect(loginCodeInUse("22222222")).toBe(true);
    expect(loginCodeInUse("33333333")).toBe(false);

    const draw = sequence("11111111", "22222222", "33333333");
    const write = vi.fn((code: string) => insertTeacher({ name: "New", email: null, schoolId, loginCode: code }));
    const { code, value } = withFreshLoginCode(write, { draw });
    expect(code).toBe("33333333");
    expect(write).toHaveBeenCalledTimes(1);
    expect(value).toEqual(expect.any(String));
    expect(loginCodeInUse("33333333")).toBe(true);
  });

  it("draws again when the database refuses a code someone took between the check and the write", () => {
    const { schoolId } = schoolWith("44444444", "55555555");
    const draw = sequence("44444444", "66666666");
    const { code } = withFreshLoginCode(
      (loginCode) => insertTeacher({ name: "Racer", email: null, schoolId, loginCode }),
      { draw, inUse: () => false },
    );
    expect(code).toBe("66666666");
  });

  it(`gives up after ${MAX_CODE_ATTEMPTS} taken codes, writing nothing`, () => {
    schoolWith("77777777", "88888888");
    const write = vi.fn();
    expect(() => withFreshLoginCode(write, { draw: () => "77777777" })).toThrow(NoFreeLoginCode);
    expect(write).not.toHaveBeenCalled();
  });

  it("lets any other failure of the write through", () => {
    expect(() =>
      withFreshLoginCode(
        () => {
          throw new Error("disk on fire");
        },
        { draw: sequence("12121212") },
      ),
    ).toThrow("disk on fire");
  });

  it("makes unique codes for many teachers at once", () => {
    const { schoolId } = schoolWith("13131313", "14141414");
    const codes = Array.from(
      { length: 300 },
      () => withFreshLoginCode((loginCode) => insertTeacher({ name: "T", email: null, schoolId, loginCode })).code,
    );
    expect(new Set(codes).size).toBe(300);
    for (const code of codes) expect(isLoginCode(code)).toBe(true);
  });
});

describe("class login keys", () => {
  it("are 24 random bytes, base64url", () => {
    const keys = Array.from({ length: 100 }, newClassLoginKey);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(keys).size).toBe(100);
  });
});
