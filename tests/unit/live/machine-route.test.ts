import { describe, expect, it } from "vitest";
import { joinCodeFrom } from "~/live/join-code";
import { codeOfLiveRequest, liveRoute } from "~/live/machine-route";

/*
 * Where a request under /live goes when games live on every machine (docs/decisions/0088-live-games-on-every-machine.md),
 * from this machine ("m-a"); the three processes really running are tests/integration/machines.test.ts.
 */

const HERE = "48271903562";
const THERE = joinCodeFrom("1234567890");
const AT = 1_000_000;

function route(
  method: string,
  url: string,
  more: { full?: boolean; replaySource?: string; at?: number; roomOn?: string } = {},
) {
  return liveRoute({
    machineId: "m-a",
    method,
    url,
    replaySource: more.replaySource,
    full: more.full ?? false,
    roomOn: () => more.roomOn,
    holds: (code) => code === HERE,
    placeOf: (code) => (code === THERE ? { machineId: "m-b", aliveUntil: AT + 1 } : undefined),
    at: more.at ?? AT,
  });
}

describe("routing live requests between machines", () => {
  it("reads the code from the path or the join page's ?code=, spaces and all", () => {
    expect(codeOfLiveRequest(`/live/${HERE}/events`, "")).toBe(HERE);
    expect(codeOfLiveRequest(`/live/${HERE}`, "")).toBe(HERE);
    expect(codeOfLiveRequest("/live", "code=4827+1903+562")).toBe(HERE);
    expect(codeOfLiveRequest("/live", "code=4827+1903+563")).toBeNull();
    expect(codeOfLiveRequest("/live/host", "")).toBeNull();
  });

  it("serves its own games, replays another machine's, and tells a stopped machine's streams", () => {
    expect(route("GET", `/live/${HERE}/events`)).toEqual({ kind: "here" });
    expect(route("POST", `/live/${THERE}/answer`)).toEqual({ kind: "replay", fields: "instance=m-b" });
    expect(route("POST", `/live?code=${THERE}`)).toEqual({ kind: "replay", fields: "instance=m-b" });
    expect(route("GET", `/live/${THERE}/events`, { at: AT + 2 })).toEqual({ kind: "stopped" });
    // No row (never opened, or gone): this machine answers for no game, as a single node does.
    expect(route("GET", "/live/00000000000/events")).toEqual({ kind: "here" });
  });

  it("hands a new game on once when this machine is full, and keeps one handed on", () => {
    expect(route("POST", "/live/host")).toEqual({ kind: "here" });
    expect(route("GET", "/live/host", { full: true })).toEqual({ kind: "here" });
    expect(route("POST", "/live/host", { full: true })).toEqual({
      kind: "replay",
      fields: "elsewhere=true;state=live-full",
    });
    // To a machine the rows show with room, when there is one.
    expect(route("POST", "/live/host", { full: true, roomOn: "m-c" })).toEqual({
      kind: "replay",
      fields: "instance=m-c;state=live-full",
    });
    const replaySource = "instance=m-b;region=lhr;t=1;state=live-full";
    expect(route("POST", "/live/host", { full: true, replaySource })).toEqual({ kind: "here" });
  });
});
