import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The big screen's full-screen switch (docs/product.md#live-game): only where the browser can do it and the page's
 * JavaScript runs (without it there is no button; the browser's own F11 still works).
 */
export function FullScreenButton() {
  const hydrated = useHydrated();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);
  if (!hydrated || !document.fullscreenEnabled) return null;
  const toggle = () => {
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // A browser may refuse (a frame, a setting): the page stays as it was.
    done.catch(() => undefined);
  };
  return (
    <button type="button" className="button" onClick={toggle} data-testid="full-screen">
      {full ? "Leave full screen" : "Full screen"}
    </button>
  );
}
