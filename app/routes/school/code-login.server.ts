import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { getSchoolUser, schoolSignInAndRedirect } from "~/auth/school-session.server";
import { parseLoginCode } from "~/forms/school-login.server";
import { comparableLogins, comparedWrong } from "~/limits/known-browsers.server";
import type { LimitRefusal } from "~/limits/rate-limit.server";
import { SCHOOL_LOGIN_LIMITS, type LoginPlace } from "~/limits/school-login-limits.server";
import { countLoginAccounts, studentIdByLoginCode, teacherIdByLoginCode } from "~/models/students.server";
import { oneLine } from "~/utils/flash";
import { tooManyRequests } from "~/utils/http.server";
import { SCHOOL_LOGIN_MESSAGES as M } from "~/utils/school-login-messages";
import { isCardOf } from "~/school/card-keys.server";
import { mailSignInLink } from "~/school/teacher-sign-in.server";
import { codeTriesOf, noCodeTries, withCodeTry } from "./code-tries.server";
import { knownLoginsOf, withKnownLogin } from "./known-logins.server";

/*
 * The code logins (docs/product.md#login-codes), shared by /teacher-login, /student-login and a class's printed
 * link. Every wrong code gets the same answer wherever it was tried (an unknown code, a teacher's code on the
 * pupils' page, another class's code through a class link), and is counted by the login limits; the browser keeps
 * its stamp, so that a right code from it soon after gives it back (docs/product.md#guessing-login-codes). A right
 * code adds its account to the browser's known logins, whose right codes open even when the limits refuse.
 */

export const TEACHER_HOME = "/teacher-dashboard";
export const STUDENT_HOME = "/student-game";

/** `signInLink`: /teacher-login refused the code and, were it a teacher's, mailed them a sign-in link. */
export type CodeLoginReply = { result: SubmissionResult<string[]>; signInLink?: boolean };

const NO_STORE = { "Cache-Control": "no-store" };

/** The page's loader: someone already logged in with this role goes to their home page. */
export async function redirectIfLoggedIn(request: Request, kind: "teacher" | "student"): Promise<void> {
  const user = await getSchoolUser(request);
  if (user?.kind === kind) throw redirect(kind === "teacher" ? TEACHER_HOME : STUDENT_HOME, { headers: NO_STORE });
}

/** Where a code is looked up: a teacher's, a pupil's (of one class through its link), or the one a card's address takes. */
function lookUp(code: string, place: LoginPlace & { classKey?: string }) {
  if (place.kind === "teacher") return teacherIdByLoginCode(code);
  if (place.kind === "class-link") return studentIdByLoginCode(code, place.classKey);
  const found = studentIdByLoginCode(code);
  if (place.kind === "student") return found;
  return isCardOf(place.cardKey, found, code) ? found : undefined;
}

/** `to`: where a pupil goes once logged in, when not their home (a live game's join page: docs/product.md#live-game). */
export async function codeLogin(
  request: Request,
  form: URLSearchParams,
  place: LoginPlace & { classKey?: string; to?: string },
) {
  const parsed = parseLoginCode(form);
  if (!parsed.ok) return data<CodeLoginReply>({ result: parsed.result }, { status: 400, headers: NO_STORE });
  const { code } = parsed.value;
  const limited = SCHOOL_LOGIN_LIMITS.check(place, () =>
    countLoginAccounts(
      place.kind === "teacher" ? "teachers" : place.kind === "class-link" ? { classId: place.classId } : "students",
    ),
  );
  const kind = place.kind === "teacher" ? "teacher" : "student";
  // Refused by the limits: only this browser's known accounts may still open (docs/product.md#guessing-login-codes),
  // and on /teacher-login a right code mails its teacher a one-time sign-in link.
  const known = limited.ok ? [] : comparableLogins(await knownLoginsOf(request), kind);
  const ask = !limited.ok && place.kind === "teacher" ? SCHOOL_LOGIN_LIMITS.signInLinkAsk(place.address) : null;
  const refused = (verdict: LimitRefusal, signInLink = false) =>
    data<CodeLoginReply>(
      { result: parsed.refuse({ form: verdict.message }), ...(signInLink ? { signInLink } : {}) },
      tooManyRequests(verdict, NO_STORE),
    );
  if (!limited.ok && known.length === 0 && ask === null) return refused(limited);
  let found: { id: string; name: string } | undefined;
  try {
    found = lookUp(code, place);
  } catch (error) {
    console.error("school login: reading the code failed", error);
    return data<CodeLoginReply>(
      { result: parsed.refuse({ form: oneLine(M.loginError) }) },
      { status: 503, headers: NO_STORE },
    );
  }
  if (!limited.ok && !known.some((login) => login.id === found?.id)) {
    if (known.length > 0) comparedWrong(known);
    if (ask === null) return refused(limited);
    // The same answer whether the code was right or not; the mail goes after it, so its time tells nothing either.
    ask.asked();
    const teacherId = found?.id;
    if (teacherId !== undefined) setImmediate(() => mailSignInLink(teacherId));
    return refused(limited, true);
  }
  if (!found) {
    const stamp = limited.ok ? limited.failed(code) : null;
    const headers = new Headers(NO_STORE);
    if (stamp) headers.append("Set-Cookie", await withCodeTry(request, stamp));
    return data<CodeLoginReply>({ result: parsed.refuse({ form: oneLine(M.loginFailed) }) }, { status: 401, headers });
  }
  const account = `${kind}:${found.id}`;
  SCHOOL_LOGIN_LIMITS.succeeded(place, { account, code }, await codeTriesOf(request));
  const owner = place.kind === "teacher" ? { teacherId: found.id } : { studentId: found.id };
  const response = await schoolSignInAndRedirect(request, owner, {
    to: place.to ?? (place.kind === "teacher" ? TEACHER_HOME : STUDENT_HOME),
    flash: { kind: "success", title: M.welcome(found.name) },
  });
  response.headers.append("Set-Cookie", await noCodeTries());
  response.headers.append("Set-Cookie", await withKnownLogin(request, { kind, id: found.id }));
  return response;
}
