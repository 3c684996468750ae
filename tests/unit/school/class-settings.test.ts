import { describe, expect, it } from "vitest";
import { savedClassSettings } from "~/school-rules/class-settings";

// What the class settings form opens on (docs/product.md#teachers).

const DEFAULTS = {
  name: "",
  operations: ["addition"],
  timesTables: [],
  difficulty: "easy",
  extraTime: "1",
  calm: false,
  extraGames: {},
};

const pupil = (over: Partial<Parameters<typeof savedClassSettings>[0][number]> = {}) => ({
  allowedOperations: ["multiplication"],
  timesTables: ["7"],
  difficulty: "hard",
  extraTime: 1.5,
  calm: true,
  extraGames: { bonds: ["10"] } as Record<string, readonly string[]>,
  ...over,
});

describe("savedClassSettings", () => {
  it("opens a class without pupils on the new pupil's defaults", () => {
    expect(savedClassSettings([], DEFAULTS)).toEqual({ values: DEFAULTS, differ: [] });
  });

  it("opens on the settings every pupil has", () => {
    expect(savedClassSettings([pupil(), pupil()], DEFAULTS)).toEqual({
      values: {
        name: "",
        operations: ["multiplication"],
        timesTables: ["7"],
        difficulty: "hard",
        extraTime: "1.5",
        calm: true,
        extraGames: { bonds: ["10"] },
      },
      differ: [],
    });
  });

  it("takes what most pupils have where they differ, and names those settings", () => {
    const pupils = [
      pupil({ calm: false, timesTables: ["7", "8"] }),
      pupil({ calm: false, timesTables: ["8", "7"] }),
      pupil({ extraTime: 2, timesTables: ["8", "7"] }),
    ];
    const { values, differ } = savedClassSettings(pupils, DEFAULTS);
    expect(values.calm).toBe(false);
    expect(values.timesTables).toEqual(["7", "8"]);
    expect(values.extraTime).toBe("1.5");
    expect(differ).toEqual(["extraTime", "calm"]);
  });

  it("compares the given games whatever their order, and names them when they differ", () => {
    const pupils = [
      pupil({ extraGames: { bonds: ["10", "20"], doubles: ["20"] } }),
      pupil({ extraGames: { doubles: ["20"], bonds: ["20", "10"] } }),
      pupil({ extraGames: {} }),
    ];
    const { values, differ } = savedClassSettings(pupils, DEFAULTS);
    expect(values.extraGames).toEqual({ bonds: ["10", "20"], doubles: ["20"] });
    expect(differ).toEqual(["extraGames"]);
  });
});
