import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Flash } from "~/utils/flash.server";

/** How long a message stays with JavaScript on (the spec's toast duration). */
export const FLASH_DURATION_MS = 4000;

/**
 * The spec's toasts as a live region: rendered by the server so they show without JavaScript,
 * dismissed after four seconds (or by the close button) when JavaScript runs.
 */
export function FlashRegion({ flash }: { flash: Flash | null }) {
  const [shown, setShown] = useState(flash);
  // The close button only works with JavaScript, so it only appears then.
  const hydrated = useHydrated();
  useEffect(() => {
    setShown(flash);
    if (!flash) return;
    const timer = window.setTimeout(() => setShown(null), FLASH_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  return (
    <div className="flash-region" role="status" aria-live="polite">
      {shown ? (
        <div className={`flash flash-${shown.kind}`} data-testid="flash">
          <p className="flash-title">{shown.title}</p>
          {shown.description ? <p className="flash-description">{shown.description}</p> : null}
          {hydrated ? (
            <button type="button" className="flash-close" onClick={() => setShown(null)} aria-label="Dismiss message">
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
