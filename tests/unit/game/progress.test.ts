import { describe, expect, it } from "vitest";
import {
  encouragementMessages,
  gamesThisWeek,
  improvementOf,
  nextGoal,
  performanceSummary,
  recentSessions,
  scoreColour,
  streakOf,
  studentProgress,
  type PerformanceRecord,
} from "../../../app/game";

const NOW = Date.UTC(2025, 5, 15, 12);
const DAY = 86_400_000;

/** Games from accuracies, newest first, one a day back from now. */
function games(...accuracies: number[]): PerformanceRecord[] {
  return accuracies.map((accuracy, k) => ({
    score: Math.round(accuracy / 10),
    totalQuestions: 10,
    accuracy,
    completedAt: NOW - (k + 1) * DAY + 1000,
  }));
}

describe("streak", () => {
  it("counts the most recent games in a row with accuracy of at least 70", () => {
    expect(streakOf(games(80, 70, 69, 100))).toBe(2);
    expect(streakOf(games(69, 100, 100))).toBe(0);
    expect(streakOf(games(70, 71, 90))).toBe(3);
    expect(streakOf([])).toBe(0);
  });
});

describe("improvement", () => {
  it("needs at least 4 games", () => {
    expect(improvementOf(games(90, 80, 70))).toBeNull();
    expect(improvementOf(games(90, 80, 60, 50))).toBe(30); // (90+80)/2 - (60+50)/2
  });

  it("leaves the middle game out of an odd count", () => {
    expect(improvementOf(games(90, 80, 0, 60, 50))).toBe(30);
    expect(improvementOf(games(50, 60, 100, 80, 90))).toBe(-30);
  });
});

describe("this week", () => {
  it("counts games in the last 7 days", () => {
    const at = (msAgo: number): PerformanceRecord => ({
      score: 1,
      totalQuestions: 1,
      accuracy: 100,
      completedAt: NOW - msAgo,
    });
    expect(gamesThisWeek([at(0), at(DAY), at(7 * DAY - 1), at(7 * DAY), at(8 * DAY)], NOW)).toBe(3);
  });
});

describe("nextGoal", () => {
  it("is 5 games first, then 80% accuracy, then 3 games a week", () => {
    expect(nextGoal(0, 0, 0)).toEqual({ id: "games", title: "Play 5 games", current: 0, target: 5, percent: 0 });
    expect(nextGoal(3, 95, 3)).toMatchObject({ id: "games", current: 3, target: 5, percent: 60 });
    expect(nextGoal(5, 70, 0)).toMatchObject({ id: "accuracy", current: 70, target: 80, percent: 88 });
    expect(nextGoal(5, 80, 2)).toMatchObject({ id: "weekly", current: 2, target: 3, percent: 67 });
    expect(nextGoal(5, 80, 3)).toBeNull();
  });
});

describe("encouragementMessages", () => {
  const base = { gamesPlayed: 4, averageAccuracy: 60, streak: 0, improvement: null, thisWeek: 1 };

  it("welcomes a new player", () => {
    expect(encouragementMessages({ ...base, gamesPlayed: 0 })).toEqual([
      "Welcome! Play your first game to start your maths adventure. 🚀",
    ]);
  });

  it("has a kind default when nothing stands out", () => {
    expect(encouragementMessages(base)).toEqual(["Every game makes your brain stronger. Keep going! 😊"]);
  });

  it("celebrates a streak of 3, improvement above 10, 5 games this week, 90% accuracy and 10 games", () => {
    expect(encouragementMessages({ ...base, streak: 3 })[0]).toContain("3-game streak");
    expect(encouragementMessages({ ...base, streak: 2 })).toHaveLength(1);
    expect(encouragementMessages({ ...base, improvement: 11 })[0]).toContain("up 11%");
    expect(encouragementMessages({ ...base, improvement: 10 })[0]).toMatch(/^Every game/);
    expect(encouragementMessages({ ...base, thisWeek: 5 })[0]).toContain("5 games this week");
    expect(encouragementMessages({ ...base, thisWeek: 4 })[0]).toMatch(/^Every game/);
    expect(encouragementMessages({ ...base, averageAccuracy: 90 })[0]).toContain("maths star");
    expect(encouragementMessages({ ...base, averageAccuracy: 89 })[0]).toMatch(/^Every game/);
    expect(encouragementMessages({ ...base, gamesPlayed: 10 })[0]).toContain("10 games played");
    expect(encouragementMessages({ ...base, gamesPlayed: 9 })[0]).toMatch(/^Every game/);
    const all = encouragementMessages({
      gamesPlayed: 12,
      averageAccuracy: 95,
      streak: 4,
      improvement: 20,
      thisWeek: 6,
    });
    expect(all).toHaveLength(5);
  });
});

describe("studentProgress", () => {
  it("puts it all together for a new player", () => {
    expect(studentProgress([], NOW)).toMatchObject({
      gamesPlayed: 0,
      averageAccuracy: 0,
      bestScore: 0,
      streak: 0,
      improvement: null,
      thisWeek: 0,
      gamesBarPercent: 0,
      nextGoal: { id: "games", target: 5 },
    });
  });

  it("fills the games bar at 20 games", () => {
    expect(studentProgress(games(...new Array<number>(10).fill(80)), NOW).gamesBarPercent).toBe(50);
    expect(studentProgress(games(...new Array<number>(20).fill(80)), NOW).gamesBarPercent).toBe(100);
    expect(studentProgress(games(...new Array<number>(25).fill(80)), NOW).gamesBarPercent).toBe(100);
  });

  it("sorts the list newest first itself", () => {
    const list = games(90, 80, 60, 50, 40);
    const shuffled = [list[3]!, list[0]!, list[4]!, list[2]!, list[1]!];
    expect(studentProgress(shuffled, NOW)).toEqual(studentProgress(list, NOW));
    expect(studentProgress(list, NOW)).toMatchObject({
      gamesPlayed: 5,
      averageAccuracy: 64,
      bestScore: 9,
      streak: 2,
      improvement: 40,
      thisWeek: 5,
      nextGoal: { id: "accuracy", current: 64, target: 80 },
    });
  });
});

describe("teacher performance card", () => {
  it("colours green at 80 or more, yellow at 60 or more, else red", () => {
    expect(scoreColour(100)).toBe("green");
    expect(scoreColour(80)).toBe("green");
    expect(scoreColour(79.9)).toBe("yellow");
    expect(scoreColour(60)).toBe("yellow");
    expect(scoreColour(59)).toBe("red");
    expect(scoreColour(0)).toBe("red");
  });

  it("keeps the 5 most recent sessions, newest first", () => {
    const list = games(10, 20, 30, 40, 50, 60, 70);
    const shuffled = [list[6]!, list[2]!, list[0]!, list[5]!, list[1]!, list[4]!, list[3]!];
    expect(recentSessions(shuffled).map((g) => g.accuracy)).toEqual([10, 20, 30, 40, 50]);
  });

  it("summarises games, average score out of 100, best and latest", () => {
    expect(performanceSummary(games(70, 90, 50))).toEqual({
      games: 3,
      averageScore: 70,
      best: 90,
      latest: 70,
      colour: "yellow",
    });
    expect(performanceSummary([])).toEqual({ games: 0, averageScore: 0, best: null, latest: null, colour: "red" });
  });
});
