/* What a class's times tables check page shows (docs/product.md#multiplication-tables-check-rehearsal). */

/** A pupil's latest rehearsals, oldest first: each score out of 25 with its date in words. */
export type PupilMtc = { id: string; name: string; latest: { score: number; at: number; date: string }[] };
/** The class's rehearsals in one week (from its Monday): how many, and their average score. */
export type WeekMtc = { week: number; label: string; rehearsals: number; average: number };
