import type { ClassGoalView } from "~/types/class-goal";

/**
 * A class goal's one bar (docs/product.md#class-goal): the goal and how many so far in words, and a <progress> for
 * the eye; no names, no days left. Drawn on the server for pupils (app/markup/class-goal.server.ts).
 */
export function ClassGoalBar({ view, headingLevel = 2 }: { view: ClassGoalView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className={`card class-goal${view.reached ? " class-goal-reached" : ""}`}
      aria-labelledby="class-goal-heading"
      data-testid="class-goal"
    >
      <Heading id="class-goal-heading">Our class goal</Heading>
      <p id="class-goal-words">
        {view.goal} {view.progress}
      </p>
      <progress
        className="class-goal-bar"
        max={view.count}
        value={Math.min(view.secured, view.count)}
        aria-labelledby="class-goal-heading"
        aria-describedby="class-goal-words"
      />
    </section>
  );
}
