import { describe, expect, it } from "vitest";
import { joinCodeFrom } from "~/live/join-code";
import { codeOfLiveRequest, liveRoute } from "~/live/machine-route";

/*
 * Where a request under /live goes when games live on every machine (docs/decisions/0088-live-games-on-every-machine.md),
 * from this machine ("m-a"); the three processes really running are tests/integration/machines.test.ts.
 */

const HERE = "48271903562";
const THERE = joinCodeFrom("1234567890");
const LOST = joinCodeFrom("1234567891");
const UNKNOWN = "00000000000";

function route(
  method: string,
  url: string,
  more: { full?: boolean; replaySource?: string; roomOn?: string; primary?: string } = {},
) {
  return liveRoute({
    machineId: "m-a",
    method,
    url,
    replaySource: more.replaySource,
    full: more.full ?? false,
    roomOn: () => more.roomOn,
    holds: (code) => code === HERE,
    placeOf: (code) =>
      code === THERE ? { machineId: "m-b", lost: false } : code === LOST ? { machineId: "m-c", lost: true } : undefined,
    primary: more.primary,
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
    expect(route("GET", `/live/${LOST}/events`)).toEqual({ kind: "stopped" });
    // No row on the primary (never opened, or gone): it answers for no game, as a single node does.
    expect(route("GET", `/live/${UNKNOWN}/events`)).toEqual({ kind: "here" });
  });

  it("sends a code it has no row for to the primary once, never back (decision 0094)", () => {
    const asked = { kind: "replay", fields: "instance=m-p;state=live-find" };
    expect(route("GET", `/live/${UNKNOWN}/events`, { primary: "m-p" })).toEqual(asked);
    expect(route("POST", `/live?code=${UNKNOWN}`, { primary: "m-p" })).toEqual(asked);
    // Replayed once already: answered here, whatever this machine is.
    const replaySource = "instance=m-b;region=lhr;t=1;state=live-find";
    expect(route("GET", `/live/${UNKNOWN}/events`, { primary: "m-p", replaySource })).toEqual({ kind: "here" });
    // The primary, with the row, sends it on to the game's machine; a replica with the row, too.
    expect(route("GET", `/live/${THERE}/events`, { replaySource })).toEqual({ kind: "replay", fields: "instance=m-b" });
    expect(route("GET", `/live/${THERE}/events`, { primary: "m-p" })).toEqual({
      kind: "replay",
      fields: "instance=m-b",
    });
    // A request with no code, or for a game held here, never goes to the primary.
    expect(route("GET", "/live", { primary: "m-p" })).toEqual({ kind: "here" });
    expect(route("GET", `/live/${HERE}/events`, { primary: "m-p" })).toEqual({ kind: "here" });
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
