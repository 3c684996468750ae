import { useRevalidator } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import type { SubmittedAnswer } from "~/game";
import type { SubmissionResult } from "@conform-to/react";
import type { FinishResponse } from "~/types/runs";
import { finishRunRequest } from "./finish-run";
import type { IslandRun } from "./island";

/** What /game/start answers: a signed run, or the server's reply to the start form (its errors by field). */
type StartResponse = { ok: true; run: IslandRun } | { ok: false; result: SubmissionResult<string[]> };

const CANNOT_START = "The game could not start. Check your connection, then try again.";

export type IslandPhase =
  | { name: "start" }
  | { name: "playing"; run: IslandRun }
  | { name: "finishing"; run: IslandRun; answers: SubmittedAnswer[]; result?: FinishResponse };

/**
 * The life of an island game on a page: ask the server for a signed run, play it locally, send the
 * answers once at the end, and retry that send if the connection dropped. Shared by the solo, daily and pupils'
 * game pages.
 */
export function useIslandGame({
  onSaved,
  finishUrl,
}: {
  onSaved: (result: Extract<FinishResponse, { ok: true }>, run: IslandRun) => void;
  /** Where the answers go (default /game/finish; a pupil's game finishes at /student-game/finish). */
  finishUrl?: string;
}) {
  const [phase, setPhase] = useState<IslandPhase>({ name: "start" });
  const [starting, setStarting] = useState(false);
  const [startResult, setStartResult] = useState<SubmissionResult<string[]> | undefined>();
  const [startProblem, setStartProblem] = useState<string | undefined>();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const finishUrlRef = useRef(finishUrl);
  finishUrlRef.current = finishUrl;

  const sendFinish = useCallback((run: IslandRun, answers: SubmittedAnswer[]) => {
    setPhase({ name: "finishing", run, answers });
    void finishRunRequest(run.token, answers, finishUrlRef.current).then((result) => {
      setPhase((current) =>
        current.name === "finishing" && current.run === run
          ? { name: "finishing", run, answers: current.answers, result }
          : current,
      );
      if (result.ok) {
        saved.current(result, run);
        revalidate.current(); // the boards on the page now include this game
      }
    });
  }, []);

  const playing = phase.name === "playing" ? phase.run : null;
  const onFinish = useCallback(
    (answers: SubmittedAnswer[]) => playing && sendFinish(playing, answers),
    [playing, sendFinish],
  );

  return {
    phase,
    starting,
    /** The server's reply when it refused the start form's settings. */
    startResult,
    /** Why the game could not start when no reply came (the connection). */
    startProblem,
    /** Asks for a signed run with a plain request (a fetcher would be refetched on every revalidation). */
    start(url: string) {
      setStarting(true);
      setStartProblem(undefined);
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((response) => response.json() as Promise<StartResponse>)
        .then((body) => {
          if (body.ok) setPhase({ name: "playing", run: body.run });
          else setStartResult(body.result);
        })
        .catch(() => setStartProblem(CANNOT_START))
        .finally(() => setStarting(false));
    },
    onFinish,
    retry() {
      if (phase.name === "finishing") sendFinish(phase.run, phase.answers);
    },
    reset() {
      setPhase({ name: "start" });
    },
  };
}

export type IslandGame = ReturnType<typeof useIslandGame>;
