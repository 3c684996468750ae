import { multiplayerPlay } from "~/game";
import { Island, type IslandProps } from "./island";

export type { IslandRun } from "./island";

/**
 * A hot-seat turn: the island for a multiplayer run (another mode's spec is a RangeError). Pages of the other modes
 * render <Island> with their own mode's play, so each loads its own generator only
 * (docs/decisions/0026-client-weight-budget.md).
 */
export function GameIsland(props: Omit<IslandProps, "play">) {
  return (
    <Island
      run={props.run}
      play={multiplayerPlay}
      onFinish={props.onFinish}
      onAnswer={props.onAnswer}
      initialElapsedMs={props.initialElapsedMs}
      firstIndex={props.firstIndex}
      counter={props.counter}
      describeAnswer={props.describeAnswer}
    >
      {props.children}
    </Island>
  );
}
