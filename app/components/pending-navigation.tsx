import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** How long a navigation may take before it says so (a quick one should not flash a spinner). */
const SHOW_AFTER_MS = 300;

/**
 * 'Loading...' with a spinner while a page (and the session behind it) is being loaded on a client
 * navigation (docs/product.md#home). Without JavaScript the browser's own indicator does this.
 */
export function PendingNavigation() {
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.formMethod === undefined;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) return setShown(false);
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);
  return (
    // A live region (announced when it fills) but not a second role="status": the flash region is the page's status.
    <div className="pending-navigation" aria-live="polite">
      {shown ? (
        <p className="pending-box">
          <span className="spinner" aria-hidden="true" />
          Loading...
        </p>
      ) : null}
    </div>
  );
}
