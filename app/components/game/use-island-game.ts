import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SubmittedAnswer } from "~/game";
import type { SettingsErrors } from "~/utils/solo-settings";
import type { FinishResponse } from "~/routes/game.finish";
import { finishRunRequest } from "./finish-run";
import type { IslandRun } from "./game-island";

type StartResponse = { ok: true; run: IslandRun } | { ok: false; errors: SettingsErrors };

export type IslandPhase =
  | { name: "start" }
  | { name: "playing"; run: IslandRun }
  | { name: "finishing"; run: IslandRun; answers: SubmittedAnswer[]; result?: FinishResponse };

/**
 * The life of an island game on a page: ask the server for a signed run, play it locally, send the
 * answers once at the end, and retry that send if the connection dropped. Shared by solo and daily pages.
 */
export function useIslandGame({ onSaved }: { onSaved: (result: Extract<FinishResponse, { ok: true }>, run: IslandRun) => void }) {
  const startFetcher = useFetcher<StartResponse>();
  const [phase, setPhase] = useState<IslandPhase>({ name: "start" });
  const [startRequested, setStartRequested] = useState(false);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const saved = useRef(onSaved);
  saved.current = onSaved;

  useEffect(() => {
    const result = startFetcher.data;
    if (!startRequested || startFetcher.state !== "idle" || !result) return;
    setStartRequested(false);
    if (result.ok) setPhase({ name: "playing", run: result.run });
  }, [startFetcher.data, startFetcher.state, startRequested]);

  const sendFinish = useCallback((run: IslandRun, answers: SubmittedAnswer[]) => {
    setPhase({ name: "finishing", run, answers });
    void finishRunRequest(run.token, answers).then((result) => {
      setPhase((current) => (current.name === "finishing" && current.run === run ? { ...current, result } : current));
      if (result.ok) {
        saved.current(result, run);
        revalidate.current(); // the boards on the page now include this game
      }
    });
  }, []);

  const playing = phase.name === "playing" ? phase.run : null;
  const onFinish = useCallback((answers: SubmittedAnswer[]) => playing && sendFinish(playing, answers), [playing, sendFinish]);

  return {
    phase,
    starting: startFetcher.state !== "idle",
    startErrors: startFetcher.data && !startFetcher.data.ok ? startFetcher.data.errors : undefined,
    start(url: string) {
      setStartRequested(true);
      startFetcher.load(url);
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
