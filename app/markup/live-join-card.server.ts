import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ClassGameCard } from "~/components/live/class-game-card";

/**
 * The pupil's one-tap Join while their teacher's live game for the class is open (docs/product.md#live-game), drawn
 * on the server as the dashboard's other panels are (pupil-panels.server.ts): empty when no game is open (`code`
 * null: app/live-hub openGameOfClass).
 */
export function pupilLiveGameMarkup(code: string | null): string {
  return code ? renderToStaticMarkup(createElement(ClassGameCard, { code })) : "";
}
