import { describe, expect, it } from "vitest";
import {
  initialMatch,
  matchOutcome,
  matchReducer,
  playerName,
  rankPlayers,
  restoreMatch,
  TURN_MS,
  turnSeed,
  type MatchAction,
  type MatchSettings,
  type MatchState,
} from "../../../app/game";

const settings: MatchSettings = { playerCount: 3, difficulty: "Normal", rounds: 2, playerNames: ["Ann", "Ben", "Cat"] };

function run(actions: MatchAction[], from: MatchState = initialMatch): MatchState {
  return actions.reduce(matchReducer, from);
}

/** One turn: start, answer (true = right), end. */
function turn(answers: boolean[]): MatchAction[] {
  return [
    { type: "startTurn", now: 1_000 },
    ...answers.map((correct): MatchAction => ({ type: "answer", correct })),
    { type: "endTurn" },
  ];
}

function playing(state: MatchState) {
  if (state.phase !== "playing") throw new Error(`expected playing, got ${state.phase}`);
  return state;
}

describe("multiplayer match reducer", () => {
  it("starts with every player at zero, round 1, first player waiting", () => {
    const s = playing(run([{ type: "start", settings, seed: "x" }]));
    expect(s.round).toBe(1);
    expect(s.current).toBe(0);
    expect(s.turn).toBe("waiting");
    expect(s.players.map((p) => p.name)).toEqual(["Ann", "Ben", "Cat"]);
    expect(s.players.every((p) => p.totalScore === 0 && p.totalQuestions === 0 && p.currentRoundScore === 0)).toBe(
      true,
    );
  });

  it("Start Turn begins a 60-second turn", () => {
    const s = playing(
      run([
        { type: "start", settings, seed: "x" },
        { type: "startTurn", now: 5_000 },
      ]),
    );
    expect(s.turn).toBe("playing");
    expect(TURN_MS).toBe(60_000);
    expect(s.turnEndsAt).toBe(65_000);
  });

  it("a correct answer adds to the round score; every answer counts as a question", () => {
    const s = playing(
      run([
        { type: "start", settings, seed: "x" },
        { type: "startTurn", now: 0 },
        { type: "answer", correct: true },
        { type: "answer", correct: false },
        { type: "answer", correct: true },
      ]),
    );
    expect(s.players[0]).toMatchObject({ currentRoundScore: 2, totalScore: 2, totalQuestions: 3 });
    expect(s.turnAnswers).toBe(3);
    // The turn's right answers, shown beside 'N questions answered', and zero again when the next turn starts.
    expect(s.turnRight).toBe(2);
    const next = playing(
      matchReducer(matchReducer(matchReducer(s, { type: "endTurn" }), { type: "startTurn", now: 1 }), {
        type: "answer",
        correct: false,
      }),
    );
    expect(next).toMatchObject({ current: 1, turnAnswers: 1, turnRight: 0 });
    // Read back from storage, a turn keeps them; a state saved before they were kept, or a nonsense count, gives 0.
    expect(restoreMatch(JSON.parse(JSON.stringify(s)))).toMatchObject({ turnAnswers: 3, turnRight: 2 });
    expect(restoreMatch({ ...s, turnRight: undefined })).toMatchObject({ turnAnswers: 3, turnRight: 0 });
    expect(restoreMatch({ ...s, turnRight: 9 })).toMatchObject({ turnRight: 3 });
    expect(restoreMatch({ ...s, turnRight: -1 })).toMatchObject({ turnRight: 0 });
  });

  it("answers outside a running turn count for nothing", () => {
    const s = playing(
      run([
        { type: "start", settings, seed: "x" },
        { type: "answer", correct: true },
      ]),
    );
    expect(s.players[0]!.totalQuestions).toBe(0);
  });

  it("at time 0 the next player waits; after the last player of a round comes the round summary", () => {
    let s = run([{ type: "start", settings, seed: "x" }, ...turn([true])]);
    expect(playing(s)).toMatchObject({ current: 1, turn: "waiting", turnEndsAt: null });
    s = run([...turn([true, true]), ...turn([false])], s);
    expect(playing(s)).toMatchObject({ round: 1, current: 2, turn: "round-end" });
  });

  it("'Start Round N+1' moves to the next round, back to the first player, round scores zeroed", () => {
    const s = playing(
      run([
        { type: "start", settings, seed: "x" },
        ...turn([true]),
        ...turn([true, true]),
        ...turn([]),
        { type: "startNextRound" },
      ]),
    );
    expect(s).toMatchObject({ round: 2, current: 0, turn: "waiting" });
    expect(s.players.map((p) => p.currentRoundScore)).toEqual([0, 0, 0]);
    expect(s.players.map((p) => p.totalScore)).toEqual([1, 2, 0]);
  });

  it("after the last player of the last round the match ends", () => {
    const s = run([
      { type: "start", settings, seed: "x" },
      ...turn([true]),
      ...turn([true, true]),
      ...turn([true]),
      { type: "startNextRound" },
      ...turn([true]),
      ...turn([false]),
      ...turn([true, true, true]),
    ]);
    expect(s.phase).toBe("results");
    if (s.phase !== "results") return;
    expect(s.players.map((p) => [p.totalScore, p.totalQuestions])).toEqual([
      [2, 2],
      [2, 3],
      [4, 4],
    ]);
    expect(matchOutcome(s.players)).toMatchObject({
      kind: "win",
      winner: { name: "Cat", totalScore: 4, accuracy: 100 },
    });
  });

  it("a one-round match ends straight after its last turn", () => {
    const s = run([
      { type: "start", settings: { ...settings, playerCount: 2, rounds: 1 }, seed: "x" },
      ...turn([true]),
      ...turn([true]),
    ]);
    expect(s.phase).toBe("results");
  });

  it("Play Again keeps the settings; New Game Setup and Back to Setup clear everything", () => {
    const done = run([
      { type: "start", settings: { ...settings, rounds: 1 }, seed: "x" },
      ...turn([true]),
      ...turn([]),
      ...turn([]),
    ]);
    const again = playing(matchReducer(done, { type: "playAgain", seed: "y" }));
    expect(again.settings).toEqual({ ...settings, rounds: 1 });
    expect(again.seed).toBe("y");
    expect(again.players.every((p) => p.totalScore === 0)).toBe(true);
    expect(matchReducer(done, { type: "newSetup" })).toEqual(initialMatch);
    expect(matchReducer(again, { type: "backToSetup" })).toEqual(initialMatch);
  });
});

describe("ranking and outcome", () => {
  const p = (name: string, totalScore: number, totalQuestions: number) => ({
    name,
    totalScore,
    totalQuestions,
    currentRoundScore: 0,
  });

  it("ranks by total correct, equal totals sharing a rank, with accuracy", () => {
    const ranked = rankPlayers([p("A", 3, 4), p("B", 5, 5), p("C", 3, 6), p("D", 1, 3)]);
    expect(ranked.map((r) => [r.name, r.rank, r.accuracy])).toEqual([
      ["B", 1, 100],
      ["A", 2, 75],
      ["C", 2, 50],
      ["D", 4, 33],
    ]);
  });

  it("calls a tie when the top total is shared", () => {
    const outcome = matchOutcome([p("A", 4, 5), p("B", 4, 8), p("C", 1, 1)]);
    expect(outcome.kind).toBe("tie");
    if (outcome.kind === "tie") expect(outcome.tied.map((t) => t.name)).toEqual(["A", "B"]);
  });
});

describe("names, seeds and restoring", () => {
  it("an empty name falls back to 'Player N'", () => {
    expect(playerName(["Ann", "  ", ""], 1)).toBe("Player 2");
    expect(playerName(["Ann"], 2)).toBe("Player 3");
    expect(playerName([" Ann "], 0)).toBe("Ann");
  });

  it("each turn has its own seed", () => {
    expect(new Set([turnSeed("s", 1, 0), turnSeed("s", 1, 1), turnSeed("s", 2, 0)]).size).toBe(3);
  });

  it("restores a saved match exactly, and anything malformed as setup", () => {
    const mid = run([{ type: "start", settings, seed: "x" }, ...turn([true]), { type: "startTurn", now: 7 }]);
    expect(restoreMatch(JSON.parse(JSON.stringify(mid)))).toEqual(mid);
    const done = run([
      { type: "start", settings: { ...settings, playerCount: 2, rounds: 1 }, seed: "x" },
      ...turn([true]),
      ...turn([]),
    ]);
    expect(restoreMatch(JSON.parse(JSON.stringify(done)))).toEqual(done);
    expect(restoreMatch(null)).toEqual(initialMatch);
    expect(restoreMatch({ phase: "playing", settings: { ...settings, playerCount: 9 } })).toEqual(initialMatch);
    expect(restoreMatch({ ...mid, round: 7 })).toEqual(initialMatch);
    expect(restoreMatch("garbage")).toEqual(initialMatch);
  });
});

describe("players of the same name", () => {
  it("are told apart by their seat", () => {
    const p = (name: string, totalScore: number) => ({
      name,
      totalScore,
      totalQuestions: totalScore,
      currentRoundScore: 0,
    });
    const ranked = rankPlayers([p("Sam", 1), p("Sam", 3)]);
    expect(ranked.map((r) => [r.name, r.seat, r.rank])).toEqual([
      ["Sam", 1, 1],
      ["Sam", 0, 2],
    ]);
  });

  it("a stored match with malformed players starts over", () => {
    const mid = run([{ type: "start", settings, seed: "x" }]);
    const broken = JSON.parse(JSON.stringify(mid));
    broken.players[1].totalScore = "lots";
    expect(restoreMatch(broken)).toEqual(initialMatch);
  });
});
