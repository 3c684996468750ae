import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Flash } from "~/utils/flash";

/** How long a message stays with JavaScript on (the toast duration of docs/product.md#messages). */
export const FLASH_DURATION_MS = 4000;

const FLASH_EVENT = "app:flash";

/** Shows a message from the browser, for results that arrive without a navigation (the island's finish). */
export function showFlash(flash: Flash) {
  window.dispatchEvent(new CustomEvent<Flash>(FLASH_EVENT, { detail: flash }));
}

/**
 * The product's messages (docs/product.md#messages) as a live region: rendered by the server so they show without JavaScript,
 * dismissed after four seconds (or by the close button) when JavaScript runs.
 */
export function FlashRegion({ flash }: { flash: Flash | null }) {
  const [shown, setShown] = useState(flash);
  // The close button only works with JavaScript, so it only appears then.
  const hydrated = useHydrated();
  useEffect(() => setShown(flash), [flash]);
  useEffect(() => {
    const onFlash = (event: Event) => setShown((event as CustomEvent<Flash>).detail);
    window.addEventListener(FLASH_EVENT, onFlash);
    return () => window.removeEventListener(FLASH_EVENT, onFlash);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), FLASH_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

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
