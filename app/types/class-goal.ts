/** A class goal's bar as the page draws it (docs/product.md#class-goal): its words and its two numbers. */
export type ClassGoalView = { goal: string; progress: string; reached: boolean; secured: number; count: number };
