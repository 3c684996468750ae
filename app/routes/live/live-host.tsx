import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/forms/error-summary";
import { FieldError, fieldAria, groupAria } from "~/components/forms/field-error";
import { useForm, type FormReply } from "~/components/forms/use-form";
import { parseHostSettings } from "~/forms/live.server";
import { STUDENT_DIFFICULTIES, STUDENT_OPERATIONS, studentDifficultyLabel } from "~/game";
import type { LiveHost } from "~/live/game";
import { holdGame, hostingRefusal, memberMayHost, openGamesOf } from "~/live-hub/hosting-caps.server";
import { spacedJoinCode } from "~/live/join-code";
import { liveGamePlaced } from "~/live-hub/machines.server";
import { openLiveGame } from "~/live-hub/registry.server";
import { LIVE_MESSAGES as M } from "~/live/messages";
import { LIVE_DURATIONS, livePaths } from "~/live/protocol";
import { keepRetryAfter, tooManyRequests } from "~/utils/http.server";
import { readForm } from "~/utils/request.server";
import { STUDENT_OPERATION_NAMES } from "~/utils/student-messages";
import { admissionOf, hostCookie, hostingOf, specOf } from "./live.server";
import { liveHead } from "./live-head";

/*
 * Opening a live game (docs/product.md#live-game): a teacher for one of their classes (their class's weak facts may
 * be the sums), any signed-in member for a club or a family. The game opens on the big screen.
 */

export const { links, meta } = liveHead({
  title: "Host a live game",
  description: "Open a live maths game for your class.",
  path: livePaths.host,
});

export const headers = keepRetryAfter({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const hosting = await hostingOf(request);
  if (!hosting) return { hosting: null, openGames: [], operationNames: STUDENT_OPERATION_NAMES };
  return {
    hosting:
      hosting.kind === "teacher"
        ? {
            kind: "teacher" as const,
            classes: hosting.classes,
            // The class the dashboard's link came from (`?class=`), when it is one of theirs.
            chosen: hosting.classes.find((klass) => klass.id === new URL(request.url).searchParams.get("class"))?.id,
          }
        : { kind: "member" as const, confirmed: memberMayHost(hosting.userId) },
    // The host's open games, so that one at the cap can find one to close (docs/decisions/0072).
    openGames: openGamesOf(hosting),
    // The pupils' words for the sums, sent from here: the module that holds them is the pupils' dashboard's, and
    // importing it in this page's script would split it out of that page's own chunk (its weight budget).
    operationNames: STUDENT_OPERATION_NAMES,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const hosting = await hostingOf(request);
  if (!hosting)
    return data({ result: { status: "error", error: { "": [M.signInToHost] } } as FormReply }, { status: 403 });
  const parsed = parseHostSettings(
    await readForm(request),
    hosting.kind === "teacher" ? hosting.classes.map((klass) => klass.id) : null,
  );
  if (!parsed.ok) return data({ result: parsed.result }, { status: 400 });
  const settings = parsed.value;
  const spec = specOf(settings);
  if (!spec) return data({ result: parsed.refuse({ fields: { weakFacts: M.noWeakFacts } }) }, { status: 400 });
  const host: LiveHost =
    hosting.kind === "teacher"
      ? { kind: "teacher", teacherId: hosting.teacherId, classId: settings.classId! }
      : { kind: "member", userId: hosting.userId };
  const address = context.clientAddress ?? null;
  const refused = hostingRefusal(host, address);
  if (refused && "wait" in refused) {
    return data({ result: parsed.refuse({ form: refused.wait.message }) }, tooManyRequests(refused.wait));
  }
  if (refused) return data({ result: parsed.refuse({ form: refused.message }) }, { status: refused.status });
  const opened = openLiveGame({
    host,
    spec,
    durationSeconds: settings.durationSeconds,
    admission: admissionOf(settings),
  });
  if (!opened.ok) return data({ result: parsed.refuse({ form: opened.message }) }, { status: 503 });
  holdGame(opened.code, host, address);
  // Shown once the primary knows the game's machine, so that every machine finds it (decision 0094).
  await liveGamePlaced(opened.code);
  return redirect(livePaths.screen(opened.code), {
    headers: { "Set-Cookie": hostCookie(opened.code, opened.hostToken), "Cache-Control": "no-store" },
  });
}

export default function LiveHost() {
  const { hosting, openGames, operationNames } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const lastResult = reply?.result;
  const [form, fields] = useForm({ id: "live-host", lastResult });
  const sent = (name: string) => lastResult?.initialValue?.[name];
  const sentOps = sent("operations");
  const ticked = (op: string) =>
    lastResult ? (Array.isArray(sentOps) ? sentOps.includes(op) : sentOps === op) : op === "addition";
  if (!hosting) {
    return (
      <section className="page page-narrow" aria-labelledby="live-host-heading">
        <h1 id="live-host-heading">Host a live game</h1>
        <p>{M.signInToHost}</p>
        <p>
          <Link to="/teacher-login">Teacher Login</Link> · <Link to="/auth">Sign in</Link>
        </p>
      </section>
    );
  }
  if (hosting.kind === "member" && !hosting.confirmed) {
    return (
      <section className="page page-narrow" aria-labelledby="live-host-heading">
        <h1 id="live-host-heading">Host a live game</h1>
        <p>{M.confirmToHost}</p>
      </section>
    );
  }
  return (
    <section className="page page-narrow live-host" aria-labelledby="live-host-heading">
      <h1 id="live-host-heading">Host a live game</h1>
      <p className="lead">
        Everyone plays the same sums at the same time on their own device. The big screen shows the race.
      </p>
      <ErrorSummary formId={form.id} errors={form.allErrors} lastResult={lastResult} />
      {openGames.length > 0 ? (
        <>
          <h2>Your open games</h2>
          <ul className="live-open-games">
            {openGames.map((code) => (
              <li key={code}>
                <Link to={livePaths.screen(code)}>Game {spacedJoinCode(code)}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Form id={form.id} method="post" noValidate>
        {hosting.kind === "teacher" ? (
          <div className="field">
            <label htmlFor={fields.classId!.id}>Class</label>
            <FieldError field={fields.classId!} />
            <select
              id={fields.classId!.id}
              name="classId"
              defaultValue={String(sent("classId") ?? hosting.chosen ?? hosting.classes[0]?.id ?? "")}
              {...fieldAria(fields.classId!)}
            >
              {hosting.classes.map((klass) => (
                <option key={klass.id} value={klass.id}>
                  {klass.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <fieldset className="field" {...groupAria(fields.operations!)}>
          <legend>Sums</legend>
          <FieldError field={fields.operations!} />
          {STUDENT_OPERATIONS.map((op, index) => (
            <label key={op} className="check">
              <input
                type="checkbox"
                name="operations"
                value={op}
                id={index === 0 ? fields.operations!.id : undefined}
                defaultChecked={ticked(op)}
              />{" "}
              {operationNames[op]}
            </label>
          ))}
          {hosting.kind === "teacher" ? (
            <>
              <FieldError field={fields.weakFacts!} />
              <label className="check">
                <input
                  type="checkbox"
                  name="weakFacts"
                  id={fields.weakFacts!.id}
                  defaultChecked={sent("weakFacts") === "on"}
                />{" "}
                The facts my class finds hardest (from their heat maps)
              </label>
            </>
          ) : null}
        </fieldset>
        {hosting.kind === "teacher" ? (
          <div className="field">
            <label className="check">
              <input type="checkbox" name="guests" id={fields.guests!.id} defaultChecked={sent("guests") === "on"} />{" "}
              Let guests join (anyone with the code, with a made-up name)
            </label>
            <p className="field-hint">Left unticked, only the pupils of the class can join.</p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={fields.difficulty!.id}>How hard</label>
          <FieldError field={fields.difficulty!} />
          <select
            id={fields.difficulty!.id}
            name="difficulty"
            defaultValue={String(sent("difficulty") ?? "easy")}
            {...fieldAria(fields.difficulty!)}
          >
            {STUDENT_DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {studentDifficultyLabel(difficulty)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={fields.duration!.id}>How long</label>
          <FieldError field={fields.duration!} />
          <select
            id={fields.duration!.id}
            name="duration"
            defaultValue={String(sent("duration") ?? "60")}
            {...fieldAria(fields.duration!)}
          >
            {LIVE_DURATIONS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 60 ? "1 minute" : `${seconds} seconds`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Open the game
        </button>
      </Form>
    </section>
  );
}
