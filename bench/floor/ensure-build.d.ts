export function ensureFloorBuild(log: (line: string) => void): void;
