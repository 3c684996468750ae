import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { STUDENT_LOGIN_PATH, getSchoolUser } from "~/auth/school-session.server";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, type FieldState } from "~/components/forms/field-error";
import { useForm, type FormReply } from "~/components/forms/use-form";
import { WordSelect } from "~/components/live/word-select";
import { CodeLoginForm } from "~/components/school/code-login-form";
import { formError } from "~/forms/form-parse";
import { parseGuestName, parseJoinCode } from "~/forms/live.server";
import type { LiveGame } from "~/live/game";
import { joinLiveGame } from "~/live-hub/registry.server";
import { tokenFromCookie } from "~/live-hub/lane.server";
import { joinByCode } from "~/live-hub/join-door.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { spacedJoinCode } from "~/live/join-code";
import { PLAYER_COOKIE, cookieName, livePaths } from "~/live/protocol";
import { findStudent } from "~/models/students.server";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { readForm } from "~/utils/request.server";
import { browserCookie, doorOf, playerCookie, pupilNameIn } from "./live.server";
import { liveHead } from "./live-head";

/*
 * Joining a live game (docs/product.md#live-game): the join code first (typed, or from the big screen's QR code),
 * then a logged-in pupil joins with one tap, a pupil not logged in logs in with their login code, and anyone else
 * picks a made-up name from two lists (never typed, so no child's name is shown to strangers).
 */

export const { links, meta } = liveHead({
  title: "Join a live game",
  description: "Join your class's live maths game with the code on the big screen.",
  path: livePaths.join,
});

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has("code")) return { step: "code" as const, result: null };
  const parsed = parseJoinCode(params);
  if (!parsed.ok) return data({ step: "code" as const, result: parsed.result }, { status: 400, headers: NO_STORE });
  // The same page for every well-formed code, a game's or not (docs/decisions/0072-live-games-closed-to-strangers.md).
  const { code } = parsed.value;
  const school = await getSchoolUser(request);
  const pupil = school?.kind === "student" ? { name: school.name } : null;
  return {
    step: "join" as const,
    code,
    pupil,
    loginPath: STUDENT_LOGIN_PATH,
  };
}

type Reply = { intent: "pupil" | "guest"; result: FormReply };

function joined(
  request: Request,
  address: string | null,
  code: string,
  pupilClassId: string | null,
  who: (game: LiveGame) => Parameters<typeof joinLiveGame>[1],
  intent: Reply["intent"],
) {
  const token = tokenFromCookie(request.headers.get("Cookie"), cookieName(PLAYER_COOKIE, code));
  const door = doorOf(request, address, pupilClassId);
  const outcome = joinByCode({ code, address, token, pupilClassId, who, from: door.from });
  const headers = new Headers(NO_STORE);
  // The browser's id is kept whatever the outcome, so a browser turned away is the same browser next time.
  if (door.fresh) headers.append("Set-Cookie", browserCookie(door.fresh));
  if (!outcome.ok) {
    if ("wait" in outcome) {
      return data<Reply>({ intent, result: formError(outcome.wait.message) }, tooManyRequests(outcome.wait, headers));
    }
    return data<Reply>({ intent, result: formError(outcome.message) }, { status: outcome.status, headers });
  }
  headers.append("Set-Cookie", playerCookie(code, outcome.player.token));
  return redirect(livePaths.player(code), { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const address = context.clientAddress ?? null;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pupil") {
    const parsed = parseJoinCode(form);
    if (!parsed.ok) return data<Reply>({ intent, result: parsed.result }, { status: 400, headers: NO_STORE });
    const school = await getSchoolUser(request);
    const pupil = school?.kind === "student" ? findStudent(school.studentId) : undefined;
    if (!pupil) return data<Reply>({ intent, result: formError(M.noGame) }, { status: 403, headers: NO_STORE });
    const { code } = parsed.value;
    const who = (game: LiveGame) => ({ name: pupilNameIn(game, pupil), kind: "pupil" as const, studentId: pupil.id });
    return joined(request, address, code, pupil.classId, who, intent);
  }
  if (intent === "guest") {
    const parsed = parseGuestName(form);
    if (!parsed.ok) return data<Reply>({ intent, result: parsed.result }, { status: 400, headers: NO_STORE });
    const { code, adjective, animal } = parsed.value;
    const who = () => ({ name: `${adjective} ${animal}`, kind: "guest" as const, studentId: null });
    return joined(request, address, code, null, who, intent);
  }
  return data<Reply>({ intent: "guest", result: formError(M.codeRequired) }, { status: 400, headers: NO_STORE });
}

export default function LiveJoin() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  return (
    <section className="page page-narrow live-join" aria-labelledby="live-join-heading">
      <h1 id="live-join-heading">Join a live game</h1>
      {loaded.step === "code" ? (
        <CodeForm lastResult={loaded.result} />
      ) : (
        <>
          <p className="lead">
            Game <strong>{spacedJoinCode(loaded.code)}</strong>
          </p>
          {loaded.pupil ? (
            <PupilJoin code={loaded.code} name={loaded.pupil.name} reply={reply} />
          ) : (
            <>
              <h2>Are you a pupil?</h2>
              <p>Type the login code from your card to play with your class.</p>
              <CodeLoginForm
                id="live-login"
                lastResult={undefined}
                hint="The 8 digits on your login card."
                action={loaded.loginPath}
                hidden={{ next: `${livePaths.join}?code=${loaded.code}` }}
              />
              <h2>Everyone else</h2>
              {/* The same form for every game's code: whether a game takes guests is the game's to know
                  (docs/decisions/0072-live-games-closed-to-strangers.md). */}
              <GuestForm code={loaded.code} lastResult={reply?.intent === "guest" ? reply.result : undefined} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function CodeForm({ lastResult }: { lastResult: FormReply | null }) {
  const [form, fields] = useForm({ id: "live-code", lastResult });
  const field = fields.code!;
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="get" noValidate>
        <div className="field">
          <label htmlFor={field.id}>Join code</label>
          <p id={`${field.id}-hint`} className="field-hint">
            The 11 numbers on the big screen.
          </p>
          <FieldError field={field} />
          <input
            id={field.id}
            name={field.name}
            className="code-input"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={String(lastResult?.initialValue?.code ?? "")}
            {...fieldAria(field)}
          />
        </div>
        <button type="submit" className="button button-primary">
          Next
        </button>
      </Form>
    </>
  );
}

function PupilJoin({ code, name, reply }: { code: string; name: string; reply: unknown }) {
  const lastResult = (reply as Reply | undefined)?.intent === "pupil" ? (reply as Reply).result : undefined;
  const [form] = useForm({ id: "live-pupil", lastResult });
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post">
        <input type="hidden" name="intent" value="pupil" />
        <input type="hidden" name="code" value={code} />
        <button type="submit" className="button button-primary">
          Join as {name}
        </button>
      </Form>
    </>
  );
}

/** A word list's select for a field: its kept markup is keyed by these (the word picked, its error shown or not). */
const selectOf = (field: FieldState & { name: string }, value: string) => ({
  id: field.id,
  name: field.name,
  value,
  errorId: field.errors?.length ? field.errorId : null,
});

function GuestForm({ code, lastResult }: { code: string; lastResult: FormReply | undefined }) {
  const [form, fields] = useForm({ id: "live-guest", lastResult });
  const adjective = fields.adjective!;
  const animal = fields.animal!;
  const sent = (name: string) => String(lastResult?.initialValue?.[name] ?? "");
  return (
    <>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      <Form id={form.id} method="post" noValidate>
        <input type="hidden" name="intent" value="guest" />
        <input type="hidden" name="code" value={code} />
        <p>Make up a name: pick two words.</p>
        <div className="field">
          <label htmlFor={adjective.id}>First word</label>
          <FieldError field={adjective} />
          <WordSelect list="adjectives" {...selectOf(adjective, sent("adjective"))} />
        </div>
        <div className="field">
          <label htmlFor={animal.id}>Animal</label>
          <FieldError field={animal} />
          <WordSelect list="animals" {...selectOf(animal, sent("animal"))} />
        </div>
        <button type="submit" className="button button-primary">
          Join the game
        </button>
      </Form>
    </>
  );
}
