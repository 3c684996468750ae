import type { StudentFormValues } from "~/types/teacher";

/** A pupil's saved settings, as the class settings form reads them. */
type PupilSettings = {
  allowedOperations: readonly string[];
  timesTables: readonly string[];
  difficulty: string;
  extraTime: number;
  calm: boolean;
  extraGames: Readonly<Record<string, readonly string[]>>;
};

/** The form's values. */
type FormValues = StudentFormValues;

/** The settings the form has, each by its own name. */
export type ClassSettingName = "operations" | "timesTables" | "difficulty" | "extraTime" | "calm" | "extraGames";

/**
 * What the class settings form opens on (docs/product.md#teachers): the settings the class's pupils have saved. Where
 * they all agree, that value; where they differ, the one most of them have (the first pupil's among equals), and the
 * setting is named in `differ`, so the page can say so. A class without pupils opens on the new pupil's defaults.
 */
export function savedClassSettings(
  pupils: readonly PupilSettings[],
  defaults: FormValues,
): { values: FormValues; differ: ClassSettingName[] } {
  if (pupils.length === 0) return { values: defaults, differ: [] };
  const differ: ClassSettingName[] = [];
  function most<T>(name: ClassSettingName, of: (pupil: PupilSettings) => T, key: (value: T) => string = String): T {
    const counts = new Map<string, { value: T; count: number }>();
    for (const pupil of pupils) {
      const value = of(pupil);
      const seen = counts.get(key(value));
      if (seen) seen.count += 1;
      else counts.set(key(value), { value, count: 1 });
    }
    if (counts.size > 1) differ.push(name);
    let best: { value: T; count: number } | undefined;
    for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
    return best!.value;
  }
  const list = (values: readonly string[]) => [...values].sort().join(",");
  const values: FormValues = {
    name: "",
    operations: [...most("operations", (p) => p.allowedOperations, list)],
    timesTables: [...most("timesTables", (p) => p.timesTables, list)],
    difficulty: most("difficulty", (p) => p.difficulty),
    extraTime: String(most("extraTime", (p) => p.extraTime)),
    calm: most("calm", (p) => p.calm),
    // The given games compared by mode in a fixed order, each mode's choices sorted (as stored, they are).
    extraGames: copyGames(most("extraGames", (p) => p.extraGames, gamesKey)),
  };
  return { values, differ };
}

/** One key per given games, whatever order their modes were stored in. */
function gamesKey(games: Readonly<Record<string, readonly string[]>>): string {
  return JSON.stringify(
    Object.keys(games)
      .filter((mode) => games[mode]!.length > 0)
      .sort()
      .map((mode) => [mode, [...games[mode]!].sort()]),
  );
}

function copyGames(games: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(games).map(([mode, values]) => [mode, [...values]]));
}
