import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Moves focus to an element (a screen's heading) when the screen appears in place of another (a game
 * ending, a dialog reopening), so keyboard and screen-reader users land on it. A screen rendered with
 * the page itself keeps the browser's normal focus.
 */
export function useFocusWhenShown<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const shownAfterLoad = useRef(useHydrated());
  useEffect(() => {
    if (shownAfterLoad.current) ref.current?.focus();
  }, []);
  return ref;
}
