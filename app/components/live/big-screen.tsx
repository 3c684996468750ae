import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ClosedEvent, DoorState, RaceEvent, RaceLine } from "~/live/protocol";
import { spacedJoinCode } from "~/live/join-code";
import { ordinal } from "~/live/problems";
import { livePaths } from "~/live/protocol";
import type { QrView } from "~/types/teacher";
import { FullScreenButton } from "./full-screen-button";
import { secondsUntil, useServerClock, useTicking } from "./live-clock";

/*
 * The big screen of a live game (docs/product.md#live-game): the join code, the QR code and the names arriving, then
 * the countdown, the live race and the podium. It follows the game's event stream; the buttons are plain forms. It
 * reads from the back of a classroom (live.css): the code and the address at least 8 % of the screen's height, the
 * names at least 3 %, the host's buttons always on the screen above the names, which flow into columns.
 */

const CLOSED_WORDS: Record<ClosedEvent["reason"], string> = {
  ended: "This game has ended.",
  idle: "This game was closed because no one played for a long time.",
  restart: "The game had to stop because the server is restarting. Open a new game.",
};

export function BigScreen({ first, joinLink, qr }: { first: RaceEvent; joinLink: string; qr: QrView }) {
  const [race, setRace] = useState(first);
  const [closed, setClosed] = useState<ClosedEvent["reason"] | null>(null);
  const clock = useServerClock();
  const { code } = first;

  // A new loader answer (after a button) is as fresh as the stream's last event.
  useEffect(() => setRace((now) => (first.now >= now.now ? first : now)), [first]);
  useEffect(() => {
    const source = new EventSource(`${livePaths.events(code)}?as=host`);
    source.addEventListener("race", (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as RaceEvent;
      clock.heard(next.now);
      setRace(next);
    });
    source.addEventListener("closed", (event) => {
      setClosed((JSON.parse((event as MessageEvent<string>).data) as ClosedEvent).reason);
      source.close();
    });
    return () => source.close();
  }, [code, clock]);

  const running = race.phase === "countdown" || race.phase === "playing";
  useTicking(running);
  const now = clock.serverNow();

  if (closed) {
    return (
      <div className="live-screen">
        <p className="lead" role="status">
          {CLOSED_WORDS[closed]}
        </p>
        <p>
          <a href={livePaths.host}>Open a new game</a>
        </p>
      </div>
    );
  }

  const lines = race.lines;
  const top = topScore(lines);
  return (
    <div className="live-screen">
      {race.phase === "lobby" ? (
        <div className="live-lobby">
          <div className="live-join">
            <p>
              <span className="live-code-label">Join at</span>{" "}
              <span className="live-address" data-testid="join-address">
                {joinLink.replace(/^https?:\/\//, "").replace(/\?.*$/, "")}
              </span>{" "}
              <span className="live-code-label">with the code</span>
            </p>
            <p className="live-code" data-testid="join-code">
              {spacedJoinCode(code)}
            </p>
          </div>
          <svg
            className="qr-code live-qr"
            viewBox={`-4 -4 ${qr.size + 8} ${qr.size + 8}`}
            role="img"
            aria-label="QR code to join the game"
            shapeRendering="crispEdges"
          >
            <rect x={-4} y={-4} width={qr.size + 8} height={qr.size + 8} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
        </div>
      ) : null}
      {race.phase === "countdown" ? (
        <p className="live-countdown" role="status">
          Get ready… {secondsUntil(race.startsAt, now)}
        </p>
      ) : null}
      {race.phase === "playing" ? (
        <p className="live-time" role="status">
          Time left: {secondsUntil(race.endsAt, now)} s
        </p>
      ) : null}
      {race.phase === "podium" ? <Podium race={race} /> : null}
      <div className="live-controls">
        <div className="live-actions live-host-actions">
          {race.phase === "lobby" ? (
            <HostButton intent="start" label="Start" primary disabled={lines.length === 0} />
          ) : null}
          {running ? <HostButton intent="end" label="End the game now" /> : null}
          {race.phase === "podium" ? (
            <>
              <HostButton intent="again" label="Play again" primary />
              <a className="button" href={livePaths.report(code)}>
                See the report
              </a>
            </>
          ) : null}
          {race.phase === "lobby" || race.phase === "podium" ? (
            <HostButton intent="close" label="Close the game" />
          ) : null}
          <FullScreenButton />
        </div>
        <Door door={race.door} />
      </div>
      <div className="live-names-head">
        <h2>
          {race.phase === "lobby" ? `Players (${lines.length})` : race.phase === "podium" ? "Everyone" : "The race"}
        </h2>
        {lines.length === 0 ? <p>No one has joined yet.</p> : null}
        <p className="live-latest" role="status" data-testid="latest-join">
          {race.phase === "lobby" && lines.length > 0 ? `Just joined: ${lines[lines.length - 1]!.name}` : ""}
        </p>
      </div>
      <ol className={`live-race${race.phase === "lobby" ? " live-names" : ""}`} data-testid="race">
        {lines.map((line) => (
          <li key={line.id} className={line.online ? "" : "live-offline"}>
            {race.phase === "lobby" ? null : <span className="live-place">{ordinal(line.place)}</span>}{" "}
            <span className="live-who">
              <span className="live-name">{line.name}</span>
              {race.door.classGame && line.kind === "guest" ? <span className="live-guest"> (guest)</span> : null}
            </span>{" "}
            {line.checking ? <span className="live-checking">score being checked</span> : null}{" "}
            {race.phase === "lobby" ? null : (
              <span className="live-score">
                {line.right} right
                <ScoreBar line={line} top={top} />
              </span>
            )}
            {race.phase === "lobby" || race.phase === "podium" ? (
              <Form method="post" className="live-remove">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={line.id} />
                <button type="submit" className="button button-small">
                  Remove<span className="visually-hidden"> {line.name}</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function HostButton({
  intent,
  label,
  primary,
  disabled,
}: {
  intent: string;
  label: string;
  primary?: boolean;
  disabled?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? "button button-primary" : "button"} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

/** Who may join: the door's state and the host's two switches (plain forms, as every host button). */
function Door({ door }: { door: DoorState }) {
  const who = door.locked
    ? "Locked: no one new can join."
    : door.guests
      ? door.classGame
        ? "Pupils of the class and guests can join."
        : "Anyone with the code can join."
      : "Only pupils of the class can join.";
  return (
    <div className="live-door" data-testid="door">
      <p>
        {who}
        {door.turnedAway > 0 ? ` Turned away: ${door.turnedAway}.` : ""}
      </p>
      <div className="live-actions">
        <HostButton
          intent={door.locked ? "unlock" : "lock"}
          label={door.locked ? "Unlock the game" : "Lock the game"}
        />
        {door.classGame ? (
          <HostButton
            intent={door.guests ? "guests-off" : "guests-on"}
            label={door.guests ? "Stop guests joining" : "Let guests join"}
          />
        ) : null}
      </div>
    </div>
  );
}

/** The highest score: every bar is drawn against it, so the bars are as long as the scores are big. */
const topScore = (lines: readonly RaceLine[]) => Math.max(0, ...lines.map((line) => line.right));

function ScoreBar({ line, top }: { line: RaceLine; top: number }) {
  const width = top > 0 ? (line.right / top) * 100 : 0;
  return (
    <span className="live-bar-track" aria-hidden="true">
      <span className="live-bar" data-testid="score-bar" style={{ width: `${width.toFixed(2)}%` }} />
    </span>
  );
}

function Podium({ race }: { race: RaceEvent }) {
  // A score being checked for its pace is not placed (docs/product.md#live-game). Places are written once: "1st".
  const top = race.lines.filter((line) => !line.checking && line.place <= 3);
  const best = topScore(top);
  return (
    <div className="live-podium">
      <h2>The podium</h2>
      <ol>
        {top.map((line) => (
          <li key={line.id}>
            <span className="live-podium-name">
              {ordinal(line.place)} {line.name}
            </span>
            <ScoreBar line={line} top={best} />
            <span className="live-podium-score">{line.right} right</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
